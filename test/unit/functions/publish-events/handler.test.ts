import { dueEventOfStreamRecord } from '#shared/adapters/dynamodb/outbox';
import type { OutboxConsumerDependencies } from '#shared/adapters/runtime/outbox-dependencies';
import type { EventBus } from '#shared/ports/event-bus';
import type { MessageQueue } from '#shared/ports/message-queue';
import type { OutboxStore } from '#shared/ports/outbox';
import { CONTEXT, failingPort, fakePort, functionEnvironment, streamEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: OutboxConsumerDependencies } = {};
jest.mock('#shared/adapters/runtime/outbox-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/outbox-dependencies'),
  outboxDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/publish-events/handler').handler;
beforeAll(async () => {
  functionEnvironment('publish-events');
  ({ handler } = await import('../../../../functions/publish-events/handler'));
});

/** The consumer's ports, none of them faked: a record that reaches one fails. */
function dependencies(dueEventOf: OutboxConsumerDependencies['dueEventOf']): OutboxConsumerDependencies {
  return {
    bus: fakePort<EventBus>(),
    appointmentTexts: fakePort<MessageQueue>(),
    widgetFollowups: fakePort<MessageQueue>(),
    outbox: fakePort<OutboxStore>(),
    now: () => new Date('2026-03-01T12:00:00.000Z'),
    dueEventOf,
  };
}

describe('publish-events', () => {
  it('passes over a record that makes no event due, publishing nothing', async () => {
    mockDependencies.current = dependencies(() => null);
    const result = await handler(streamEvent({ pk: { S: 'OUTBOX#1' } }), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
  });

  it('passes over an item of another shape: the outbox’s decoder finds no due event in it', async () => {
    mockDependencies.current = dependencies(dueEventOfStreamRecord);
    const result = await handler(streamEvent({ pk: { S: 'SOMETHING#else' }, sk: { N: '3' } }), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
  });

  it('reports the record as failed, so the stream retries it, when its dependencies fail', async () => {
    mockDependencies.current = failingPort<OutboxConsumerDependencies>();
    const result = await handler(streamEvent({ pk: { S: 'OUTBOX#1' } }), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: '100' }]);
  });
});

import type { AttributeValue } from 'aws-lambda';
import { dueEventOfStreamRecord, toOutboxItem } from '#shared/adapters/dynamodb/outbox';
import type { OutboxConsumerDependencies } from '#shared/adapters/runtime/outbox-dependencies';
import type { DomainEvent, EventBus } from '#shared/ports/event-bus';
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

const NOW = new Date('2026-03-01T12:00:00.000Z');

/** The consumer's ports, none of them faked: a record that reaches one fails. */
function dependencies(dueEventOf: OutboxConsumerDependencies['dueEventOf']): OutboxConsumerDependencies {
  return {
    bus: fakePort<EventBus>(),
    appointmentTexts: fakePort<MessageQueue>(),
    widgetFollowups: fakePort<MessageQueue>(),
    outbox: fakePort<OutboxStore>(),
    now: () => NOW,
    dueEventOf,
  };
}

/** The new image the outbox table's stream carries for an event made due (its attributes are all text). */
function dueImage(event: DomainEvent): Record<string, AttributeValue> {
  return Object.fromEntries(Object.entries(toOutboxItem(event)).map(([name, value]) => [name, { S: String(value) }]));
}

const leadCreated = (eventId: string): DomainEvent => ({
  type: 'lead.created',
  detail: { event_id: eventId, team_id: 4, lead_id: 9, data: { source: 'website' } },
});

/**
 * The consumer with a bus and an outbox that record what reaches them. The outbox holds `held` as
 * its due items (what the publisher reads back before sending) and forgets each once marked sent;
 * the bus refuses the events named.
 */
function recording(held: readonly DomainEvent[], refused: readonly string[] = []) {
  const published: DomainEvent[] = [];
  const marked: { eventId: string; at: Date; teamId: number | null }[] = [];
  const due = new Map(held.map((event) => [String(event.detail.event_id), event]));
  const deps: OutboxConsumerDependencies = {
    ...dependencies(dueEventOfStreamRecord),
    bus: fakePort<EventBus>({
      publish: async (events) => {
        if (events.some((event) => refused.includes(String(event.detail.event_id)))) throw new Error('bus refused');
        published.push(...events);
      },
    }),
    outbox: fakePort<OutboxStore>({
      dueEvent: async (eventId) => {
        const event = due.get(eventId);
        return event ? { eventId, type: event.type, detail: event.detail } : null;
      },
      markSent: async (eventId, at, teamId) => {
        marked.push({ eventId, at, teamId });
        due.delete(eventId);
      },
    }),
  };
  return { deps, published, marked };
}

describe('publish-events', () => {
  it('puts a due outbox item on the bus, its detail as written, and marks it sent in its team’s history', async () => {
    const { deps, published, marked } = recording([leadCreated('evt-1'), leadCreated('evt-2')]);
    mockDependencies.current = deps;
    const result = await handler(streamEvent(dueImage(leadCreated('evt-1')), dueImage(leadCreated('evt-2'))), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect(published).toEqual([leadCreated('evt-1'), leadCreated('evt-2')]);
    expect(marked).toEqual([
      { eventId: 'evt-1', at: NOW, teamId: 4 },
      { eventId: 'evt-2', at: NOW, teamId: 4 },
    ]);
  });

  it('stops at an event the bus refuses: it and every later record are reported, neither marked sent', async () => {
    const events = ['evt-1', 'evt-2', 'evt-3'].map((id) => leadCreated(id));
    const { deps, published, marked } = recording(events, ['evt-2']);
    mockDependencies.current = deps;
    const images = events.map((event) => dueImage(event));
    const result = await handler(streamEvent(...images), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: '101' }, { itemIdentifier: '102' }]);
    expect(published).toEqual([leadCreated('evt-1')]);
    expect(marked.map(({ eventId }) => eventId)).toEqual(['evt-1']);
  });

  it('reports an event published but not marked sent, so the retry publishes it again rather than losing it', async () => {
    const { deps, published } = recording([leadCreated('evt-1')]);
    const markFails: OutboxStore = {
      dueEvent: (eventId) => deps.outbox.dueEvent(eventId),
      markSent: () => Promise.reject(new Error('outbox unreachable')),
    };
    mockDependencies.current = { ...deps, outbox: markFails };
    const result = await handler(streamEvent(dueImage(leadCreated('evt-1'))), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: '100' }]);
    expect(published).toEqual([leadCreated('evt-1')]);
  });

  it('publishes the item as the outbox holds it now: one redacted since the record was written goes out redacted', async () => {
    const redacted: DomainEvent = { type: 'lead.created', detail: { event_id: 'evt-1', team_id: 4, lead_id: 9, redacted: true } };
    const { deps, published } = recording([redacted]);
    mockDependencies.current = deps;
    const result = await handler(streamEvent(dueImage(leadCreated('evt-1'))), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect(published).toEqual([redacted]);
  });

  it('publishes nothing for a record read again after its event went out', async () => {
    const { deps, published, marked } = recording([]);
    mockDependencies.current = deps;
    const result = await handler(streamEvent(dueImage(leadCreated('evt-1'))), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect({ published, marked }).toEqual({ published: [], marked: [] });
  });

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

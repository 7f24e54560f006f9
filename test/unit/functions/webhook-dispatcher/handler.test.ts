import type { webhookDispatcherDependencies } from '#shared/adapters/runtime/webhook-dispatcher-dependencies';
import { deliveryIdFor } from '#shared/domain/webhooks/deliveries';
import { generateSecret, SecretBox, signPayload } from '#shared/domain/webhooks/signing';
import type { OutboxHistory } from '#shared/ports/outbox';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import { webhookSubscription } from '../../../support/factories';
import { CONTEXT, failingPort, fakePort, functionEnvironment, sqsEvent } from '../../../support/handler-harness';
import { RecordingQueue } from '../../../support/intake-fakes';
import { memoryWebhooks, recordingSender } from '../../../support/webhook-fakes';

type Dependencies = Awaited<ReturnType<ReturnType<typeof webhookDispatcherDependencies>>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/webhook-dispatcher-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/webhook-dispatcher-dependencies'),
  webhookDispatcherDependencies: () => async () => mockDependencies.current,
}));

const MESSAGE = { kind: 'webhook-attempt', team_id: 1, webhook_id: 'wh_test', delivery_id: 'msg_1', attempt: 1 };
const NOW = new Date('2026-03-01T12:00:00.000Z');
let handler: typeof import('../../../../functions/webhook-dispatcher/handler').handler;
beforeAll(async () => {
  functionEnvironment('webhook-dispatcher');
  ({ handler } = await import('../../../../functions/webhook-dispatcher/handler'));
});

const box = new SecretBox('test-sealing-key');
const secret = generateSecret();
const subscription = webhookSubscription({
  secrets: [{ sealed: box.seal(secret, 'wh_test'), createdAt: NOW.toISOString(), expiresAt: null }],
});
/** The event the rule forwards: a lead of team 1 created. */
const leadCreated = { id: 'eb-1', 'detail-type': 'lead.created', detail: { event_id: 'evt-1', team_id: 1, lead_id: 42 } };
const DELIVERY_ID = deliveryIdFor('evt-1', 'wh_test');
const attempt = (n: number) => ({ kind: 'webhook-attempt', team_id: 1, webhook_id: 'wh_test', delivery_id: DELIVERY_ID, attempt: n });

/** The dispatcher over team 1's subscription in memory, a receiver answering `statusCode`, and a recording queue. */
function dispatcher(statusCode: number | null = 200) {
  const webhooks = memoryWebhooks([subscription, webhookSubscription({ id: 'wh_other_team', teamId: 2 })]);
  const receiver = recordingSender(statusCode);
  const queue = new RecordingQueue();
  const deps: Dependencies = {
    store: webhooks.store,
    history: fakePort<OutboxHistory>(),
    queue,
    scheduler: fakePort<OneTimeScheduler>(),
    sender: receiver.sender,
    box,
    retrySchedule: [60, 300],
    now: () => NOW,
  };
  return { deps, webhooks, receiver, queue };
}

describe('webhook-dispatcher', () => {
  it('fans an event out to its team’s subscriptions: a delivery stored and its first attempt queued', async () => {
    const { deps, webhooks, queue } = dispatcher();
    mockDependencies.current = deps;
    const result = await handler(sqsEvent(leadCreated), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect([...webhooks.deliveries.keys()]).toEqual([DELIVERY_ID]);
    expect(JSON.parse(webhooks.deliveries.get(DELIVERY_ID)?.payload ?? '')).toEqual(leadCreated.detail);
    expect(queue.sent.map((m) => m.body)).toEqual([attempt(1)]);
  });

  it('posts a delivery’s body signed with the subscription’s secret and records it succeeded', async () => {
    const { deps, webhooks, receiver } = dispatcher(200);
    mockDependencies.current = deps;
    await handler(sqsEvent(leadCreated), CONTEXT);
    const result = await handler(sqsEvent(attempt(1)), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    const body = JSON.stringify(leadCreated.detail);
    const timestamp = Math.floor(NOW.getTime() / 1000);
    expect(receiver.requests).toEqual([
      {
        url: 'https://hooks.example.com/in',
        body,
        headers: expect.objectContaining({
          'content-type': 'application/json',
          'webhook-id': DELIVERY_ID,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signPayload(secret, DELIVERY_ID, timestamp, body),
        }),
      },
    ]);
    expect(webhooks.deliveries.get(DELIVERY_ID)).toMatchObject({
      state: 'succeeded',
      attempts: [{ attempt: 1, statusCode: 200, error: null }],
    });
  });

  it('posts nothing again when an attempt already recorded is delivered again', async () => {
    const { deps, receiver } = dispatcher(200);
    mockDependencies.current = deps;
    await handler(sqsEvent(leadCreated), CONTEXT);
    await handler(sqsEvent(attempt(1)), CONTEXT);
    const again = await handler(sqsEvent(attempt(1)), CONTEXT);
    expect(again.batchItemFailures).toEqual([]);
    expect(receiver.requests).toHaveLength(1);
  });

  it('records a refused attempt, marks the subscription failing and queues the next attempt after the first retry delay', async () => {
    const { deps, webhooks, queue } = dispatcher(500);
    mockDependencies.current = deps;
    await handler(sqsEvent(leadCreated), CONTEXT);
    const result = await handler(sqsEvent(attempt(1)), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect(webhooks.deliveries.get(DELIVERY_ID)).toMatchObject({ state: 'pending', nextAttempt: 2, attempts: [{ statusCode: 500 }] });
    expect(webhooks.failing.get('wh_test')).toBe(NOW.toISOString());
    const retry = queue.sent.at(-1);
    expect(retry?.body).toEqual(attempt(2));
    expect(retry?.delaySeconds).toBeGreaterThanOrEqual(54);
    expect(retry?.delaySeconds).toBeLessThanOrEqual(66);
  });

  it('reports an attempt failed, so SQS brings it back, while another receive is sending it', async () => {
    const { deps, receiver } = dispatcher(200);
    mockDependencies.current = deps;
    await handler(sqsEvent(leadCreated), CONTEXT);
    await deps.store.claimAttempt('wh_test', DELIVERY_ID, 1, NOW);
    const result = await handler(sqsEvent(attempt(1)), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
    expect(receiver.requests).toEqual([]);
  });

  it('reports a message that is neither an event, an attempt nor a replay as failed, reaching nothing', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent({ kind: 'something-else' }), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });

  it('reports a message that does not parse as failed, without reaching its dependencies', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent('not json'), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });

  it('reports the message as failed, so SQS retries it, when its dependencies fail', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });
});

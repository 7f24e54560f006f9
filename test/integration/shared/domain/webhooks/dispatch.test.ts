import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoOutboxStore } from '#shared/adapters/dynamodb/outbox';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoWebhookStore } from '#shared/adapters/dynamodb/webhook-store';
import { HttpWebhookSender } from '#shared/adapters/http/webhook-sender';
import { redactedEventDetail } from '#shared/domain/data-subject-deletions/redacted-event';
import { mentionsSubject } from '#shared/domain/data-subject-deletions/request';
import type { Team } from '#shared/domain/tenancy';
import { attemptMessage, deliveryIdFor } from '#shared/domain/webhooks/deliveries';
import { type DispatchDeps, fanOut, runAttempt } from '#shared/domain/webhooks/dispatch';
import { isWebhookEventType, WEBHOOK_EVENT_TYPES } from '#shared/domain/webhooks/model';
import { SecretBox } from '#shared/domain/webhooks/signing';
import { createSubscription } from '#shared/domain/webhooks/subscriptions';
import { webhookDisabled } from '#shared/events/webhook-events';
import type { QueueMessage } from '#shared/ports/message-queue';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { outboxEventExamples } from '../../../../support/event-examples';
import { eventViolations } from '../../../../support/event-schemas';
import { dueEvents } from '../../../../support/outbox';
import { verifyWith, WebhookReceiver } from '../../../../support/webhook-receiver';

let dynamo: LocalDynamo;
let store: DynamoWebhookStore;
let receiver: WebhookReceiver;
const box = new SecretBox('test key');
let teamCounter = 9000;

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoWebhookStore(getDocumentClient(), physicalTableName('webhooks'), physicalTableName('outbox'));
  receiver = await new WebhookReceiver().start();
});
afterAll(async () => {
  await receiver.stop();
  await dynamo.stop();
});

function team(): Team {
  const id = ++teamCounter;
  return {
    id,
    name: `T${id}`,
    timezone: 'UTC',
    isTest: false,
    enterpriseId: 1,
    workspaceId: `ws_${id}`,
    createdAt: '2026-01-01T00:00:00Z',
  };
}

/** Dependencies with an in-memory queue and scheduler that record what they were given. */
function harness(options: { allowPrivate?: boolean; now?: () => Date } = {}) {
  const sent: QueueMessage[] = [];
  const scheduled: { name: string; at: Date }[] = [];
  const deps: DispatchDeps = {
    store,
    history: new DynamoOutboxStore(getDocumentClient(), physicalTableName('outbox')),
    queue: { send: async (m) => void sent.push(...m) },
    scheduler: { scheduleMessage: async (s) => void scheduled.push({ name: s.name, at: s.at }), cancel: async () => undefined },
    sender: new HttpWebhookSender({ allowPrivate: options.allowPrivate ?? true, timeoutMs: 2000 }),
    box,
    retrySchedule: [5, 300, 1800, 7200],
    now: options.now ?? (() => new Date()),
  };
  return { deps, sent, scheduled };
}

function leadCreated(t: Team, eventId: string) {
  return {
    id: `env-${eventId}`,
    'detail-type': 'lead.created',
    detail: { event: 'lead.created', event_id: eventId, team_id: t.id, lead_id: 1 },
  };
}

async function subscribed(t: Team, path: string, allowPrivate = true) {
  return createSubscription(
    { store, box, allowPrivateTargets: allowPrivate },
    t,
    { url: receiver.url(path), events: ['lead.created'] },
    new Date(),
    { kind: 'system' },
  );
}

describe('webhook dispatcher (embedded DynamoDB, real HTTP receiver)', () => {
  it('fans an event redelivered by SQS out to one delivery per subscription, and sends each once', async () => {
    const t = team();
    const a = await subscribed(t, '/fan-a');
    await subscribed(t, '/fan-b');
    const { deps, sent } = harness();

    expect(await fanOut(deps, leadCreated(t, 'e-1'))).toBe(2);
    // The same event again: no new delivery; the unclaimed first attempts are queued again (harmless).
    expect(await fanOut(deps, leadCreated(t, 'e-1'))).toBe(2);
    expect(new Set(sent.map((m) => JSON.stringify(m.body))).size).toBe(2);

    // Every attempt message delivered twice (SQS at least once): one POST per subscription.
    for (const message of [...sent, ...sent]) await runAttempt(deps, message.body as never);
    expect(await fanOut(deps, leadCreated(t, 'e-1'))).toBe(0);
    expect(receiver.on('/fan-a')).toHaveLength(1);
    expect(receiver.on('/fan-b')).toHaveLength(1);
    const [request] = receiver.on('/fan-a');
    expect(request?.headers['webhook-id']).toBe(deliveryIdFor('e-1', a.subscription.id));
    expect(verifyWith(a.secret, request as NonNullable<typeof request>)).toMatchObject({ event_id: 'e-1' });
  });

  it('delivers every redacted event once, as published, to a subscriber of its type: integrators learn it happened', async () => {
    const t = team();
    const person = { name: 'Lee Marsh', phone: '+13125550155', written: '312.555.0155', email: 'lee@example.com' };
    const subject = { phone: person.phone, email: person.email };
    const hook = await createSubscription(
      { store, box, allowPrivateTargets: true },
      t,
      { url: receiver.url('/redacted'), events: [...WEBHOOK_EVENT_TYPES] },
      new Date(),
      { kind: 'system' },
    );
    const { deps, sent } = harness();
    const redacted = outboxEventExamples(person, t.id)
      .filter((e) => isWebhookEventType(e.type))
      .map((e) => ({ type: e.type, detail: redactedEventDetail(e.detail, subject) }));
    expect(redacted.map((e) => e.type).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const e of [...redacted, ...redacted]) {
      await fanOut(deps, { id: `env-${String(e.detail.event_id)}`, 'detail-type': e.type, detail: e.detail });
    }
    for (const message of [...sent, ...sent]) expect(await runAttempt(deps, message.body as never)).toBe('done');

    // What the integrator verified and parsed off the wire.
    const received = receiver.on('/redacted').map((request) => verifyWith(hook.secret, request) as Record<string, unknown>);
    expect(received).toHaveLength(WEBHOOK_EVENT_TYPES.length);
    for (const body of received) {
      const event = { type: String(body.event), detail: body };
      expect(body).toMatchObject({ redacted: true });
      expect(eventViolations(event)).toEqual([]);
      expect(mentionsSubject(JSON.stringify(body), subject)).toBe(false);
    }
  });

  it('sends nothing twice when the dispatcher stopped between sending and recording: the attempt is recorded as unknown and retried', async () => {
    const t = team();
    const hook = await subscribed(t, '/crash');
    const start = new Date('2026-11-01T10:00:00Z');
    const { deps, sent } = harness({ now: () => start });
    await fanOut(deps, leadCreated(t, 'e-crash'));
    const deliveryId = deliveryIdFor('e-crash', hook.subscription.id);
    // A receive that claimed attempt 1, (maybe) sent it, and died before recording.
    expect(await store.claimAttempt(hook.subscription.id, deliveryId, 1, start)).toBe('claimed');

    // Redelivered at once: the claim is fresh, the message comes back later; nothing is sent.
    expect(await runAttempt(deps, sent[0]?.body as never)).toBe('retry');
    // Redelivered after the grace: in doubt, recorded without sending, retry 2 queued.
    const later = harness({ now: () => new Date(start.getTime() + 60_000) });
    expect(await runAttempt(later.deps, sent[0]?.body as never)).toBe('done');
    expect(receiver.on('/crash')).toHaveLength(0);
    const delivery = await store.getDelivery(hook.subscription.id, deliveryId);
    expect(delivery?.attempts).toEqual([
      expect.objectContaining({ attempt: 1, statusCode: null, error: 'outcome unknown: the dispatcher stopped during this attempt' }),
    ]);
    expect(later.sent.map((m) => m.body)).toEqual([attemptMessage(delivery as NonNullable<typeof delivery>, 2)]);
    expect(later.sent[0]?.delaySeconds).toBeGreaterThanOrEqual(4);

    // Attempt 2, delivered twice: one POST, same webhook-id.
    for (let i = 0; i < 2; i++) await runAttempt(later.deps, later.sent[0]?.body as never);
    expect(receiver.on('/crash').map((r) => r.headers['webhook-id'])).toEqual([deliveryId]);
    expect((await store.getDelivery(hook.subscription.id, deliveryId))?.state).toBe('succeeded');
  });

  it('queues the next attempt again when the dispatcher stopped between recording and queueing it', async () => {
    const t = team();
    const hook = await subscribed(t, '/requeue');
    receiver.answer('/requeue', 503);
    const { deps, sent } = harness();
    await fanOut(deps, leadCreated(t, 'e-requeue'));
    const first = sent[0]?.body as never;
    await runAttempt(deps, first);
    expect(sent).toHaveLength(2);
    // The first message comes back (its delete was lost): the retry is queued again, nothing is sent.
    await runAttempt(deps, first);
    expect(sent).toHaveLength(3);
    expect(sent[2]?.body).toEqual(sent[1]?.body);
    expect(receiver.on('/requeue')).toHaveLength(1);
    expect(hook.subscription.id).toBeDefined();
  });

  it('hands retries beyond 15 minutes to the one-time scheduler', async () => {
    const t = team();
    const hook = await subscribed(t, '/late');
    receiver.answer('/late', 500, 500);
    const { deps, sent, scheduled } = harness();
    await fanOut(deps, leadCreated(t, 'e-late'));
    await runAttempt(deps, sent[0]?.body as never);
    await runAttempt(deps, sent[1]?.body as never);
    // Retry 2 is due ~300 s later (SQS delay); retry 3 ~1800 s later (the scheduler).
    expect(sent[1]?.delaySeconds).toBeLessThanOrEqual(6);
    expect(sent[2]?.delaySeconds).toBeGreaterThan(200);
    await runAttempt(deps, sent[2]?.body as never);
    const deliveryId = deliveryIdFor('e-late', hook.subscription.id);
    expect(scheduled).toEqual([]);
    const delivery = await store.getDelivery(hook.subscription.id, deliveryId);
    expect(delivery?.state).toBe('succeeded');

    receiver.answer('/late', 500, 500, 500);
    await fanOut(deps, leadCreated(t, 'e-later'));
    const id2 = deliveryIdFor('e-later', hook.subscription.id);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await runAttempt(deps, attemptMessage({ teamId: t.id, webhookId: hook.subscription.id, id: id2 }, attempt) as never);
    }
    expect(scheduled).toEqual([{ name: `webhook-${id2}-4`, at: expect.any(Date) }]);
  });

  it('refuses a private address in stack mode, at every send, without connecting', async () => {
    const t = team();
    // Subscribed while private targets were allowed; the stack's dispatcher still refuses to send.
    const hook = await subscribed(t, '/private');
    const { deps, sent } = harness({ allowPrivate: false });
    await fanOut(deps, leadCreated(t, 'e-private'));
    await runAttempt(deps, sent[0]?.body as never);
    expect(receiver.on('/private')).toHaveLength(0);
    const delivery = await store.getDelivery(hook.subscription.id, deliveryIdFor('e-private', hook.subscription.id));
    expect(delivery?.attempts[0]).toMatchObject({ statusCode: null, error: 'url: must use https' });

    const https = await new HttpWebhookSender({ allowPrivate: false }).send({ url: 'https://127.0.0.1:1/x', headers: {}, body: '{}' });
    expect(https.error).toMatch(/private, loopback, link-local or metadata/);
    const metadata = await new HttpWebhookSender({ allowPrivate: false }).send({
      url: 'https://169.254.169.254/latest',
      headers: {},
      body: '{}',
    });
    expect(metadata).toMatchObject({ statusCode: null });
    const localhost = await new HttpWebhookSender({ allowPrivate: false }).send({ url: 'https://localhost/x', headers: {}, body: '{}' });
    expect(localhost.error).toBe('url: must name a public host');
  });

  it('disables a subscription failing for three days with webhook.disabled due once in the same write', async () => {
    const t = team();
    const hook = await subscribed(t, '/down');
    receiver.answer('/down', 500, 500);
    const t0 = new Date('2026-11-01T00:00:00Z');
    const first = harness({ now: () => t0 });
    await fanOut(first.deps, leadCreated(t, 'e-down-1'));
    await runAttempt(first.deps, first.sent[0]?.body as never);
    expect((await store.getSubscription(t.id, hook.subscription.id))?.failingSince).toBe(t0.toISOString());

    const t3 = new Date(t0.getTime() + 3 * 24 * 3600 * 1000 + 1000);
    const later = harness({ now: () => t3 });
    await fanOut(later.deps, leadCreated(t, 'e-down-2'));
    await runAttempt(later.deps, later.sent[0]?.body as never);
    const subscription = await store.getSubscription(t.id, hook.subscription.id);
    expect(subscription).toMatchObject({ status: 'disabled', disabledReason: 'Every delivery failed for three days' });
    const disabled = (e: { detail: Record<string, unknown> }) => e.detail.webhook_id === hook.subscription.id;
    expect((await dueEvents(disabled)).map((e) => [e.type, e.detail])).toEqual([
      [
        'webhook.disabled',
        {
          event: 'webhook.disabled',
          event_id: expect.any(String),
          occurred_at: t3.toISOString(),
          team_id: t.id,
          webhook_id: hook.subscription.id,
          url: hook.subscription.url,
          reason: 'Every delivery failed for three days',
        },
      ],
    ]);
    // Disabling it again (a redelivered attempt) changes nothing and makes nothing due.
    const again = webhookDisabled(hook.subscription, 'again', new Date());
    expect(await store.disableSubscription(t.id, hook.subscription.id, 'again', [again])).toBe(false);
    expect(await dueEvents(disabled)).toHaveLength(1);
  });
});

import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoOutboxStore, outboxPuts } from '#shared/adapters/dynamodb/outbox';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoWebhookStore } from '#shared/adapters/dynamodb/webhook-store';
import type { Team } from '#shared/domain/tenancy';
import { isReplayMessage, REPLAY_PAGE_SIZE, type ReplayDeps, runReplay, startReplay } from '#shared/domain/webhooks/replay';
import { SecretBox } from '#shared/domain/webhooks/signing';
import { createSubscription } from '#shared/domain/webhooks/subscriptions';
import type { QueueMessage } from '#shared/ports/message-queue';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';

let dynamo: LocalDynamo;
let store: DynamoWebhookStore;
let outbox: DynamoOutboxStore;
const box = new SecretBox('test key');
let teamCounter = 9500;
const NOW = new Date();

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoWebhookStore(getDocumentClient(), physicalTableName('webhooks'), physicalTableName('outbox'));
  outbox = new DynamoOutboxStore(getDocumentClient(), physicalTableName('outbox'));
});
afterAll(() => dynamo.stop());

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

/** Events written due and marked sent at `at` (what publish-events does), for `t`. */
async function published(t: Team, type: string, count: number, at: Date) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const eventId = `evt_${t.id}_${type}_${at.getTime()}_${i}`;
    const event = { type, detail: { event: type, event_id: eventId, team_id: t.id, lead_id: i } };
    await getDocumentClient().send(new TransactWriteCommand({ TransactItems: outboxPuts([event]) }));
    await outbox.markSent(eventId, new Date(at.getTime() + i), t.id);
    ids.push(eventId);
  }
  return ids;
}

function harness() {
  const sent: QueueMessage[] = [];
  const deps: ReplayDeps = { store, history: outbox, queue: { send: async (m) => void sent.push(...m) }, now: () => new Date() };
  return { deps, sent, attempts: () => sent.filter((m) => m.body.kind === 'webhook-attempt') };
}

async function subscribed(t: Team, events: ('lead.created' | 'call.processed')[] = ['lead.created']) {
  const { subscription } = await createSubscription(
    { store, box, allowPrivateTargets: true },
    t,
    { url: 'https://hooks.example.com/in', events },
    NOW,
    { kind: 'system' },
  );
  return subscription;
}

/** Runs the replay's queued messages (and the continuations they queue) to the end. */
async function drain(deps: ReplayDeps, sent: QueueMessage[]) {
  for (let i = 0; i < sent.length; i++) {
    const body = sent[i]?.body;
    if (isReplayMessage(body)) await runReplay(deps, body);
  }
}

describe('webhook replay (embedded DynamoDB)', () => {
  it('delivers again every event of the range and types, once each, marked replay: true', async () => {
    const t = team();
    const subscription = await subscribed(t, ['lead.created', 'call.processed']);
    const dayAgo = new Date(NOW.getTime() - 86_400_000);
    const inRange = await published(t, 'lead.created', REPLAY_PAGE_SIZE + 30, dayAgo);
    await published(t, 'call.processed', 3, dayAgo);
    await published(t, 'lead.created', 2, new Date(NOW.getTime() - 3 * 86_400_000));
    await published(team(), 'lead.created', 2, dayAgo);
    const { deps, sent, attempts } = harness();

    const replay = await startReplay(
      deps,
      t,
      subscription.id,
      { since: new Date(dayAgo.getTime() - 1000).toISOString(), types: ['lead.created'] },
      { now: new Date(), actor: { kind: 'system' } },
    );
    expect(replay.status).toBe('queued');
    await drain(deps, sent);

    const done = await store.getReplay(subscription.id, replay.id);
    expect(done).toMatchObject({ status: 'completed', eventsFound: inRange.length, completedAt: expect.any(String) });
    expect(attempts()).toHaveLength(inRange.length);
    const deliveries = await Promise.all(attempts().map((m) => store.getDelivery(subscription.id, String(m.body.delivery_id))));
    expect(new Set(deliveries.map((d) => d?.eventId))).toEqual(new Set(inRange));
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ replayId: replay.id, eventType: 'lead.created', state: 'pending' });
      expect(JSON.parse(delivery?.payload ?? '{}')).toMatchObject({ replay: true, team_id: t.id, event: 'lead.created' });
    }
  });

  it('resumes after a crash without making or counting any event twice', async () => {
    const t = team();
    const subscription = await subscribed(t);
    const hourAgo = new Date(NOW.getTime() - 3_600_000);
    const events = await published(t, 'lead.created', REPLAY_PAGE_SIZE + 5, hourAgo);
    const { deps, sent, attempts } = harness();
    const replay = await startReplay(
      deps,
      t,
      subscription.id,
      { since: hourAgo.toISOString() },
      { now: new Date(), actor: { kind: 'system' } },
    );
    const message = sent.find((m) => isReplayMessage(m.body))?.body;
    if (!isReplayMessage(message)) throw new Error('no replay message queued');

    // The first receive stops after storing its first page's deliveries, before recording it.
    let failed = false;
    const crashing: ReplayDeps = {
      ...deps,
      store: Object.assign(Object.create(store) as DynamoWebhookStore, {
        advanceReplay: async () => {
          failed = true;
          throw new Error('stopped');
        },
      }),
    };
    await expect(runReplay(crashing, message)).rejects.toThrow('stopped');
    expect(failed).toBe(true);
    // The queue delivers the message again, twice (a duplicate too).
    await runReplay(deps, message);
    await runReplay(deps, message);

    expect(await store.getReplay(subscription.id, replay.id)).toMatchObject({ status: 'completed', eventsFound: events.length });
    const ids = new Set(attempts().map((m) => m.body.delivery_id));
    expect(ids.size).toBe(events.length);
  });

  it('refuses a range beyond the history, an empty range and types the webhook does not take, naming the field', async () => {
    const t = team();
    const subscription = await subscribed(t);
    const { deps } = harness();
    const ask = (input: { since: string; until?: string; types?: ('lead.created' | 'call.processed')[] }) =>
      startReplay(deps, t, subscription.id, input, { now: NOW, actor: { kind: 'system' } });
    await expect(ask({ since: new Date(NOW.getTime() - 31 * 86_400_000).toISOString() })).rejects.toMatchObject({ field: 'since' });
    await expect(ask({ since: NOW.toISOString(), until: new Date(NOW.getTime() - 1000).toISOString() })).rejects.toMatchObject({
      field: 'until',
    });
    await expect(ask({ since: new Date(NOW.getTime() - 1000).toISOString(), types: ['call.processed'] })).rejects.toMatchObject({
      field: 'types',
    });
    await expect(
      startReplay(deps, team(), subscription.id, { since: NOW.toISOString() }, { now: NOW, actor: { kind: 'system' } }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});

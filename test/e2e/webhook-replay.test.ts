import { type LocalService, startLocalService } from '../../local/cli/service';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';
import { verifyWith, WebhookReceiver } from '../support/webhook-receiver';

process.env.LOG_LEVEL = 'silent';
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
process.env.WEBHOOK_RETRY_SCHEDULE_SECONDS = '0.2,0.2,0.2';

type Json = Record<string, unknown>;

let service: LocalService;
let fixture: TenancyFixture;
let receiver: WebhookReceiver;
/** Reaches `own` and `sibling`, with webhooks, leads and the audit log. */
let key: string;

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, queueVisibilityTimeoutSeconds: 0.05 });
  fixture = await createTenancyFixture();
  receiver = await new WebhookReceiver().start();
  key = await fixture.createKey('enterprise_all_teams', ['write:webhooks', 'write:leads', 'read:audit_log']);
});
afterAll(async () => {
  await service?.stop();
  await receiver?.stop();
});

async function call(method: string, path: string, options: { body?: unknown; workspace?: string; headers?: Json } = {}) {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      'x-workspace-id': options.workspace ?? fixture.teams.own.workspaceId,
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.headers as Record<string, string> | undefined),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function ingest(i: number) {
  const response = await fetch(`${service.url}/api/outbound/speed-to-lead/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-team-id': String(fixture.teams.own.id) },
    body: JSON.stringify({
      name: `Replay ${i}`,
      phone: `+1212555${String(1000 + i)}`,
      service_type: 'AC repair',
      external_id: `replay-${i}`,
    }),
  });
  expect(response.status).toBe(201);
}

describe('webhook replay through the local gateway', () => {
  let hook: { id: string; secret: string };
  const dayAgo = () => new Date(Date.now() - 86_400_000).toISOString();

  beforeAll(async () => {
    const created = await call('POST', '/v1/webhooks', { body: { url: receiver.url('/replayed'), events: ['lead.created'] } });
    expect(created.status).toBe(201);
    hook = { id: String((created.body.data as Json).id), secret: String((created.body.data as Json).secret) };
    for (let i = 0; i < 3; i++) await ingest(i);
    await receiver.waitFor('/replayed', 3);
  });

  it('redelivers a day of events, signed, marked replay: true, once each, with its progress and its audit entry', async () => {
    const live = receiver.on('/replayed').map((r) => verifyWith(hook.secret, r) as Json);
    const replay = await call('POST', `/v1/webhooks/${hook.id}/replay`, { body: { since: dayAgo() } });
    expect(replay.status).toBe(202);
    const replayData = replay.body.data as Json;
    expect(replayData).toMatchObject({ webhook_id: hook.id, status: 'queued', types: ['lead.created'], events_found: 0 });

    const got = await receiver.waitFor('/replayed', 6);
    const replayed = got.slice(3).map((r) => ({ body: verifyWith(hook.secret, r) as Json, id: r.headers['webhook-id'] }));
    expect(replayed.map((r) => r.body.replay)).toEqual([true, true, true]);
    expect(replayed.map((r) => r.body.event_id).sort()).toEqual(live.map((e) => e.event_id).sort());
    expect(new Set(replayed.map((r) => r.id)).size).toBe(3);
    expect(live.every((e) => e.replay === undefined)).toBe(true);

    const status = await until(
      () => call('GET', `/v1/webhooks/${hook.id}/replays/${String(replayData.id)}`),
      (r) => (r.body.data as Json | undefined)?.events_delivered === 3,
    );
    expect(status.body.data).toMatchObject({ status: 'completed', events_found: 3, events_delivered: 3, completed_at: expect.any(String) });
    const log = (await call('GET', `/v1/webhooks/${hook.id}/deliveries`)).body.data as Json[];
    expect(log.filter((d) => d.replay_id === replayData.id)).toHaveLength(3);
    expect(log.filter((d) => d.replay_id === null)).toHaveLength(3);

    const audit = await call('GET', `/api/v1/audit-log?team_id=${fixture.teams.own.id}&action=webhook.replayed`, {});
    expect(audit.status).toBe(200);
    expect((audit.body.data as Json[]).map((e) => (e.target as Json).id)).toEqual([hook.id]);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.on('/replayed')).toHaveLength(6);
  });

  it('answers a repeated Idempotency-Key with the same replay and replays nothing more', async () => {
    const headers = { 'idempotency-key': `replay-${Date.now()}` };
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const first = await call('POST', `/v1/webhooks/${hook.id}/replay`, { body: { since }, headers });
    const second = await call('POST', `/v1/webhooks/${hook.id}/replay`, { body: { since }, headers });
    expect(first.status).toBe(202);
    expect((second.body.data as Json).id).toBe((first.body.data as Json).id);
    await receiver.waitFor('/replayed', 9);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.on('/replayed')).toHaveLength(9);
  });

  it('refuses a range beyond 30 days, an empty range and foreign types with a 400 naming the field', async () => {
    const ask = (body: Json) => call('POST', `/v1/webhooks/${hook.id}/replay`, { body });
    const old = await ask({ since: new Date(Date.now() - 31 * 86_400_000).toISOString() });
    expect([old.status, old.body.field]).toEqual([400, 'since']);
    const empty = await ask({ since: dayAgo(), until: dayAgo() });
    expect([empty.status, empty.body.field]).toEqual([400, 'until']);
    const foreign = await ask({ since: dayAgo(), types: ['call.processed'] });
    expect([foreign.status, foreign.body.field]).toEqual([400, 'types']);
    const malformed = await ask({ since: 'yesterday' });
    expect([malformed.status, malformed.body.field]).toEqual([400, 'since']);
  });

  it('answers 404 for another workspace’s webhook and replay', async () => {
    const sibling = fixture.teams.sibling.workspaceId;
    const replay = await call('POST', `/v1/webhooks/${hook.id}/replay`, { body: { since: dayAgo() }, workspace: sibling });
    expect(replay.status).toBe(404);
    const mine = await call('POST', `/v1/webhooks/${hook.id}/replay`, {
      body: { since: new Date().toISOString(), until: new Date(Date.now() + 1000).toISOString() },
    });
    const status = await call('GET', `/v1/webhooks/${hook.id}/replays/${String((mine.body.data as Json).id)}`, { workspace: sibling });
    expect(status.status).toBe(404);
  });
});

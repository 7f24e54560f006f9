import { createApiKey } from '#shared/domain/key-service';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';

type Json = Record<string, unknown>;

let service: LocalService;
let fixture: TenancyFixture;
/** Created through the key service as the admin CLI does, so its creation is on the log. */
let key: string;
let keyId: string;
let outsider: string;
let noAuditLog: string;

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false });
  fixture = await createTenancyFixture();
  const created = await createApiKey(
    fixture.store,
    {
      name: 'Audited',
      type: 'enterprise_all_teams',
      anchorTeamId: fixture.teams.own.id,
      permissions: ['write:webhooks', 'read:audit_log'],
    },
    { actor: { kind: 'operator', osUser: 'ops' } },
  );
  key = created.plaintext;
  keyId = created.record.keyId;
  outsider = await fixture.createKey('enterprise_all_teams', ['read:audit_log'], { team: fixture.teams.outsider });
  noAuditLog = await fixture.createKey('enterprise_all_teams', ['write:webhooks']);
});
afterAll(async () => {
  await service?.stop();
});

async function call(method: string, path: string, options: { body?: unknown; key?: string } = {}) {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${options.key ?? key}`,
      'x-workspace-id': fixture.teams.own.workspaceId,
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
}

describe('GET /api/v1/audit-log', () => {
  it('lists the key’s creation by the operator and the webhook it created, newest first', async () => {
    const webhook = await call('POST', '/v1/webhooks', { body: { url: 'https://hooks.example.com/audit', events: ['lead.created'] } });
    expect(webhook.status).toBe(201);
    const webhookId = (webhook.body.data as Json).id as string;

    const res = await call('GET', '/api/v1/audit-log?limit=50');

    expect(res.status).toBe(200);
    const entries = res.body.data as Json[];
    const mine = entries.filter((e) => [keyId, webhookId].includes((e.target as Json).id as string));
    expect(mine.map((e) => e.action)).toEqual(['webhook.created', 'key.created']);
    expect(mine[0]).toMatchObject({
      actor: { type: 'key', key_id: keyId, os_user: null },
      target: { type: 'webhook', id: webhookId },
      enterprise_id: fixture.teams.own.enterpriseId,
      team_ids: [fixture.teams.own.id],
      detail: { events: ['lead.created'] },
    });
    expect(mine[1]).toMatchObject({ actor: { type: 'operator', key_id: null, os_user: 'ops' }, target: { type: 'api_key', id: keyId } });
    expect(JSON.stringify(mine)).not.toContain('hooks.example.com');
  });

  it('filters by action and by time, and pages with a cursor', async () => {
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const res = await call('GET', `/api/v1/audit-log?action=key.created&start_date=${since}&limit=1`);

    expect(res.status).toBe(200);
    expect((res.body.data as Json[]).every((e) => e.action === 'key.created')).toBe(true);
    const future = await call('GET', `/api/v1/audit-log?start_date=${new Date(Date.now() + 3_600_000).toISOString()}`);
    expect(future.body.data).toEqual([]);
    // The key's creation and its webhook's: two entries, so a page of one has a next page.
    const first = await call('GET', `/api/v1/audit-log?start_date=${since}&limit=1`);
    const cursor = String((first.body.pagination as Json).cursor);
    const next = await call('GET', `/api/v1/audit-log?start_date=${since}&limit=1&cursor=${encodeURIComponent(cursor)}`);
    expect(next.status).toBe(200);
    expect((next.body.data as Json[])[0]?.entry_id).not.toBe((first.body.data as Json[])[0]?.entry_id);
  });

  it('shows another enterprise nothing of these changes', async () => {
    const res = await call('GET', '/api/v1/audit-log?limit=500', { key: outsider });

    expect(res.status).toBe(200);
    const ids = (res.body.data as Json[]).map((e) => (e.target as Json).id);
    expect(ids).not.toContain(keyId);
    expect((res.body.data as Json[]).every((e) => e.enterprise_id === fixture.teams.outsider.enterpriseId)).toBe(true);
  });

  it('answers 403 to a key without read:audit_log', async () => {
    expect((await call('GET', '/api/v1/audit-log', { key: noAuditLog })).status).toBe(403);
  });

  it('answers 400 naming the field for an unknown action or a reversed range', async () => {
    const action = await call('GET', '/api/v1/audit-log?action=key.deleted');
    expect(action.status).toBe(400);
    expect(String(action.body.message)).toContain('action');
    const range = await call('GET', '/api/v1/audit-log?start_date=2026-02-02T00:00:00Z&end_date=2026-02-01T00:00:00Z');
    expect(range.status).toBe(400);
    expect(String(range.body.message)).toContain('start_date');
  });
});

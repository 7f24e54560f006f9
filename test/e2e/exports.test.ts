import { gunzipSync } from 'node:zlib';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { Team } from '#shared/domain/tenancy';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { storedCall } from '../support/call-fixture';
import { session } from '../support/factories';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';

type Json = Record<string, unknown>;

/** Two years of one team's sessions and calls, a few a day, and a sibling team's. */
const DAYS = 731;
const PER_DAY = 2;
const SIBLING_DAYS = 20;
const START = '2024-01-01T00:00:00.000Z';
const END = '2026-01-01T00:00:00.000Z';

let service: LocalService;
let fixture: TenancyFixture;
let key: string;

const at = (day: number, hour: number) => new Date(Date.parse(START) + day * 86_400_000 + hour * 3_600_000).toISOString();

const callId = (teamId: number, day: number) => `00000000-0000-4000-8000-${String(teamId * 10_000 + day).padStart(12, '0')}`;

async function seed(team: Team, perDay: number, days: number): Promise<void> {
  const sessions = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));
  const calls = new DynamoCallStore(getDocumentClient(), physicalTableName('calls'));
  const dayList = Array.from({ length: days }, (_, day) => day);
  const placements = new Map([[team.id, { enterpriseId: team.enterpriseId, isTest: team.isTest }]]);
  await sessions.putSessions(
    dayList.flatMap((day) =>
      Array.from({ length: perDay }, (_, i) =>
        session({
          session_id: `ses_${team.id}_${day}_${i}`,
          team_id: team.id,
          started_at: at(day, i),
          customer_info: { name: 'Ann', email: 'ann@example.com', phone: '+15551230000', address: null },
        }),
      ),
    ),
    placements,
  );
  await calls.putCalls(
    dayList.map((day) => ({
      ...storedCall,
      call_id: callId(team.id, day),
      provider_call_id: `prov-${team.id}-${day}`,
      team_id: team.id,
      started_at: at(day, 3),
    })),
  );
}

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, exportPartBytes: 4096 });
  fixture = await createTenancyFixture();
  key = await fixture.createKey('enterprise_all_teams', ['read:exports', 'read:scheduler_analytics', 'read:calls']);
  await seed(fixture.teams.own, PER_DAY, DAYS);
  await seed(fixture.teams.sibling, 1, SIBLING_DAYS);
  // The seeded sessions' rollups (the stream consumers) before the first export is timed.
  await service.settle();
}, 300_000);
afterAll(async () => {
  await service?.stop();
});

async function call(method: string, path: string, options: { body?: unknown; key?: string } = {}) {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${options.key ?? key}`,
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
}

async function exported(body: Json, withKey = key): Promise<{ status: Json; lines: Json[] }> {
  const created = await call('POST', '/api/v1/exports', { body, key: withKey });
  expect(created.status).toBe(202);
  expect(created.body).toEqual({ export_id: expect.stringMatching(/^exp_[0-9a-f]{20}$/), status: 'queued' });
  await service.settle();
  const status = await call('GET', `/api/v1/exports/${String(created.body.export_id)}`, { key: withKey });
  expect(status.status).toBe(200);
  expect(status.body.status).toBe('completed');
  const file = await fetch(String(status.body.download_url));
  expect(file.status).toBe(200);
  const text = gunzipSync(Buffer.from(await file.arrayBuffer())).toString('utf8');
  return {
    status: status.body,
    lines: text
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Json),
  };
}

/** Every item of a list route, page after page. */
async function listAll(path: string): Promise<Json[]> {
  const items: Json[] = [];
  let cursor: string | null = null;
  let offset = 0;
  for (;;) {
    const separator = path.includes('?') ? '&' : '?';
    const page = path.startsWith('/api/v1/')
      ? await call('GET', `${path}${separator}limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      : await call('GET', `${path}${separator}limit=1000&offset=${offset}`);
    expect({ status: page.status, body: page.status === 200 ? null : page.body }).toEqual({ status: 200, body: null });
    const data = page.body.data as Json[];
    items.push(...data);
    const pagination = page.body.pagination as { cursor?: string | null; has_more: boolean };
    if (!pagination.has_more) return items;
    cursor = pagination.cursor ?? null;
    offset += data.length;
  }
}

describe('POST /api/v1/exports', () => {
  it("exports two years of one team's sessions: exactly the rows the list route gives", async () => {
    const team = fixture.teams.own.id;
    const { status, lines } = await exported({
      resource: 'sessions',
      team_ids: [team],
      start_date: START,
      end_date: END,
      format: 'ndjson',
    });
    const listed = await listAll(`/api/v1/sessions?team_id=${team}&start_date=${START}&end_date=${END}`);
    expect(lines.length).toBe(DAYS * PER_DAY);
    expect(lines).toEqual(listed);
    expect(status).toMatchObject({ rows: DAYS * PER_DAY, resource: 'sessions', team_ids: [team] });
    expect(Number(status.bytes)).toBeGreaterThan(0);
    expect(Date.parse(String(status.expires_at)) - Date.parse(String(status.completed_at))).toBe(7 * 86_400_000);
  }, 120_000);

  it("exports two years of one team's calls: the list route's items (its signed recording link aside)", async () => {
    const team = fixture.teams.own.id;
    const { lines } = await exported({ resource: 'calls', team_ids: [team], start_date: START, end_date: END });
    expect(lines.length).toBe(DAYS);
    const listed: Json[] = [];
    // The v0 list reads at most 366 days: two requests cover the two years, newest first.
    for (const [start, end] of [
      ['2025-01-01T00:00:00.000Z', END],
      [START, '2025-01-01T00:00:00.000Z'],
    ]) {
      listed.push(...(await listAll(`/api/calls?team_id=${team}&start_date=${start}&end_date=${end}`)));
    }
    expect(lines.length).toBe(DAYS);
    expect(lines).toEqual(listed.map((c) => ({ ...c, recording_url: null })));
  }, 120_000);

  it("exports every team of the key when no team is named, and applies the key's field groups", async () => {
    const restricted = await fixture.createKey('enterprise_all_teams', ['read:exports', 'read:scheduler_analytics'], {
      settings: { fieldGroups: [] },
    });
    const { lines } = await exported({ resource: 'sessions', start_date: START, end_date: END }, restricted);
    expect(lines.length).toBe(DAYS * PER_DAY + SIBLING_DAYS);
    expect(new Set(lines.map((l) => l.team_id))).toEqual(new Set([fixture.teams.own.id, fixture.teams.sibling.id]));
    expect(lines[0]?.customer_info).toEqual({});
  }, 120_000);

  it('refuses, naming the field: a team outside the key, a reversed range, an unknown resource', async () => {
    const outside = await call('POST', '/api/v1/exports', {
      body: { resource: 'sessions', team_ids: [fixture.teams.outsider.id], start_date: START, end_date: END },
    });
    expect(outside.status).toBe(403);
    expect(String(outside.body.message)).toContain('team_ids');
    const reversed = await call('POST', '/api/v1/exports', { body: { resource: 'sessions', start_date: END, end_date: START } });
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('start_date');
    const unknown = await call('POST', '/api/v1/exports', { body: { resource: 'widgets', start_date: START, end_date: END } });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('resource');
    const noPermission = await call('POST', '/api/v1/exports', { body: { resource: 'leads', start_date: START, end_date: END } });
    expect(noPermission.status).toBe(403);
    expect(String(noPermission.body.message)).toContain('read:leads');
  });

  it('shows an export to the key that asked only, and records the request in the audit log', async () => {
    const created = await call('POST', '/api/v1/exports', { body: { resource: 'bookings', start_date: START, end_date: END } });
    const other = await fixture.createKey('enterprise_all_teams', ['read:exports', 'read:audit_log']);
    expect((await call('GET', `/api/v1/exports/${String(created.body.export_id)}`, { key: other })).status).toBe(404);
    const log = await call('GET', '/api/v1/audit-log?action=export.requested', { key: other });
    expect(log.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ target: { type: 'export', id: created.body.export_id } })]),
    );
    await service.settle();
  });

  it('serves a link only as signed', async () => {
    const { status } = await exported({ resource: 'bookings', start_date: START, end_date: END });
    const url = new URL(String(status.download_url));
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 60));
    expect((await fetch(url)).status).toBe(403);
  });
});

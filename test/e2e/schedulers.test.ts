import { DynamoBookingRequestStore } from '#shared/adapters/dynamodb/booking-request-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import {
  BOOKING_REQUEST_STATUSES,
  type BookingRequest,
  type SchedulerSettings,
  type SchedulerSettingsInput,
} from '#shared/domain/schedulers';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';

let service: LocalService;
let fixture: TenancyFixture;
let key: string;
let ownId: number;
let requests: BookingRequest[];

const SETTINGS: SchedulerSettingsInput = {
  name: 'Main widget',
  services: ['Drain clog', 'Leak detection'],
  job_types: ['Repair', 'Inspection'],
  service_areas: ['Brooklyn', 'Queens'],
  time_zone: 'America/New_York',
  hours: {
    monday: { open: '08:00', close: '17:00' },
    tuesday: { open: '08:00', close: '17:00' },
    wednesday: { open: '08:00', close: '17:00' },
    thursday: { open: '08:00', close: '17:00' },
    friday: { open: '08:00', close: '17:00' },
    saturday: null,
    sunday: null,
  },
};

const T0 = Date.parse('2026-10-01T12:00:00.000Z');

function request(i: number, teamId: number): BookingRequest {
  const status = BOOKING_REQUEST_STATUSES[i % 3] as BookingRequest['status'];
  return {
    request_id: `bkr_${String(i).padStart(4, '0')}`,
    team_id: teamId,
    session_id: `ses_${i}`,
    scheduler_id: teamId * 10 + (i % 2 === 0 ? 1 : 2),
    action: 'create',
    attempt: 1,
    requested_slot: { date: '2026-10-05', time: '09:00', time_zone: 'America/New_York' },
    status,
    st_job_id: status === 'succeeded' ? 48_000_000 + i : null,
    error: status === 'failed' ? { code: 'slot_unavailable', message: 'The requested arrival window is no longer available' } : null,
    // Two requests share each instant: the order must still be total.
    requested_at: new Date(T0 + Math.floor(i / 2) * 3_600_000).toISOString(),
    completed_at: status === 'pending' ? null : new Date(T0 + Math.floor(i / 2) * 3_600_000 + 2_000).toISOString(),
  };
}

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false });
  fixture = await createTenancyFixture();
  ownId = fixture.teams.own.id;
  key = await fixture.createKey('enterprise', ['read:scheduler_analytics']);
  const schedulers = new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams'));
  const now = new Date(T0);
  for (const id of [ownId * 10 + 2, ownId * 10 + 1, ownId * 10 + 3])
    await schedulers.putScheduler(ownId, id, { ...SETTINGS, name: `Widget ${id}` }, now);
  await schedulers.putScheduler(fixture.teams.sibling.id, 999, SETTINGS, now);
  const store = new DynamoBookingRequestStore(getDocumentClient(), physicalTableName('sessions'));
  requests = Array.from({ length: 30 }, (_, i) => request(i, ownId));
  await store.putBookingRequests(requests);
  await store.putBookingRequests([request(100, fixture.teams.sibling.id)]);
});
afterAll(() => service.stop());

async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Follows the cursor to the end, returning every row. */
async function walk<T>(path: string, limit: number): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const separator = path.includes('?') ? '&' : '?';
    const res = await get(`${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    rows.push(...(res.body.data as T[]));
    cursor = (res.body.pagination as { cursor: string | null }).cursor;
    if (cursor === null) return rows;
  }
  throw new Error('cursor did not end');
}

describe('GET /api/v1/teams/{teamId}/schedulers', () => {
  it("lists the team's schedulers by id with their services, areas, hours and zone, and only the team's", async () => {
    const res = await get(`/api/v1/teams/${ownId}/schedulers`);
    expect(res.status).toBe(200);
    const data = res.body.data as { scheduler_id: number; name: string; hours: SchedulerSettings['hours'] }[];
    expect(data.map((s) => s.scheduler_id)).toEqual([ownId * 10 + 1, ownId * 10 + 2, ownId * 10 + 3]);
    expect(data[0]).toMatchObject({ team_id: ownId, services: SETTINGS.services, time_zone: 'America/New_York', hours: SETTINGS.hours });
    expect(res.body.meta).toEqual({ team_id: ownId });
    expect(res.body.pagination).toEqual({ cursor: null, has_more: false, limit: 50 });
  });

  it('pages one scheduler at a time, each seen once', async () => {
    const rows = await walk<{ scheduler_id: number }>(`/api/v1/teams/${ownId}/schedulers`, 1);
    expect(rows.map((s) => s.scheduler_id)).toEqual([ownId * 10 + 1, ownId * 10 + 2, ownId * 10 + 3]);
  });

  it('answers an empty list for a team without schedulers', async () => {
    const other = await fixture.createKey('enterprise', ['read:scheduler_analytics'], { team: fixture.teams.test });
    const response = await fetch(`${service.url}/api/v1/teams/${fixture.teams.test.id}/schedulers`, {
      headers: { authorization: `Bearer ${other}` },
    });
    expect(await response.json()).toMatchObject({ data: [], pagination: { cursor: null, has_more: false } });
  });

  it('refuses a tampered cursor and a cursor of another route, naming cursor', async () => {
    const first = await get(`/api/v1/teams/${ownId}/schedulers?limit=1`);
    const cursor = (first.body.pagination as { cursor: string }).cursor;
    const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('A') ? 'B' : 'A'}A`;
    for (const path of [
      `/api/v1/teams/${ownId}/schedulers?limit=1&cursor=${encodeURIComponent(tampered)}`,
      `/api/v1/teams/${ownId}/booking-requests?limit=1&cursor=${encodeURIComponent(cursor)}`,
    ]) {
      const res = await get(path);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: 'cursor' });
    }
  });

  it('answers 400 naming teamId and limit for malformed values, and 403 for a team the key cannot reach', async () => {
    expect((await get('/api/v1/teams/abc/schedulers')).body).toMatchObject({ field: 'teamId' });
    expect((await get(`/api/v1/teams/${ownId}/schedulers?limit=0`)).body).toMatchObject({ field: 'limit' });
    expect((await get(`/api/v1/teams/${fixture.teams.sibling.id}/schedulers`)).status).toBe(403);
    expect((await get('/api/v1/teams/987654/schedulers')).status).toBe(403);
  });
});

describe('GET /api/v1/teams/{teamId}/booking-requests', () => {
  const path = () => `/api/v1/teams/${ownId}/booking-requests`;
  const newestFirst = (rows: BookingRequest[]) =>
    [...rows].sort((a, b) =>
      a.requested_at !== b.requested_at ? (a.requested_at < b.requested_at ? 1 : -1) : a.request_id < b.request_id ? 1 : -1,
    );

  it("lists the team's requests newest first with slot, result, status and error", async () => {
    const res = await get(path());
    expect(res.status).toBe(200);
    const data = res.body.data as BookingRequest[];
    expect(data.map((r) => r.request_id)).toEqual(newestFirst(requests).map((r) => r.request_id));
    expect(data.find((r) => r.status === 'succeeded')).toMatchObject({ error: null, st_job_id: expect.any(Number) });
    expect(data.find((r) => r.status === 'failed')).toMatchObject({ st_job_id: null, error: { code: 'slot_unavailable' } });
    expect(res.body.meta).toEqual({ team_id: ownId });
  });

  it.each([
    ['status=failed', (r: BookingRequest) => r.status === 'failed'],
    [`scheduler_id=SCHED`, (r: BookingRequest) => r.scheduler_id === ownId * 10 + 2],
    ['status=succeeded&scheduler_id=SCHED', (r: BookingRequest) => r.status === 'succeeded' && r.scheduler_id === ownId * 10 + 2],
    [
      'start_date=2026-10-01T15:00:00.000Z&end_date=2026-10-01T20:00:00.000Z',
      (r: BookingRequest) => r.requested_at >= '2026-10-01T15:00:00.000Z' && r.requested_at < '2026-10-01T20:00:00.000Z',
    ],
  ])('filters by %s, page by page, each row seen once', async (query, keep) => {
    const rows = await walk<BookingRequest>(`${path()}?${query.replace('SCHED', String(ownId * 10 + 2))}`, 4);
    const expected = newestFirst(requests.filter(keep)).map((r) => r.request_id);
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.request_id)).toEqual(expected);
  });

  it('refuses a cursor used with other filters or tampered, naming cursor', async () => {
    const first = await get(`${path()}?status=failed&limit=2`);
    const cursor = (first.body.pagination as { cursor: string }).cursor;
    expect(cursor).toEqual(expect.any(String));
    for (const query of [
      `status=succeeded&limit=2&cursor=${encodeURIComponent(cursor)}`,
      `limit=2&cursor=${encodeURIComponent(`${cursor}x`)}`,
    ]) {
      const res = await get(`${path()}?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: 'cursor' });
    }
  });

  it.each([
    ['status=done', 'status'],
    ['scheduler_id=0', 'scheduler_id'],
    ['scheduler_id=abc', 'scheduler_id'],
    ['start_date=yesterday', 'start_date'],
    ['start_date=2026-10-02T00:00:00Z&end_date=2026-10-01T00:00:00Z', 'start_date'],
    ['limit=501', 'limit'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await get(`${path()}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field });
  });

  it("never shows another team's requests, and answers 403 for a team the key cannot reach", async () => {
    const rows = await walk<BookingRequest>(path(), 500);
    expect(rows.every((r) => r.team_id === ownId)).toBe(true);
    expect((await get(`/api/v1/teams/${fixture.teams.sibling.id}/booking-requests`)).status).toBe(403);
  });
});

import fc from 'fast-check';
import { DynamoBookingRequestStore } from '#shared/adapters/dynamodb/booking-request-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { BOOKING_REQUEST_STATUSES, type BookingRequest, type BookingRequestStatus } from '#shared/domain/schedulers';
import type { BookingRequestListQuery } from '#shared/ports/booking-request-store';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { countingClient } from '../../../../support/per-team-lists';

let dynamo: LocalDynamo;
let store: DynamoBookingRequestStore;
let nextTeam = 5000;

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoBookingRequestStore(getDocumentClient(), physicalTableName('sessions'));
});
afterAll(() => dynamo.stop());

function pending(teamId: number, id: string, at: string, schedulerId = teamId * 10 + 1): BookingRequest {
  return {
    request_id: id,
    team_id: teamId,
    session_id: `ses_${id}`,
    scheduler_id: schedulerId,
    action: 'create',
    attempt: 1,
    requested_slot: { date: '2026-10-05', time: '09:00', time_zone: 'America/Chicago' },
    status: 'pending',
    st_job_id: null,
    error: null,
    requested_at: at,
    completed_at: null,
  };
}

const succeeded = (r: BookingRequest): BookingRequest => ({
  ...r,
  status: 'succeeded',
  st_job_id: 48_123_456,
  completed_at: r.requested_at,
});
const failed = (r: BookingRequest): BookingRequest => ({
  ...r,
  status: 'failed',
  error: { code: 'upstream_timeout', message: 'no answer' },
  completed_at: r.requested_at,
});

async function ids(query: BookingRequestListQuery): Promise<string[]> {
  return (await store.listBookingRequests(query)).map((r) => r.request.request_id);
}

describe('DynamoBookingRequestStore', () => {
  it('moves a request from the pending lists to the succeeded lists when it is answered', async () => {
    const teamId = nextTeam++;
    const request = pending(teamId, 'bkr_a', '2026-10-01T10:00:00.000Z');
    expect(await store.recordBookingRequest(request, null)).toBe(true);
    expect(await ids({ teamId, status: 'pending', limit: 10 })).toEqual(['bkr_a']);
    expect(await store.recordBookingRequest(succeeded(request), 'pending')).toBe(true);
    for (const schedulerId of [undefined, request.scheduler_id]) {
      expect(await ids({ teamId, schedulerId, status: 'pending', limit: 10 })).toEqual([]);
      expect(await ids({ teamId, schedulerId, status: 'succeeded', limit: 10 })).toEqual(['bkr_a']);
      expect(await ids({ teamId, schedulerId, limit: 10 })).toEqual(['bkr_a']);
    }
    const [row] = await store.listBookingRequests({ teamId, limit: 10 });
    expect(row?.request).toEqual(succeeded(request));
  });

  it('records a new request once, and refuses a replayed or stale answer', async () => {
    const teamId = nextTeam++;
    const request = pending(teamId, 'bkr_b', '2026-10-01T10:00:00.000Z');
    expect(await store.recordBookingRequest(request, null)).toBe(true);
    expect(await store.recordBookingRequest(request, null)).toBe(false);
    expect(await store.recordBookingRequest(failed(request), 'pending')).toBe(true);
    expect(await store.recordBookingRequest(succeeded(request), 'pending')).toBe(false);
    expect(await ids({ teamId, status: 'failed', limit: 10 })).toEqual(['bkr_b']);
    expect(await ids({ teamId, status: 'succeeded', limit: 10 })).toEqual([]);
  });

  it('lets exactly one of two racing answers land', async () => {
    const teamId = nextTeam++;
    const request = pending(teamId, 'bkr_c', '2026-10-01T10:00:00.000Z');
    await store.recordBookingRequest(request, null);
    const outcomes = await Promise.all([
      store.recordBookingRequest(succeeded(request), 'pending'),
      store.recordBookingRequest(failed(request), 'pending'),
    ]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const lists = await Promise.all(BOOKING_REQUEST_STATUSES.map((status) => ids({ teamId, status, limit: 10 })));
    expect(lists.flat()).toEqual(['bkr_c']);
  });

  it('pages any filter newest first, every matching row once, reading at most a page plus one per query', async () => {
    const arbitraryRequest = fc.record({
      minute: fc.integer({ min: 0, max: 300 }),
      scheduler: fc.integer({ min: 1, max: 3 }),
      status: fc.constantFrom(...BOOKING_REQUEST_STATUSES),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbitraryRequest, { minLength: 0, maxLength: 25 }),
        fc.integer({ min: 1, max: 7 }),
        fc.option(fc.constantFrom(...BOOKING_REQUEST_STATUSES), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
        async (specs, limit, status, scheduler) => {
          const teamId = nextTeam++;
          const rows = specs.map((s, i) => ({
            ...pending(
              teamId,
              `bkr_${String(i).padStart(3, '0')}`,
              new Date(Date.UTC(2026, 9, 1) + s.minute * 60_000).toISOString(),
              teamId * 10 + s.scheduler,
            ),
            status: s.status as BookingRequestStatus,
          }));
          await store.putBookingRequests(rows);
          const counting = countingClient(getDocumentClient());
          const counted = new DynamoBookingRequestStore(counting.client, physicalTableName('sessions'));
          const schedulerId = scheduler === undefined ? undefined : teamId * 10 + scheduler;
          const seen: string[] = [];
          let after: string | undefined;
          for (let page = 0; page < 100; page++) {
            counting.reset();
            const result = await counted.listBookingRequests({ teamId, status, schedulerId, after, limit });
            expect(counting.counts.itemsRead).toBeLessThanOrEqual(limit + 2);
            const kept = result.slice(0, limit);
            seen.push(...kept.map((r) => r.request.request_id));
            if (result.length <= limit) break;
            after = kept[kept.length - 1]?.position;
          }
          const expected = rows
            .filter((r) => (status === undefined || r.status === status) && (schedulerId === undefined || r.scheduler_id === schedulerId))
            .sort((a, b) =>
              a.requested_at !== b.requested_at ? (a.requested_at < b.requested_at ? 1 : -1) : a.request_id < b.request_id ? 1 : -1,
            )
            .map((r) => r.request_id);
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('DynamoSchedulerConfigStore', () => {
  it('keeps created_at when a scheduler is replaced, and lists only the SCHEDULER# items of the team', async () => {
    const schedulers = new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams'));
    const teamId = nextTeam++;
    const settings = {
      name: 'W',
      services: [],
      job_types: [],
      service_areas: [],
      time_zone: 'UTC',
      hours: { monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null, sunday: null },
    };
    const first = await schedulers.putScheduler(teamId, 7, settings, new Date('2026-01-01T00:00:00Z'));
    const second = await schedulers.putScheduler(teamId, 7, { ...settings, name: 'W2' }, new Date('2026-02-01T00:00:00Z'));
    expect(second).toMatchObject({ name: 'W2', created_at: first.created_at, updated_at: '2026-02-01T00:00:00.000Z' });
    await schedulers.putScheduler(teamId + 1, 8, settings, new Date());
    expect((await schedulers.listSchedulers({ teamId, limit: 10 })).map((r) => r.scheduler.scheduler_id)).toEqual([7]);
    expect(await schedulers.listSchedulers({ teamId, after: '0000000007', limit: 10 })).toEqual([]);
  });
});

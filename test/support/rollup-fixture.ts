import fc from 'fast-check';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRollupStore } from '#shared/adapters/dynamodb/rollup-store';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { applySessionChanges, type SessionChange } from '#shared/domain/rollups/session-changes';
import { SESSION_STATUSES, type SessionRecord } from '#shared/domain/sessions';
import type { TeamPlacement } from '#shared/domain/tenancy';

/** The stores of the embedded DynamoDB (startEmulator first). */
export function rollupStores() {
  return {
    rollups: new DynamoRollupStore(getDocumentClient(), physicalTableName('rollups')),
    sessions: new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions')),
  };
}

/** Writes sessions and feeds their changes to the rollups as a stream would: in batches, shuffled, some delivered twice. */
export async function writeThroughStream(
  stores: ReturnType<typeof rollupStores>,
  sessions: readonly SessionRecord[],
  placements: ReadonlyMap<number, TeamPlacement>,
  options: { previous?: ReadonlyMap<string, SessionRecord>; seed?: number } = {},
): Promise<void> {
  await stores.sessions.putSessions(sessions, placements);
  const changes: SessionChange[] = sessions.map((s, i) => {
    const before = options.previous?.get(s.session_id);
    return {
      sequenceNumber: String(i + 1).padStart(21, '0'),
      placements: [
        ...(before ? [{ teamId: before.team_id, startedMs: Date.parse(before.started_at) }] : []),
        { teamId: s.team_id, startedMs: Date.parse(s.started_at) },
      ],
    };
  });
  // Redelivery and reordering: a shuffled copy with duplicates, applied in batches.
  let seed = options.seed ?? 1;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const delivered = [...changes, ...changes.filter(() => random() < 0.2)].sort(() => random() - 0.5);
  for (let i = 0; i < delivered.length; i += 50) {
    const failed = await applySessionChanges(stores, delivered.slice(i, i + 50));
    if (failed !== null) throw new Error(`rollup batch failed from ${failed}`);
  }
}

const FROM = Date.parse('2026-03-06T00:00:00.000Z');
/** 2026-03-06 .. 2026-03-12: spans the US spring-forward (Mar 8) and ends before the EU one. */
const SPAN_MS = 6 * 86_400_000;

const text = (values: readonly string[]) => fc.option(fc.constantFrom(...values), { nil: null });

export function sessionArbitrary(teamIds: readonly number[], schedulers: readonly number[]): fc.Arbitrary<SessionRecord> {
  return fc
    .record({
      id: fc.uuid(),
      team_id: fc.constantFrom(...teamIds),
      scheduler_id: fc.constantFrom(...schedulers),
      status: fc.constantFrom(...SESSION_STATUSES),
      startedOffset: fc.integer({ min: 0, max: SPAN_MS }),
      // Some on exact hour and day boundaries, where bucket edges are.
      aligned: fc.constantFrom(0, 0, 0, 3_600_000, 86_400_000),
      completedAfter: fc.option(fc.integer({ min: -5_000, max: 7_200_000 }), { nil: null }),
      activityAfter: fc.option(fc.integer({ min: 0, max: 2 * 86_400_000 }), { nil: null }),
      events: fc.subarray(['session_started', 'issue_selected', 'booking_started', 'customer_info_completed'] as const),
      source: text(['google', 'facebook', 'yelp']),
      medium: text(['cpc', 'paid', '']),
      campaign: text(['brand', 'nonbrand']),
      gclid: fc.option(fc.string({ minLength: 1, maxLength: 6 }), { nil: null }),
      wbraid: text(['w1', 'w2']),
      gbraid: text(['b1', '']),
      area: text(['Austin', 'Round Rock', 'Cedar Park']),
      issue: text(['Leak', 'No heat', 'Clog']),
      value: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null }),
    })
    .map((r) => {
      const startedMs = r.aligned ? FROM + Math.floor(r.startedOffset / r.aligned) * r.aligned : FROM + r.startedOffset;
      const started_at = new Date(startedMs).toISOString();
      return {
        session_id: r.id,
        team_id: r.team_id,
        scheduler_id: r.scheduler_id,
        status: r.status,
        customer_info: { name: 'N', email: null, phone: null, address: null },
        issue_type: r.issue,
        job_type: null,
        selected_date: null,
        selected_time: null,
        utm: { source: r.source, medium: r.medium, campaign: r.campaign, term: null, content: null },
        google_ads: { gclid: r.gclid, wbraid: r.wbraid, gbraid: r.gbraid },
        st_job_id: null,
        started_at,
        completed_at: r.completedAfter === null ? null : new Date(startedMs + r.completedAfter).toISOString(),
        last_activity_at: r.activityAfter === null ? null : new Date(startedMs + r.activityAfter).toISOString(),
        events: r.events.map((event_type) => ({ event_type, created_at: started_at })),
        service_area: r.area,
        conversion_value: r.value,
      } satisfies SessionRecord;
    });
}

/** A range inside (and around) the sessions' span, sometimes on hour or day boundaries. */
export const rangeArbitrary = fc
  .tuple(
    fc.integer({ min: -86_400_000, max: SPAN_MS + 86_400_000 }),
    fc.integer({ min: 1, max: SPAN_MS + 86_400_000 }),
    fc.constantFrom(1, 1, 900_000, 3_600_000, 86_400_000),
  )
  .map(([offset, length, unit]) => {
    const start = FROM + Math.floor(offset / unit) * unit;
    const end = start + Math.max(unit, Math.floor(length / unit) * unit);
    return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
  });

/** Zones with every kind of offset: half and three-quarter hours, DST on different dates, 30-minute DST. */
export const ZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/St_Johns',
  'Europe/London',
] as const;

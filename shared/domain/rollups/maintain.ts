import type { RollupStore, StoredAggregate, TeamBucket } from '#shared/ports/rollup-store';
import type { SessionStore } from '#shared/ports/session-store';
import {
  addSession,
  addTuple,
  emptyAggregate,
  emptyFunnelTuple,
  encodeAggregate,
  type FunnelTuple,
  funnelTupleOf,
  mergeEncodedAggregate,
  mergeEncodedFunnel,
  type SessionAggregate,
} from './aggregate';
import { DAY_MS, daySortKey, HOUR_MS, hourSortKey, isoOf } from './buckets';

/**
 * Keeping rollups exact: a bucket is recomputed from its sources (an hour from the sessions that
 * started in it, a day from its hours), never adjusted by deltas, so redelivered, reordered or
 * replayed stream records cannot skew it. Concurrent recomputes of one bucket are ordered by its
 * touch counter: each announces itself (touch) after the write that triggered it was committed,
 * then reads its sources consistently, and may write only while no later recompute has announced
 * itself. The last announced recompute therefore read every committed write and is the one that
 * lands; the earlier ones are dropped as superseded.
 */
export interface RollupDependencies {
  readonly rollups: RollupStore;
  readonly sessions: Pick<SessionStore, 'readPlacedSessionsStartedIn'>;
}

type EnterpriseEntries = Map<number, Map<number, FunnelTuple>>;

function addEntry(entries: EnterpriseEntries, enterpriseId: number, schedulerId: number, tuple: readonly number[]): void {
  let bySchedulers = entries.get(enterpriseId);
  if (!bySchedulers) {
    bySchedulers = new Map();
    entries.set(enterpriseId, bySchedulers);
  }
  const existing = bySchedulers.get(schedulerId) ?? emptyFunnelTuple();
  addTuple(existing, tuple);
  bySchedulers.set(schedulerId, existing);
}

function encodeEntries(entries: EnterpriseEntries): string {
  const rows: number[][] = [];
  for (const [enterpriseId, bySchedulers] of entries)
    for (const [schedulerId, t] of bySchedulers) rows.push([enterpriseId, schedulerId, ...t]);
  return JSON.stringify(rows);
}

function encodeTeamEntry(bySchedulers: Map<number, FunnelTuple>): string {
  return JSON.stringify([...bySchedulers].map(([schedulerId, t]) => [schedulerId, ...t]));
}

async function commitBucket(
  deps: RollupDependencies,
  teamId: number,
  sk: string,
  version: number,
  previous: { schedulers: readonly number[]; enterprises: readonly number[] },
  result: { aggregate: StoredAggregate; schedulers: Map<number, StoredAggregate>; entries: EnterpriseEntries },
): Promise<'written' | 'superseded'> {
  return deps.rollups.commit({
    teamId,
    sk,
    version,
    aggregate: result.aggregate,
    schedulers: [...result.schedulers].map(([schedulerId, aggregate]) => ({ schedulerId, aggregate })),
    removedSchedulers: previous.schedulers.filter((s) => !result.schedulers.has(s)),
    enterpriseEntries: encodeEntries(result.entries),
    enterprises: [...result.entries].map(([enterpriseId, bySchedulers]) => ({ enterpriseId, entry: encodeTeamEntry(bySchedulers) })),
    removedEnterprises: previous.enterprises.filter((e) => !result.entries.has(e)),
  });
}

/** Recomputes a team's hour bucket (all schedulers, each scheduler, its enterprise entries) from the sessions. */
export async function recomputeHour(deps: RollupDependencies, teamId: number, hourMs: number): Promise<'written' | 'superseded'> {
  const sk = hourSortKey(hourMs);
  const touch = await deps.rollups.touch(teamId, sk);
  const rows = await deps.sessions.readPlacedSessionsStartedIn(teamId, { start: isoOf(hourMs), end: isoOf(hourMs + HOUR_MS) });
  const all = emptyAggregate();
  const perScheduler = new Map<number, SessionAggregate>();
  const entries: EnterpriseEntries = new Map();
  for (const { session, enterpriseId } of rows) {
    addSession(all, session);
    let scheduler = perScheduler.get(session.scheduler_id);
    if (!scheduler) {
      scheduler = emptyAggregate();
      perScheduler.set(session.scheduler_id, scheduler);
    }
    addSession(scheduler, session);
    addEntry(entries, enterpriseId, session.scheduler_id, funnelTupleOf(session));
  }
  return commitBucket(deps, teamId, sk, touch.version, touch, {
    aggregate: encodeAggregate(all),
    schedulers: new Map([...perScheduler].map(([id, agg]) => [id, encodeAggregate(agg)])),
    entries,
  });
}

/** Recomputes a team's day bucket (all schedulers, each scheduler, its enterprise entries) from its hour buckets. */
export async function recomputeDay(deps: RollupDependencies, teamId: number, dayMs: number): Promise<'written' | 'superseded'> {
  const sk = daySortKey(dayMs);
  const touch = await deps.rollups.touch(teamId, sk);
  const [firstHour, lastHour] = [hourSortKey(dayMs), hourSortKey(dayMs + DAY_MS - HOUR_MS)];
  const hours = await deps.rollups.readTeamBuckets({ kind: 'team', teamId }, firstHour, lastHour, {
    parts: 'blocks-and-ads',
    consistent: true,
  });
  const schedulerIds = new Set<number>();
  const entries: EnterpriseEntries = new Map();
  for (const hour of hours) {
    for (const s of hour.schedulers) schedulerIds.add(s);
    for (const [enterpriseId, schedulerId, ...tuple] of JSON.parse(hour.enterpriseEntries ?? '[]') as number[][]) {
      addEntry(entries, enterpriseId as number, schedulerId as number, tuple);
    }
  }
  const schedulers = new Map<number, StoredAggregate>();
  await Promise.all(
    [...schedulerIds].map(async (schedulerId) => {
      const buckets = await deps.rollups.readTeamBuckets({ kind: 'scheduler', teamId, schedulerId }, firstHour, lastHour, {
        parts: 'blocks-and-ads',
        consistent: true,
      });
      schedulers.set(schedulerId, merged(buckets));
    }),
  );
  return commitBucket(deps, teamId, sk, touch.version, touch, { aggregate: merged(hours), schedulers, entries });
}

/** The merge of buckets; only their summed funnel when one of them overflowed (the day is then read hour by hour). */
function merged(buckets: readonly TeamBucket[]): StoredAggregate {
  const agg = emptyAggregate();
  let complete = true;
  for (const bucket of buckets) {
    if (bucket.body === null) {
      complete = false;
      if (bucket.funnel !== null) mergeEncodedFunnel(agg, bucket.funnel);
    } else mergeEncodedAggregate(agg, { body: bucket.body, ads: bucket.ads });
  }
  if (complete) return encodeAggregate(agg);
  return { funnel: JSON.stringify(agg.funnel), body: null, ads: null };
}

import {
  type AnalyticsParts,
  assembleSchedulerAnalytics,
  computeFunnel,
  type FunnelCounts,
  funnelFromCounts,
  type SchedulerAnalytics,
  type SchedulerAnalyticsOptions,
} from '#shared/domain/analytics';
import { chartFromQuarters } from '#shared/domain/analytics-chart';
import { computeSchedulerAnalytics } from '#shared/domain/analytics-raw';
import type { SessionRecord } from '#shared/domain/sessions';
import { log } from '#shared/logging/logger';
import type { RollupStore, TeamBucket } from '#shared/ports/rollup-store';
import type { SessionStore } from '#shared/ports/session-store';
import {
  type AggregateParts,
  addSession,
  addTuple,
  emptyAggregate,
  emptyFunnelTuple,
  type FunnelTuple,
  funnelTupleOf,
  mergeEncodedAggregate,
  mergeEncodedFunnel,
  QUARTER_HOUR_MS,
  type SessionAggregate,
} from './aggregate';
import { DAY_MS, dayOfSortKey, daySortKey, HOUR_MS, hourOfSortKey, hourSortKey, isoOf, planRange, type Span } from './buckets';

/**
 * Analytics answers from the rollups: the day buckets a range covers whole, the hour buckets of its
 * partial days and the raw sessions of its partial hours (buckets.ts). A team or enterprise whose
 * rollups are not marked complete (never rebuilt since it existed before the rollups) is answered
 * from the raw sessions, exactly and slowly, with a warning naming the rebuild command.
 */
export interface AnalyticsReadDependencies {
  readonly rollups: RollupStore;
  readonly sessions: Pick<SessionStore, 'readSessionsStartedIn' | 'readCustomerEvents' | 'readEnterpriseSessionsStartedIn'>;
}

interface Range {
  readonly start: string;
  readonly end: string;
}

function warnIncomplete(what: string): void {
  log('warn', 'rollups not complete: answering from raw sessions', { partition: what, fix: 'npm run admin -- rollups rebuild' });
}

/**
 * The aggregate of a team's (or one scheduler's) sessions started in [start, end), from its
 * rollups: only the parts asked for are read from the buckets (a funnel reads only the funnels,
 * which overflowed buckets keep too), while raw edge rows fill every part.
 */
export async function teamAggregate(
  deps: AnalyticsReadDependencies,
  teamId: number,
  range: Range,
  options: { readonly schedulerId?: number; readonly parts: AggregateParts },
): Promise<SessionAggregate> {
  const { schedulerId, parts } = options;
  const partition = schedulerId === undefined ? ({ kind: 'team', teamId } as const) : ({ kind: 'scheduler', teamId, schedulerId } as const);
  const plan = planRange(Date.parse(range.start), Date.parse(range.end));
  const agg = emptyAggregate();

  /**
   * Merges a bucket; false when it holds nothing to merge and must be read one level finer: it
   * overflowed, or its first recompute has announced itself but not landed yet.
   */
  const merge = (bucket: TeamBucket): boolean => {
    if (parts === 'funnel' && bucket.funnel !== null) mergeEncodedFunnel(agg, bucket.funnel);
    else if (parts !== 'funnel' && bucket.body !== null) mergeEncodedAggregate(agg, { body: bucket.body, ads: bucket.ads });
    else return false;
    return true;
  };
  const readRaw = async (span: Span) => {
    const rows = await deps.sessions.readSessionsStartedIn(teamId, { start: isoOf(span.from), end: isoOf(span.to) }, schedulerId);
    for (const session of rows) addSession(agg, session);
  };
  const readHours = async (span: Span) => {
    const buckets = await deps.rollups.readTeamBuckets(partition, hourSortKey(span.from), hourSortKey(span.to - HOUR_MS), { parts });
    const finer: Span[] = [];
    for (const bucket of buckets) {
      if (!merge(bucket)) {
        const from = hourOfSortKey(bucket.sk);
        finer.push({ from, to: from + HOUR_MS });
      }
    }
    await Promise.all(finer.map(readRaw));
  };
  const readDays = async (span: Span) => {
    const buckets = await deps.rollups.readTeamBuckets(partition, daySortKey(span.from), daySortKey(span.to - DAY_MS), { parts });
    const finer: Span[] = [];
    for (const bucket of buckets) {
      if (!merge(bucket)) {
        const from = dayOfSortKey(bucket.sk);
        finer.push({ from, to: from + DAY_MS });
      }
    }
    await Promise.all(finer.map(readHours));
  };
  // Every level at once: the raw edges do not wait for the buckets (merging is order-free).
  await Promise.all([...plan.raw.map(readRaw), ...plan.hours.map(readHours), ...(plan.days ? [readDays(plan.days)] : [])]);
  return agg;
}

/**
 * The rollup answer, started beside the check that the team's rollups are complete rather than
 * after it (one round trip less on every read); when they are not, it is dropped and the raw path
 * answers.
 */
async function unlessIncomplete<T>(
  deps: AnalyticsReadDependencies,
  teamId: number,
  fromRollups: () => Promise<T>,
  raw: () => Promise<T>,
): Promise<T> {
  const complete = deps.rollups.isComplete({ kind: 'team', teamId });
  const settled = fromRollups().then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!(await complete)) {
    warnIncomplete(`team ${teamId}`);
    return raw();
  }
  const outcome = await settled;
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

function partsOf(agg: SessionAggregate, chart: AnalyticsParts['chart']): AnalyticsParts {
  return {
    funnel: funnelFromCounts(agg.funnel),
    booked: { count: agg.booked[0], totalMs: agg.booked[1] },
    chart,
    utm: agg.utm.rows(),
    ads: agg.ads,
    areas: agg.areas,
    issues: agg.issues,
  };
}

/** v0 scheduler analytics (every block) from the rollups; customerEvents from the activity index. */
export async function schedulerAnalyticsFromRollups(
  deps: AnalyticsReadDependencies,
  teamId: number,
  options: SchedulerAnalyticsOptions & { readonly schedulerId?: number },
): Promise<SchedulerAnalytics> {
  const range = { start: options.start, end: options.end };
  const raw = async (): Promise<SchedulerAnalytics> =>
    computeSchedulerAnalytics(await deps.sessions.readSessionsStartedIn(teamId, range, options.schedulerId), options);
  const wantsEvents = options.blocks.includes('customerEvents');
  const wanted = options.offset + options.limit;
  const fromRollups = async (): Promise<SchedulerAnalytics> => {
    const [agg, eventRows] = await Promise.all([
      teamAggregate(deps, teamId, range, {
        schedulerId: options.schedulerId,
        parts: options.blocks.includes('googleAdsData') ? 'blocks-and-ads' : 'blocks',
      }),
      wantsEvents
        ? deps.sessions.readCustomerEvents(teamId, range, wanted + 1, options.schedulerId)
        : Promise.resolve([] as SessionRecord[]),
    ]);
    let chart: AnalyticsParts['chart'] = [];
    if (options.blocks.includes('chartData')) {
      const fromQuarters = chartFromQuarters(agg.quarters, options, QUARTER_HOUR_MS);
      // A zone whose local midnight is not on a quarter hour (only historical offsets are) cannot be split from quarter counts.
      if (fromQuarters === null) return raw();
      chart = fromQuarters;
    }
    const events = wantsEvents ? { rows: eventRows.slice(options.offset, wanted), hasMore: eventRows.length > wanted } : undefined;
    return assembleSchedulerAnalytics(partsOf(agg, chart), options, events);
  };
  return unlessIncomplete(deps, teamId, fromRollups, raw);
}

/** A team's funnel over [start, end) from the rollups. */
export async function teamFunnelFromRollups(
  deps: AnalyticsReadDependencies,
  teamId: number,
  range: Range,
  schedulerId?: number,
): Promise<FunnelCounts> {
  return unlessIncomplete(
    deps,
    teamId,
    async () => funnelFromCounts((await teamAggregate(deps, teamId, range, { schedulerId, parts: 'funnel' })).funnel),
    async () => computeFunnel(await deps.sessions.readSessionsStartedIn(teamId, range, schedulerId)),
  );
}

export interface CrossTeamFunnelQuery {
  readonly teamIds: readonly number[];
  /** The enterprises of those teams. */
  readonly enterpriseIds: readonly number[];
  /** Whether test teams are among teamIds (their raw rows live in the enterprise's TEST partitions). */
  readonly includeTestTeams: boolean;
  readonly range: Range;
  readonly schedulerId?: number;
}

/**
 * Per-team funnels for many teams from the enterprise rollups: the same few bucket reads per
 * enterprise whatever its number of teams (each enterprise bucket holds every team's counts).
 */
export async function crossTeamFunnelsFromRollups(
  deps: AnalyticsReadDependencies,
  query: CrossTeamFunnelQuery,
): Promise<{ teamId: number; funnel: FunnelCounts }[]> {
  const complete = await Promise.all(
    query.enterpriseIds.map((enterpriseId) => deps.rollups.isComplete({ kind: 'enterprise', enterpriseId })),
  );
  if (complete.some((c) => !c)) {
    warnIncomplete(`enterprises ${query.enterpriseIds.join(',')}`);
    return Promise.all(
      query.teamIds.map(async (teamId) => ({ teamId, funnel: await teamFunnelFromRollups(deps, teamId, query.range, query.schedulerId) })),
    );
  }
  const teams = new Set(query.teamIds);
  const counts = new Map<number, FunnelTuple>(query.teamIds.map((id) => [id, emptyFunnelTuple()]));
  const plan = planRange(Date.parse(query.range.start), Date.parse(query.range.end));
  const spans: { from: string; to: string }[] = [
    ...plan.hours.map((span) => ({ from: hourSortKey(span.from), to: hourSortKey(span.to - HOUR_MS) })),
    ...(plan.days ? [{ from: daySortKey(plan.days.from), to: daySortKey(plan.days.to - DAY_MS) }] : []),
  ];
  await Promise.all(
    query.enterpriseIds.map(async (enterpriseId) => {
      const bucketLists = await Promise.all(spans.map((span) => deps.rollups.readEnterpriseBuckets(enterpriseId, span.from, span.to)));
      for (const bucket of bucketLists.flat()) {
        for (const [teamId, entry] of bucket.teams) {
          const into = counts.get(teamId);
          if (!into || !teams.has(teamId)) continue;
          for (const [schedulerId, ...tuple] of JSON.parse(entry) as number[][]) {
            if (query.schedulerId === undefined || schedulerId === query.schedulerId) addTuple(into, tuple);
          }
        }
      }
      const rawLists = await Promise.all(
        plan.raw.map((span) =>
          deps.sessions.readEnterpriseSessionsStartedIn(
            enterpriseId,
            { start: isoOf(span.from), end: isoOf(span.to) },
            { includeTestTeams: query.includeTestTeams },
          ),
        ),
      );
      for (const session of rawLists.flat()) {
        const into = counts.get(session.team_id);
        if (!into || (query.schedulerId !== undefined && session.scheduler_id !== query.schedulerId)) continue;
        addTuple(into, funnelTupleOf(session));
      }
    }),
  );
  return query.teamIds.map((teamId) => ({ teamId, funnel: funnelFromCounts(counts.get(teamId) as FunnelTuple) }));
}

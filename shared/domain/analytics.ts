import { leadingBySessions } from './leading-rows';
import { type AdsRow, adGroupKey } from './rollups/ad-groups';
import type { SessionRecord } from './sessions';

/**
 * Metric definitions (also in docs/api/read.md, Metrics, and the API description). Every metric counts sessions
 * whose started_at lies in [start_date, end_date). Stages are cumulative: a session that reached a
 * later stage counts in every earlier one.
 * - sessions: sessions started in the range.
 * - booking_started: sessions with a booking_started event (the customer picked a slot), or a later stage.
 * - customer_info_completed: sessions with a customer_info_completed event, or booked.
 * - booking_completed: sessions whose status is booked.
 * - conversion_rate: booking_completed / sessions.
 * - drop_off_count: sessions whose status is dropped_off (pending sessions are still open).
 * - drop_off_rate: drop_off_count / sessions.
 * - qualified_drop_offs: sessions that dropped off qualified (a valid phone, not booked), whatever
 *   became of them since (booking recovery: docs/widget-recovery.md).
 * - recovery_attempts: recovery texts sent and recovery calls queued (`recovery_sent` events).
 * - recovered_bookings: sessions booked after their recovery reached them (`recovered`).
 * Rates are exact fractions between 0 and 1, and 0 when there are no sessions (the API rounds them
 * to 4 decimals: shared/presenters/analytics.ts).
 */
export interface FunnelCounts {
  sessions: number;
  booking_started: number;
  customer_info_completed: number;
  booking_completed: number;
  conversion_rate: number;
  drop_off_count: number;
  drop_off_rate: number;
  qualified_drop_offs: number;
  recovery_attempts: number;
  recovered_bookings: number;
}

function rate(numerator: number, denominator: number): number {
  return denominator === 0 ? 0 : numerator / denominator;
}

interface StageFlags {
  bookingStarted: boolean;
  infoCompleted: boolean;
  booked: boolean;
}

export function sessionStages(session: SessionRecord): StageFlags {
  const booked = session.status === 'booked';
  let infoCompleted = booked;
  let bookingStarted = booked;
  for (const event of session.events) {
    if (event.event_type === 'customer_info_completed') infoCompleted = true;
    else if (event.event_type === 'booking_started') bookingStarted = true;
  }
  return { bookingStarted: bookingStarted || infoCompleted, infoCompleted, booked };
}

export function emptyFunnelCounts(): FunnelCounts {
  return {
    sessions: 0,
    booking_started: 0,
    customer_info_completed: 0,
    booking_completed: 0,
    conversion_rate: 0,
    drop_off_count: 0,
    drop_off_rate: 0,
    qualified_drop_offs: 0,
    recovery_attempts: 0,
    recovered_bookings: 0,
  };
}

export function computeFunnel(sessions: Iterable<SessionRecord>): FunnelCounts {
  const counts = emptyFunnelCounts();
  for (const session of sessions) addToFunnel(counts, session);
  return finishFunnel(counts);
}

export function addToFunnel(counts: FunnelCounts, session: SessionRecord): void {
  const s = sessionStages(session);
  counts.sessions++;
  if (s.bookingStarted) counts.booking_started++;
  if (s.infoCompleted) counts.customer_info_completed++;
  if (s.booked) counts.booking_completed++;
  if (session.status === 'dropped_off') counts.drop_off_count++;
  const recovery = recoveryFigures(session);
  counts.qualified_drop_offs += recovery.qualified;
  counts.recovery_attempts += recovery.attempts;
  counts.recovered_bookings += recovery.recovered;
}

/** A session's part of the recovery figures: a qualified drop-off (0/1), its recovery attempts, a recovered booking (0/1). */
export function recoveryFigures(session: SessionRecord): { qualified: number; attempts: number; recovered: number } {
  return {
    qualified: session.qualified_drop_off ? 1 : 0,
    attempts: session.events.filter((e) => e.event_type === 'recovery_sent').length,
    recovered: session.status === 'booked' && session.recovered ? 1 : 0,
  };
}

/** Computes the rates from the counts, in place. */
export function finishFunnel(counts: FunnelCounts): FunnelCounts {
  counts.conversion_rate = rate(counts.booking_completed, counts.sessions);
  counts.drop_off_rate = rate(counts.drop_off_count, counts.sessions);
  return counts;
}

/**
 * Funnel counts from sessions, booking_started, customer_info_completed, booking_completed,
 * drop_off_count, qualified_drop_offs, recovery_attempts and recovered_bookings (a tuple stored
 * before the recovery figures has five: they read 0).
 */
export function funnelFromCounts(counts: readonly number[]): FunnelCounts {
  const [sessions = 0, started = 0, info = 0, booked = 0, dropped = 0, qualified = 0, attempts = 0, recovered = 0] = counts;
  return finishFunnel({
    ...emptyFunnelCounts(),
    sessions,
    booking_started: started,
    customer_info_completed: info,
    booking_completed: booked,
    drop_off_count: dropped,
    qualified_drop_offs: qualified,
    recovery_attempts: attempts,
    recovered_bookings: recovered,
  });
}

/** Sums per-team funnels (the cross-team funnel) and recomputes the rates from the sums. */
export function sumFunnels(funnels: readonly FunnelCounts[]): FunnelCounts {
  const total = emptyFunnelCounts();
  for (const f of funnels) {
    total.sessions += f.sessions;
    total.booking_started += f.booking_started;
    total.customer_info_completed += f.customer_info_completed;
    total.booking_completed += f.booking_completed;
    total.drop_off_count += f.drop_off_count;
    total.qualified_drop_offs += f.qualified_drop_offs;
    total.recovery_attempts += f.recovery_attempts;
    total.recovered_bookings += f.recovered_bookings;
  }
  return finishFunnel(total);
}

/** The eight blocks of the legacy scheduler analytics, in the order they are documented. */
export const ANALYTICS_BLOCKS = [
  'funnel',
  'bookings',
  'chartData',
  'utmData',
  'googleAdsData',
  'serviceAreaData',
  'issueTypeData',
  'customerEvents',
] as const;
export type AnalyticsBlock = (typeof ANALYTICS_BLOCKS)[number];

/** A local calendar day of the range: sessions started in it, and how many of them booked. */
export interface DayBucket {
  date: string;
  sessions: number;
  conversions: number;
}

/** The grouped blocks (utmData, googleAdsData, serviceAreaData, issueTypeData) keep their largest rows, at most this many. */
export const GROUPED_BLOCK_MAX_ROWS = 1_000;

export interface SchedulerAnalyticsOptions {
  readonly start: string;
  readonly end: string;
  readonly timezone: string;
  readonly blocks: readonly AnalyticsBlock[];
  readonly limit: number;
  readonly offset: number;
}

/** A grouped block's leading rows (GROUPED_BLOCK_MAX_ROWS at most) and how many rows the block had. */
export interface LeadingRows<T> {
  readonly rows: readonly T[];
  readonly total: number;
}

/** A group of sessions by one value (a service area, an issue type) and its number of sessions. */
export interface NamedCount {
  readonly name: string;
  readonly count: number;
}

/**
 * The legacy scheduler analytics: each block asked for (absent otherwise), sorted and bounded in
 * rows; what fits in a response and the wire's names are the presenter's (shared/presenters/analytics.ts).
 */
export interface SchedulerAnalytics {
  readonly funnel?: FunnelCounts;
  /** Booked sessions with a completion time, and the sum of their booking times (completed_at − started_at). */
  readonly bookings?: { readonly count: number; readonly totalMs: number };
  readonly chart?: readonly DayBucket[];
  readonly utm?: LeadingRows<UtmRow>;
  readonly ads?: LeadingRows<AdsRow>;
  readonly serviceAreas?: LeadingRows<NamedCount>;
  readonly issueTypes?: LeadingRows<NamedCount>;
  /** The customerEvents page at offset..offset+limit (the only row-level block). */
  readonly customerEvents?: CustomerEventsPage;
  readonly offset: number;
  readonly limit: number;
}

function byCountThenName(a: NamedCount, b: NamedCount): number {
  return b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

export type UtmRow = {
  source: string;
  medium: string;
  campaign: string;
  term: string;
  content: string;
  sessions: number;
  conversions: number;
};

/**
 * The blocks before they are sorted, cut and shaped: what both the raw computation (analytics-raw.ts) and the
 * rollup path (shared/domain/rollups/answer.ts) produce, so the answer is assembled in one place.
 */
export interface AnalyticsParts {
  /** Finished counts (rates computed). */
  readonly funnel: FunnelCounts;
  /** Booked sessions with a completion time and the sum of their booking times in ms. */
  readonly booked: { readonly count: number; readonly totalMs: number };
  /** One bucket per local day of the range (empty when chartData is not requested). */
  readonly chart: DayBucket[];
  readonly utm: Iterable<UtmRow>;
  readonly ads: AdsRanking;
  readonly areas: Iterable<readonly [string, number]>;
  readonly issues: Iterable<readonly [string, number]>;
}

/** googleAdsData's groups, able to give their leading rows (see adsRanking for the order). */
export interface AdsRanking {
  leading(k: number): LeadingRows<AdsRow>;
}

/**
 * googleAdsData's order: sessions descending, then the name (the ids joined by '/'), then the
 * group key, which ids with a '/' can make necessary. The rollups' ad groups rank the same way
 * over their count arrays (AdGroups.leading).
 */
export function adsRanking(rows: Iterable<AdsRow>): AdsRanking {
  const name = (r: AdsRow) => `${r.gclid}/${r.wbraid}/${r.gbraid}`;
  const key = (r: AdsRow) => adGroupKey(r) as string;
  return { leading: (k) => leadingBySessions(rows, k, name, key) };
}

/** The customerEvents page: the rows at offset..offset+limit in customerEvents order, and whether more follow. */
export interface CustomerEventsPage {
  readonly rows: readonly SessionRecord[];
  readonly hasMore: boolean;
}

/** customerEvents order: last activity (or start), then session id, both descending. */
export function customerEventActivity(x: SessionRecord): string {
  return x.last_activity_at ?? x.started_at;
}

function leadingByCount(counts: Iterable<readonly [string, number]>): LeadingRows<NamedCount> {
  const rows = [...counts].map(([name, count]) => ({ name, count })).sort(byCountThenName);
  return { rows: rows.slice(0, GROUPED_BLOCK_MAX_ROWS), total: rows.length };
}

/** Sorts and bounds the requested blocks (see SchedulerAnalytics). */
export function assembleSchedulerAnalytics(
  parts: AnalyticsParts,
  options: SchedulerAnalyticsOptions,
  events: CustomerEventsPage | undefined,
): SchedulerAnalytics {
  const want = new Set(options.blocks);
  const utmName = (r: UtmRow) => `${r.source}/${r.medium}/${r.campaign}/${r.term}/${r.content}`;
  const utmKey = (r: UtmRow) => `${r.source}\u0000${r.medium}\u0000${r.campaign}\u0000${r.term}\u0000${r.content}`;
  return {
    ...(want.has('funnel') ? { funnel: parts.funnel } : {}),
    ...(want.has('bookings') ? { bookings: { count: parts.booked.count, totalMs: parts.booked.totalMs } } : {}),
    ...(want.has('chartData') ? { chart: parts.chart } : {}),
    ...(want.has('utmData') ? { utm: leadingBySessions(parts.utm, GROUPED_BLOCK_MAX_ROWS, utmName, utmKey) } : {}),
    ...(want.has('googleAdsData') ? { ads: parts.ads.leading(GROUPED_BLOCK_MAX_ROWS) } : {}),
    ...(want.has('serviceAreaData') ? { serviceAreas: leadingByCount(parts.areas) } : {}),
    ...(want.has('issueTypeData') ? { issueTypes: leadingByCount(parts.issues) } : {}),
    ...(want.has('customerEvents') && events ? { customerEvents: events } : {}),
    offset: options.offset,
    limit: options.limit,
  };
}

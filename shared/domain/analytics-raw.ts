import {
  type AnalyticsBlock,
  type AnalyticsParts,
  addToFunnel,
  adsRanking,
  assembleSchedulerAnalytics,
  type CustomerEventsPage,
  customerEventActivity,
  type DayBucket,
  emptyFunnelCounts,
  finishFunnel,
  type SchedulerAnalytics,
  type SchedulerAnalyticsOptions,
  type UtmRow,
} from './analytics';
import { bucketIndex, dayBuckets } from './analytics-chart';
import { type AdsRow, adGroupKey } from './rollups/ad-groups';
import type { SessionRecord } from './sessions';

/**
 * The scheduler analytics from the sessions themselves (every session of the range read): the
 * answer for teams whose rollups are not complete, and the oracle the rollup path is tested against.
 */

/** Above this many leading rows, customerEvents sorts every session instead of keeping a bounded list. */
const TOP_ROWS_LIMIT = 5_000;

const s = (v: string | null | undefined): string => v ?? '';

/** What one pass over the sessions adds up, before the blocks are sorted and cut. */
interface Tally {
  readonly want: ReadonlySet<AnalyticsBlock>;
  readonly funnel: ReturnType<typeof emptyFunnelCounts>;
  readonly booked: { count: number; totalMs: number };
  readonly days: readonly { startMs: number }[];
  readonly chart: DayBucket[];
  readonly utm: Map<string, UtmRow>;
  readonly ads: Map<string, AdsRow>;
  readonly areas: Map<string, number>;
  readonly issues: Map<string, number>;
}

function emptyTally(options: SchedulerAnalyticsOptions): Tally {
  const want = new Set(options.blocks);
  const days = want.has('chartData') ? dayBuckets(options.start, options.end, options.timezone) : [];
  return {
    want,
    funnel: emptyFunnelCounts(),
    booked: { count: 0, totalMs: 0 },
    days,
    chart: days.map((d) => ({ date: d.date, sessions: 0, conversions: 0 })),
    utm: new Map(),
    ads: new Map(),
    areas: new Map(),
    issues: new Map(),
  };
}

function addUtm(utm: Map<string, UtmRow>, u: SessionRecord['utm'], booked: boolean): void {
  if (!(u.source || u.medium || u.campaign || u.term || u.content)) return;
  const key = `${s(u.source)}\u0000${s(u.medium)}\u0000${s(u.campaign)}\u0000${s(u.term)}\u0000${s(u.content)}`;
  let row = utm.get(key);
  if (!row) {
    row = {
      source: s(u.source),
      medium: s(u.medium),
      campaign: s(u.campaign),
      term: s(u.term),
      content: s(u.content),
      sessions: 0,
      conversions: 0,
    };
    utm.set(key, row);
  }
  row.sessions++;
  if (booked) row.conversions++;
}

function addAds(ads: Map<string, AdsRow>, g: SessionRecord['google_ads'], booked: boolean): void {
  const key = adGroupKey(g);
  if (key === null) return;
  let row = ads.get(key);
  if (!row) {
    row = { gclid: s(g.gclid), wbraid: s(g.wbraid), gbraid: s(g.gbraid), sessions: 0, conversions: 0 };
    ads.set(key, row);
  }
  row.sessions++;
  if (booked) row.conversions++;
}

function addToTally(tally: Tally, session: SessionRecord): void {
  const booked = session.status === 'booked';
  addToFunnel(tally.funnel, session);
  if (booked && session.completed_at) {
    tally.booked.count++;
    tally.booked.totalMs += Math.max(0, Date.parse(session.completed_at) - Date.parse(session.started_at));
  }
  if (tally.days.length > 0) {
    const bucket = tally.chart[bucketIndex(tally.days, Date.parse(session.started_at))];
    if (bucket) {
      bucket.sessions++;
      if (booked) bucket.conversions++;
    }
  }
  if (tally.want.has('utmData')) addUtm(tally.utm, session.utm, booked);
  if (tally.want.has('googleAdsData')) addAds(tally.ads, session.google_ads, booked);
  if (session.service_area) tally.areas.set(session.service_area, (tally.areas.get(session.service_area) ?? 0) + 1);
  if (session.issue_type) tally.issues.set(session.issue_type, (tally.issues.get(session.issue_type) ?? 0) + 1);
}

/** The first `wanted` sessions in customerEvents order (activity, then id, both descending), by sorting them all. */
function sortAllByActivity(sessions: readonly SessionRecord[], wanted: number): SessionRecord[] {
  const keyOf = (x: SessionRecord) => `${customerEventActivity(x)}\u0000${x.session_id}`;
  return sessions
    .map((x) => ({ x, key: keyOf(x) }))
    .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
    .slice(0, wanted)
    .map((d) => d.x);
}

/**
 * The same first `wanted` sessions, kept in a bounded sorted list. Entries compare by (activity,
 * id) descending without building keys: most sessions fall below the last kept row and are
 * rejected with one string comparison.
 */
function leadingByActivity(sessions: readonly SessionRecord[], wanted: number): SessionRecord[] {
  const top: { at: string; id: string; x: SessionRecord }[] = [];
  const before = (at: string, id: string, other: { at: string; id: string }) => at > other.at || (at === other.at && id > other.id);
  for (const x of sessions) {
    const at = customerEventActivity(x);
    const last = top[top.length - 1];
    if (top.length === wanted && last && !before(at, x.session_id, last)) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(at, x.session_id, top[mid] as { at: string; id: string })) hi = mid;
      else lo = mid + 1;
    }
    top.splice(lo, 0, { at, id: x.session_id, x });
    if (top.length > wanted) top.pop();
  }
  return top.map((d) => d.x);
}

/** The customerEvents page: deep pages sort everything, the usual first pages keep a bounded list. */
function customerEventsPage(sessions: readonly SessionRecord[], options: SchedulerAnalyticsOptions): CustomerEventsPage {
  const wanted = options.offset + options.limit;
  const firstRows = wanted > TOP_ROWS_LIMIT ? sortAllByActivity(sessions, wanted) : leadingByActivity(sessions, wanted);
  return { rows: firstRows.slice(options.offset), hasMore: sessions.length > wanted };
}

/**
 * One pass over the sessions computes every requested block. Grouped blocks are sorted by their
 * count (sessions) descending, then by name; customerEvents are newest activity first.
 */
export function computeSchedulerAnalytics(sessions: readonly SessionRecord[], options: SchedulerAnalyticsOptions): SchedulerAnalytics {
  const tally = emptyTally(options);
  for (const session of sessions) addToTally(tally, session);
  const parts: AnalyticsParts = {
    funnel: finishFunnel(tally.funnel),
    booked: tally.booked,
    chart: tally.chart,
    utm: tally.utm.values(),
    ads: adsRanking(tally.ads.values()),
    areas: tally.areas,
    issues: tally.issues,
  };
  const events = tally.want.has('customerEvents') ? customerEventsPage(sessions, options) : undefined;
  return assembleSchedulerAnalytics(parts, options, events);
}

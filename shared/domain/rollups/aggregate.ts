import { recoveryFigures, sessionStages } from '#shared/domain/analytics';
import type { SessionRecord } from '#shared/domain/sessions';
import { AdGroups, adGroupKey } from './ad-groups';
import { type StoredUtmRow, UtmGroups } from './utm-groups';

/**
 * What the analytics need from a set of sessions, in a form that sums: the rollup buckets store one
 * per UTC hour and day (see buckets.ts), and an answer merges the buckets of its range with the
 * aggregate of the raw rows at its edges. Everything is a count or an integer sum, so merging in
 * any order gives the same result, and an aggregate is a pure function of the rows it covers.
 */

/**
 * sessions, booking_started, customer_info_completed, booking_completed, drop_off_count,
 * qualified_drop_offs, recovery_attempts, recovered_bookings (buckets written before the last
 * three have five numbers: the missing ones add 0).
 */
export type FunnelTuple = [number, number, number, number, number, number, number, number];
export const emptyFunnelTuple = (): FunnelTuple => [0, 0, 0, 0, 0, 0, 0, 0];
/** sessions, conversions (booked sessions). */
export type CountPair = [number, number];

export interface SessionAggregate {
  readonly funnel: FunnelTuple;
  /** Booked sessions with a completion time, and the sum of their booking times in milliseconds. */
  readonly booked: [number, number];
  /** Sessions and conversions per quarter hour (key: start instant in ms / QUARTER_HOUR_MS), for chartData in any zone. */
  readonly quarters: Map<number, CountPair>;
  /** Sessions and conversions per UTM group (see utm-groups.ts). */
  readonly utm: UtmGroups;
  /** Sessions and conversions per click-id group (see ad-groups.ts). */
  readonly ads: AdGroups;
  readonly areas: Map<string, number>;
  readonly issues: Map<string, number>;
  /** The funnel per scheduler (the enterprise rollups keep it per team and scheduler). */
  readonly schedulers: Map<number, FunnelTuple>;
}

export const QUARTER_HOUR_MS = 15 * 60_000;

export function emptyAggregate(): SessionAggregate {
  return {
    funnel: emptyFunnelTuple(),
    booked: [0, 0],
    quarters: new Map(),
    utm: new UtmGroups(),
    ads: new AdGroups(),
    areas: new Map(),
    issues: new Map(),
    schedulers: new Map(),
  };
}

const s = (v: string | null | undefined): string => v ?? '';

export function funnelTupleOf(session: SessionRecord): FunnelTuple {
  const stage = sessionStages(session);
  const recovery = recoveryFigures(session);
  return [
    1,
    stage.bookingStarted ? 1 : 0,
    stage.infoCompleted ? 1 : 0,
    stage.booked ? 1 : 0,
    session.status === 'dropped_off' ? 1 : 0,
    recovery.qualified,
    recovery.attempts,
    recovery.recovered,
  ];
}

/** Adds a funnel tuple's counts into another. */
export function addTuple(into: FunnelTuple, from: readonly number[]): void {
  for (let i = 0; i < into.length; i++) into[i] = (into[i] as number) + (from[i] ?? 0);
}

function addPair(map: Map<number, CountPair>, key: number, sessions: number, conversions: number): void {
  const pair = map.get(key);
  if (pair) {
    pair[0] += sessions;
    pair[1] += conversions;
  } else map.set(key, [sessions, conversions]);
}

function addCount(map: Map<string, number>, key: string, n: number): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

/** The key the analytics group UTM rows by (the same in the raw computation). */
export function utmKey(u: SessionRecord['utm']): string | null {
  if (!(u.source || u.medium || u.campaign || u.term || u.content)) return null;
  return `${s(u.source)}\u0000${s(u.medium)}\u0000${s(u.campaign)}\u0000${s(u.term)}\u0000${s(u.content)}`;
}

/** Booking time of a booked session in ms (never negative), or null when it does not count. */
export function bookingMs(session: SessionRecord): number | null {
  if (session.status !== 'booked' || !session.completed_at) return null;
  return Math.max(0, Date.parse(session.completed_at) - Date.parse(session.started_at));
}

export function addSession(agg: SessionAggregate, session: SessionRecord): void {
  const tuple = funnelTupleOf(session);
  const conversion = tuple[3];
  addTuple(agg.funnel, tuple);
  const ms = bookingMs(session);
  if (ms !== null) {
    agg.booked[0]++;
    agg.booked[1] += ms;
  }
  addPair(agg.quarters, Math.floor(Date.parse(session.started_at) / QUARTER_HOUR_MS), 1, conversion);
  if (utmKey(session.utm) !== null) {
    const v = session.utm;
    agg.utm.add(
      { source: s(v.source), medium: s(v.medium), campaign: s(v.campaign), term: s(v.term), content: s(v.content) },
      1,
      conversion,
    );
  }
  const a = adGroupKey(session.google_ads);
  if (a !== null) agg.ads.add(a, 1, conversion);
  if (session.service_area) addCount(agg.areas, session.service_area, 1);
  if (session.issue_type) addCount(agg.issues, session.issue_type, 1);
  const perScheduler = agg.schedulers.get(session.scheduler_id);
  if (perScheduler) addTuple(perScheduler, tuple);
  else agg.schedulers.set(session.scheduler_id, [...tuple]);
}

/**
 * Stored form: three compact JSON texts (item attributes), arrays instead of objects: the funnel
 * alone (what funnels read, kept even when the rest overflows), the body (every other block but
 * the ads), and the ad-id groups (one key per click id, most of the bytes: read only when the
 * googleAdsData block is asked for; their form is ad-groups.ts's). A text reads back far faster
 * than a DynamoDB map of thousands of members.
 */
export interface EncodedAggregate {
  readonly funnel: string;
  readonly body: string;
  readonly ads: string;
}

/** Which parts of stored aggregates a read needs. */
export type AggregateParts = 'funnel' | 'blocks' | 'blocks-and-ads';

interface Body {
  f: FunnelTuple;
  b: [number, number];
  q: [number, number, number][];
  /** The UTM values, each once: a day's few hundred UTM rows repeat a few dozen values. */
  t: string[];
  /** UTM rows: indexes into `t` (see utm-groups.ts). */
  u: StoredUtmRow[];
  r: [string, number][];
  i: [string, number][];
  /** Per scheduler: its id, then its funnel tuple (five numbers in buckets written before the recovery figures). */
  s: [number, ...number[]][];
}

export function encodeAggregate(agg: SessionAggregate): EncodedAggregate {
  const { t, u } = agg.utm.encode();
  const body: Body = {
    f: agg.funnel,
    b: agg.booked,
    q: [...agg.quarters].map(([k, [a, b]]) => [k, a, b]),
    t,
    u,
    r: [...agg.areas],
    i: [...agg.issues],
    s: [...agg.schedulers].map(([k, t]) => [k, ...t]),
  };
  return { funnel: JSON.stringify(agg.funnel), body: JSON.stringify(body), ads: agg.ads.encode() };
}

/** Adds a stored funnel into `into` (a funnel-only read). */
export function mergeEncodedFunnel(into: SessionAggregate, funnel: string): void {
  addTuple(into.funnel, JSON.parse(funnel) as number[]);
}

/** Decodes a stored body (and ads, when given) and adds them into `into` (no intermediate maps). */
export function mergeEncodedAggregate(into: SessionAggregate, parts: { readonly body: string; readonly ads?: string | null }): void {
  const e = JSON.parse(parts.body) as Body;
  addTuple(into.funnel, e.f);
  into.booked[0] += e.b[0];
  into.booked[1] += e.b[1];
  for (const [k, a, b] of e.q) addPair(into.quarters, k, a, b);
  into.utm.addStored(e.t, e.u);
  if (parts.ads) into.ads.addEncoded(parts.ads);
  for (const [k, n] of e.r) addCount(into.areas, k, n);
  for (const [k, n] of e.i) addCount(into.issues, k, n);
  for (const [k, ...t] of e.s) {
    const existing = into.schedulers.get(k);
    const tuple = existing ?? emptyFunnelTuple();
    addTuple(tuple, t);
    if (!existing) into.schedulers.set(k, tuple);
  }
}

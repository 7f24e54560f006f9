/**
 * Rollup buckets: UTC hours and UTC days. Totals (funnels, grouped blocks) need only these; the
 * local-day split of chartData uses the per-quarter-hour counts every bucket carries, which line
 * up with every local midnight of every current IANA offset (+05:30, +05:45, +12:45 and DST
 * shifts included). A range is answered from the day buckets it covers whole, the hour buckets of
 * its partial days, and the raw rows of its partial hours, so every answer stays exact.
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/**
 * Bumped when the bucket layout changes: items of another layout are ignored until `admin rollups rebuild`.
 * R2 (R1 was one item per bucket, an array per ad group and the UTM values in every row): a team
 * bucket's body and ad groups are items of their own (rollup-store.ts), the ad groups are listed
 * under their count pair (ad-groups.ts), and the body lists each UTM value once.
 */
export const ROLLUP_LAYOUT = 'R2';

export function hourSortKey(ms: number): string {
  return `H#${new Date(ms).toISOString().slice(0, 13)}`;
}

export function daySortKey(ms: number): string {
  return `D#${new Date(ms).toISOString().slice(0, 10)}`;
}

/** The start of the UTC hour of a sort key written by hourSortKey. */
export function hourOfSortKey(sk: string): number {
  return Date.parse(`${sk.slice(2)}:00:00.000Z`);
}

export function dayOfSortKey(sk: string): number {
  return Date.parse(`${sk.slice(2)}T00:00:00.000Z`);
}

export const floorTo = (ms: number, unit: number): number => Math.floor(ms / unit) * unit;
const ceilTo = (ms: number, unit: number): number => Math.ceil(ms / unit) * unit;

/** [from, to) in epoch ms. */
export interface Span {
  readonly from: number;
  readonly to: number;
}

export interface RangePlan {
  /** Whole UTC days, read from day buckets. */
  readonly days: Span | null;
  /** Whole UTC hours outside the whole days, read from hour buckets. */
  readonly hours: readonly Span[];
  /** Partial hours at the edges, read from the sessions themselves. */
  readonly raw: readonly Span[];
}

/** Splits [from, to) into whole days, whole hours and raw edges. */
export function planRange(from: number, to: number): RangePlan {
  if (!(from < to)) return { days: null, hours: [], raw: [] };
  const h1 = ceilTo(from, HOUR_MS);
  const h2 = floorTo(to, HOUR_MS);
  if (h1 >= h2) return { days: null, hours: [], raw: [{ from, to }] };
  const raw: Span[] = [];
  if (from < h1) raw.push({ from, to: h1 });
  if (h2 < to) raw.push({ from: h2, to });
  const d1 = ceilTo(h1, DAY_MS);
  const d2 = floorTo(h2, DAY_MS);
  if (d1 >= d2) return { days: null, hours: [{ from: h1, to: h2 }], raw };
  const hours: Span[] = [];
  if (h1 < d1) hours.push({ from: h1, to: d1 });
  if (d2 < h2) hours.push({ from: d2, to: h2 });
  return { days: { from: d1, to: d2 }, hours, raw };
}

export function isoOf(ms: number): string {
  return new Date(ms).toISOString();
}

import type { DayBucket, SchedulerAnalyticsOptions } from './analytics';
import { localDays } from './local-days';

/** chartData: sessions and conversions per local calendar day of the range, in the range's time zone. */

/**
 * The calendar days of [start, end) in a time zone, with their UTC start instants. Days are local
 * calendar days, so a DST day is 23 or 25 hours long.
 */
export function dayBuckets(start: string, end: string, timezone: string): { date: string; startMs: number }[] {
  return localDays(Date.parse(start), Date.parse(end), timezone);
}

/** The index of the day that holds `ms`, or -1 before the first day. */
export function bucketIndex(days: readonly { startMs: number }[], ms: number): number {
  let lo = 0;
  let hi = days.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((days[mid] as { startMs: number }).startMs <= ms) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** Day buckets of the range for chartData, counted from per-quarter-hour counts; null when a local day does not start on a quarter hour. */
export function chartFromQuarters(
  quarters: Iterable<readonly [number, readonly [number, number]]>,
  options: Pick<SchedulerAnalyticsOptions, 'start' | 'end' | 'timezone'>,
  quarterMs: number,
): DayBucket[] | null {
  const days = dayBuckets(options.start, options.end, options.timezone);
  if (days.some((d) => d.startMs % quarterMs !== 0)) return null;
  const chart: DayBucket[] = days.map((d) => ({ date: d.date, sessions: 0, conversions: 0 }));
  for (const [quarter, [sessionCount, conversions]] of quarters) {
    const bucket = chart[bucketIndex(days, quarter * quarterMs)];
    if (bucket) {
      bucket.sessions += sessionCount;
      bucket.conversions += conversions;
    }
  }
  return chart;
}

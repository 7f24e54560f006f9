import { DateTime } from 'luxon';
import type { Random } from './random';

/** When things happen: realistic local hours over the last days of a zone, and calendar helpers. */

/** Relative traffic by local hour: quiet nights, a morning peak and an evening peak after work. */
const HOUR_WEIGHTS: readonly (readonly [number, number])[] = [
  0.3, 0.2, 0.15, 0.1, 0.1, 0.2, 0.6, 1.4, 2.4, 2.8, 2.9, 2.7, 2.5, 2.4, 2.3, 2.2, 2.1, 2.3, 2.6, 2.7, 2.4, 1.8, 1.1, 0.6,
].map((weight, hour) => [hour, weight] as const);

/** Nothing is generated closer to `now` than this, so every event of a session lies in the past. */
const QUIET_BEFORE_NOW_MS = 2 * 60 * 60 * 1000;

/** An instant with its local calendar facts in the team's zone. */
export interface LocalInstant {
  readonly ms: number;
  /** Local calendar date, yyyy-mm-dd. */
  readonly date: string;
  readonly hour: number;
  /** 1 = Monday … 7 = Sunday. */
  readonly weekday: number;
  readonly month: number;
}

/**
 * The last `days` local calendar days of a zone with the UTC instant of each local hour, computed
 * once with luxon (DST included: a skipped hour maps to the next one), so drawing thousands of
 * instants needs no further time-zone arithmetic.
 */
export class LocalCalendar {
  private readonly days: { date: string; weekday: number; month: number; hourStarts: number[] }[] = [];
  private readonly earliest: number;
  private readonly latest: number;

  constructor(now: Date, zone: string, days: number) {
    const local = DateTime.fromJSDate(now, { zone });
    if (!local.isValid) throw new Error(`invalid time zone ${zone}`);
    this.earliest = now.getTime() - days * 24 * 60 * 60 * 1000;
    this.latest = now.getTime() - QUIET_BEFORE_NOW_MS;
    let nextDayStart = local.startOf('day').plus({ days: 1 });
    for (let offset = 0; offset <= days; offset++) {
      const day = nextDayStart.minus({ days: 1 });
      // A day without an offset change is 24 plain hours; only DST days need luxon for each hour.
      const plain = day.offset === nextDayStart.offset;
      const start = day.toMillis();
      this.days.push({
        date: day.toISODate() as string,
        weekday: day.weekday,
        month: day.month,
        hourStarts: Array.from({ length: 24 }, (_, hour) => (plain ? start + hour * 3_600_000 : day.set({ hour }).toMillis())),
      });
      nextDayStart = day;
    }
  }

  /**
   * A start instant within the last `days` days, at a realistic local hour (weekends a little
   * quieter), no later than two hours before `now`.
   */
  pick(rng: Random): LocalInstant {
    for (let attempt = 0; attempt < 50; attempt++) {
      const day = rng.pick(this.days);
      if (day.weekday >= 6 && !rng.chance(0.75)) continue;
      const hour = rng.weighted(HOUR_WEIGHTS);
      const ms = (day.hourStarts[hour] as number) + rng.int(0, 59) * 60_000 + rng.int(0, 59) * 1000 + rng.int(0, 999);
      if (ms >= this.earliest && ms <= this.latest) return { ms, date: day.date, hour, weekday: day.weekday, month: day.month };
    }
    const fallback = this.days[0] as (typeof this.days)[number];
    return { ms: this.latest, date: fallback.date, hour: 0, weekday: fallback.weekday, month: fallback.month };
  }
}

/** Calendar arithmetic on yyyy-mm-dd dates (no zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 1 = Monday … 7 = Sunday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00.000Z`).getUTCDay() || 7;
}

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export const iso = (ms: number): string => new Date(ms).toISOString();

/** 'Drain clog' → 'drain clog', but 'AC not cooling' stays as it is. */
export const inSentence = (issue: string): string => (/^[A-Z][a-z]/.test(issue) ? issue[0]?.toLowerCase() + issue.slice(1) : issue);

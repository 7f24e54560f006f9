/**
 * The zoned wall-clock arithmetic calling hours need (a day's start, the next days, an hour of a
 * day, its weekday and date), with Intl alone: luxon's own algorithm (3.x: `IANAZone.offset`,
 * `fixOffset`, `set`, `plus` with days), so every answer, on DST days and in skipped hours
 * included, is luxon's. Why not luxon: it is 70 KB read at every cold start of the campaign
 * create and sender (docs/adr/0194-phone-and-texting-cold-start.md); the unit test checks these
 * answers against luxon's in every zone a number can give and in zones that skip midnight. The
 * zone's offset at an instant is read once for the codebase, in local-days.ts (years after 1 BC:
 * luxon also reads eras, which no stored or current instant needs).
 */
import { isoDateText, offsetMinutesAt } from '#shared/domain/local-days';

/** An instant and the offset (minutes) its wall clock is read with, as a luxon DateTime holds them. */
export interface Zoned {
  readonly ts: number;
  readonly o: number;
  readonly zone: string;
}

interface Wall {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
}

function toTs(w: Wall): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
}

function wall(z: Zoned): Wall {
  const d = new Date(z.ts + z.o * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
  };
}

/** The instant of a wall clock, guessing with offset `o` (luxon's fixOffset: a skipped time moves forward). */
function at(w: Wall, o: number, zone: string): Zoned {
  const local = toTs(w);
  let guess = local - o * 60_000;
  const o2 = offsetMinutesAt(guess, zone);
  if (o === o2) return { ts: guess, o, zone };
  guess -= (o2 - o) * 60_000;
  const o3 = offsetMinutesAt(guess, zone);
  if (o2 === o3) return { ts: guess, o: o2, zone };
  return { ts: local - Math.min(o2, o3) * 60_000, o: Math.max(o2, o3), zone };
}

/** `DateTime.fromMillis(ms, { zone })`. */
export function inZone(ms: number, zone: string): Zoned {
  return { ts: ms, o: offsetMinutesAt(ms, zone), zone };
}

/** `.startOf('day')`. */
export function startOfDay(z: Zoned): Zoned {
  return at({ ...wall(z), hour: 0, minute: 0, second: 0, millisecond: 0 }, z.o, z.zone);
}

/** `.plus({ days })`: the same wall time that many calendar days on. */
export function plusDays(z: Zoned, days: number): Zoned {
  const w = wall(z);
  return at({ ...w, day: w.day + days }, z.o, z.zone);
}

/** `.set({ hour })`. */
export function atHour(z: Zoned, hour: number): Zoned {
  return at({ ...wall(z), hour }, z.o, z.zone);
}

/** `.weekday`: 1 = Monday … 7 = Sunday. */
export function weekday(z: Zoned): number {
  const w = wall(z);
  return ((new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() + 6) % 7) + 1;
}

/** `.toISODate()` (YYYY-MM-DD). */
export function isoDate(z: Zoned): string {
  const w = wall(z);
  return isoDateText(w.year, w.month, w.day);
}

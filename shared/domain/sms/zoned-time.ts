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

export interface Wall {
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

/** An instant's wall clock read with its offset (luxon's `tsToObj`). */
export function wall(z: Zoned): Wall {
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
  return withTime(z, { hour });
}

/** `.set({ hour, minute, second, millisecond })` with any of them left out kept. */
export function withTime(z: Zoned, time: Partial<Pick<Wall, 'hour' | 'minute' | 'second' | 'millisecond'>>): Zoned {
  return at({ ...wall(z), ...time }, z.o, z.zone);
}

/**
 * A zone Intl knows: luxon reads it at the same offsets (its own "utc+3" or "local" are no stored
 * zone's names: a zone is checked with Intl when it is set).
 */
export function knowsZone(zone: string): boolean {
  try {
    offsetMinutesAt(0, zone);
    return true;
  } catch {
    return false;
  }
}

const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,30}))?)?(Z|[+-]\d{2}:\d{2})?$/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * `DateTime.fromISO(text, { zone })` for the form every writer stores (a date, hours and minutes,
 * optional seconds and fraction, `Z`, an offset or none): an offset-less time is the zone's wall
 * clock, guessed with the zone's offset at `nowMs` as luxon does (it decides which of a repeated
 * hour's two instants is meant). Null for any other text, out-of-range fields, a year before 1000
 * (luxon reads those otherwise) or a zone Intl does not know: the caller asks luxon then.
 */
export function fromIsoInZone(text: string, zone: string, nowMs: number): Zoned | null {
  const m = ISO_LOCAL.exec(text);
  if (!m || !knowsZone(zone)) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const millisecond = m[7] === undefined ? 0 : Math.floor(Number.parseFloat(`0.${m[7]}`) * 1000);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59)
    return null;
  const w: Wall = { year, month, day, hour, minute, second, millisecond };
  const offset = m[8];
  if (offset === undefined) return at(w, offsetMinutesAt(nowMs, zone), zone);
  const [h, min] = offset === 'Z' ? [0, 0] : [Number(offset.slice(1, 3)), Number(offset.slice(4, 6))];
  if (min > 59) return null;
  return inZone(toTs(w) - (offset.startsWith('-') ? -1 : 1) * (h * 60 + min) * 60_000, zone);
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

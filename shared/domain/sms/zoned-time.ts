/**
 * The zoned wall-clock arithmetic calling hours need (a day's start, the next days, an hour of a
 * day, its weekday and date), with Intl alone: luxon's own algorithm (3.x: `IANAZone.offset`,
 * `fixOffset`, `set`, `plus` with days), so every answer, on DST days and in skipped hours
 * included, is luxon's. Why not luxon: it is 70 KB read at every cold start of the campaign
 * create and sender (docs/adr/0194-phone-and-texting-cold-start.md); the unit test checks these
 * answers against luxon's in every zone a number can give and in zones that skip midnight.
 */

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

const formats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      hour12: false,
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      era: 'short',
    });
    formats.set(zone, f);
  }
  return f;
}

function toTs(w: Wall): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
}

/** The zone's offset from UTC at an instant, in minutes (luxon's IANAZone.offset). */
function offsetAt(zone: string, ts: number): number {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of format(zone).formatToParts(new Date(ts))) parts[p.type] = p.value;
  const year = Number.parseInt(parts.year ?? '', 10);
  const hour = Number.parseInt(parts.hour ?? '', 10);
  const asUtc = toTs({
    year: parts.era === 'BC' ? -Math.abs(year) + 1 : year,
    month: Number.parseInt(parts.month ?? '', 10),
    day: Number.parseInt(parts.day ?? '', 10),
    hour: hour === 24 ? 0 : hour,
    minute: Number.parseInt(parts.minute ?? '', 10),
    second: Number.parseInt(parts.second ?? '', 10),
    millisecond: 0,
  });
  const over = ts % 1000;
  return (asUtc - (ts - (over >= 0 ? over : 1000 + over))) / 60_000;
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
  const o2 = offsetAt(zone, guess);
  if (o === o2) return { ts: guess, o, zone };
  guess -= (o2 - o) * 60_000;
  const o3 = offsetAt(zone, guess);
  if (o2 === o3) return { ts: guess, o: o2, zone };
  return { ts: local - Math.min(o2, o3) * 60_000, o: Math.max(o2, o3), zone };
}

/** `DateTime.fromMillis(ms, { zone })`. */
export function inZone(ms: number, zone: string): Zoned {
  return { ts: ms, o: offsetAt(zone, ms), zone };
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
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

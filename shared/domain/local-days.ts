/**
 * Calendar days of an IANA zone with Intl alone (no time-zone library in the analytics bundle).
 * A zone's offset at an instant is read from Intl's wall-clock parts; a local midnight is found by
 * guessing with the offset of a nearby instant and correcting once, which also lands on the right
 * instant on DST days (and on the first valid instant where a zone skips midnight itself).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const nameFormatters = new Map<string, Intl.DateTimeFormat>();

/** One Intl formatter a zone and use: building one costs far more than a format. */
function cached(cache: Map<string, Intl.DateTimeFormat>, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = cache.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    cache.set(zone, f);
  }
  return f;
}

function formatter(zone: string): Intl.DateTimeFormat {
  return cached(formatters, zone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
}

/**
 * The zone's short name at an instant in US English ("EST", "EDT", "GMT+1"), read as luxon's
 * `ZZZZ` reads it (`parseZoneInfo`: the same Intl options), so a text shows luxon's name.
 */
export function zoneAbbreviation(ms: number, zone: string): string | null {
  const f = cached(nameFormatters, zone, {
    timeZoneName: 'short',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return f.formatToParts(new Date(ms)).find((p) => p.type.toLowerCase() === 'timezonename')?.value ?? null;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(ms: number, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (local = UTC + offset). */
function offsetAt(ms: number, zone: string): number {
  const w = wallClock(ms, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The zone's offset from UTC at an instant, in minutes, as luxon's `IANAZone.offset` reads it (the
 * instant taken to its whole second): the one offset reader, which the zoned steps of calling hours
 * and texts build on (shared/domain/sms/zoned-time.ts).
 */
export function offsetMinutesAt(ms: number, zone: string): number {
  return offsetAt(ms, zone) / 60_000;
}

/** The first instant of a local calendar date in the zone. */
function localMidnight(year: number, month: number, day: number, zone: string, near: number): number {
  const wall = Date.UTC(year, month - 1, day);
  let guess = wall - offsetAt(near, zone);
  for (let i = 0; i < 3; i++) {
    const corrected = wall - offsetAt(guess, zone);
    if (corrected === guess) break;
    guess = corrected;
  }
  return guess;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A calendar date as YYYY-MM-DD. */
export function isoDateText(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** An instant's local date (YYYY-MM-DD) and time (HH:mm) in a zone. */
export function localDateTime(ms: number, zone: string): { date: string; time: string } {
  const w = wallClock(ms, zone);
  return { date: isoDateText(w.year, w.month, w.day), time: `${pad(w.hour)}:${pad(w.minute)}` };
}

/**
 * The calendar days of [start, end) in a zone, with the UTC instant each begins: from the day
 * holding `start` to the day holding the last instant before `end`.
 */
export function localDays(startMs: number, endMs: number, zone: string): { date: string; startMs: number }[] {
  const days: { date: string; startMs: number }[] = [];
  const first = wallClock(startMs, zone);
  let cursor = Date.UTC(first.year, first.month - 1, first.day);
  let near = startMs;
  for (;;) {
    const d = new Date(cursor);
    const begin = localMidnight(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), zone, near);
    if (begin >= endMs) break;
    days.push({ date: isoDateText(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()), startMs: begin });
    near = begin + 86_400_000;
    cursor += 86_400_000;
  }
  return days;
}

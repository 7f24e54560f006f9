import { DateTime } from 'luxon';
import nanpTimezones from './nanp-timezones.json';

/**
 * Where a NANP number's holder probably is: libphonenumber's time-zone map for +1 (area codes,
 * and longer prefixes where an area code spans zones), longest prefix first. Several zones come
 * back where the map cannot tell (e.g. 208 Idaho: Boise and Los Angeles). Outside +1, or for an
 * unknown prefix, the team's zone is used.
 */
const table = nanpTimezones as Record<string, string[]>;

export function candidateZones(e164: string, fallbackZone: string): string[] {
  if (!e164.startsWith('+1') || e164.length !== 12) return [fallbackZone];
  const national = e164.slice(2);
  for (let len = 6; len >= 3; len--) {
    const zones = table[national.slice(0, len)];
    if (zones) return zones;
  }
  return [fallbackZone];
}

/** Florida's telemarketing law allows 8:00–20:00 local, stricter than the usual 8:00–21:00. */
const FLORIDA_AREA_CODES = new Set([
  '239',
  '305',
  '321',
  '324',
  '352',
  '386',
  '407',
  '448',
  '561',
  '645',
  '656',
  '689',
  '727',
  '754',
  '772',
  '786',
  '813',
  '850',
  '863',
  '904',
  '941',
  '954',
]);

export interface QuietHoursWindow {
  /** First allowed local hour (inclusive). */
  readonly startHour: number;
  /** First disallowed local hour (exclusive). */
  readonly endHour: number;
}

export const DEFAULT_SEND_WINDOW: QuietHoursWindow = { startHour: 8, endHour: 21 };

/** The window for a number: the team's window, narrowed to 20:00 for Florida numbers. */
export function windowFor(e164: string, teamWindow: QuietHoursWindow): QuietHoursWindow {
  const isFlorida = e164.startsWith('+1') && FLORIDA_AREA_CODES.has(e164.slice(2, 5));
  return isFlorida ? { startHour: teamWindow.startHour, endHour: Math.min(teamWindow.endHour, 20) } : teamWindow;
}

function allowedIn(zone: string, window: QuietHoursWindow, ms: number): boolean {
  const local = DateTime.fromMillis(ms, { zone });
  const minutes = local.hour * 60 + local.minute;
  return minutes >= window.startHour * 60 && minutes < window.endHour * 60;
}

/** The next window opening in a zone strictly after `ms` (today's or tomorrow's start hour). */
function nextOpening(zone: string, window: QuietHoursWindow, ms: number): number {
  const local = DateTime.fromMillis(ms, { zone });
  let candidate = local.set({ hour: window.startHour, minute: 0, second: 0, millisecond: 0 });
  if (candidate.toMillis() <= ms)
    candidate = candidate.plus({ days: 1 }).set({ hour: window.startHour, minute: 0, second: 0, millisecond: 0 });
  return candidate.toMillis();
}

/**
 * The first instant at or after `now` when the text may go out: inside the window in every
 * candidate zone of the number (an area code that spans zones must be allowed in all of them).
 * Never drops a recipient: it always returns an instant.
 */
export function nextSendInstant(zones: readonly string[], window: QuietHoursWindow, now: Date): Date {
  let ms = now.getTime();
  for (let i = 0; i < 10; i++) {
    const closed = zones.filter((z) => !allowedIn(z, window, ms));
    if (closed.length === 0) return new Date(ms);
    ms = Math.max(...closed.map((z) => nextOpening(z, window, ms)));
  }
  // Zones too far apart to share a window (not the case within NANP for an 8–21 window): send at
  // the opening of the first zone rather than never.
  return new Date(ms);
}

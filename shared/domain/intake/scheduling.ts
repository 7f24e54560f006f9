import { DateTime } from 'luxon';
import { HHMM, type SchedulingConfig, WEEKDAYS, type Weekday, type WeeklyWindows } from './scheduling-config';

export {
  isTimeOfDay,
  SCHEDULING_MODES,
  type SchedulingConfig,
  type SchedulingMode,
  type TimeWindow,
  WEEKDAYS,
  type Weekday,
  type WeeklyWindows,
} from './scheduling-config';

function minutesOf(hhmm: string): { hour: number; minute: number } {
  const match = HHMM.exec(hhmm);
  if (!match) throw new Error(`invalid time ${hhmm}`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

interface Interval {
  startMs: number;
  endMs: number;
}

/**
 * The concrete intervals of a weekly schedule around an instant, in UTC milliseconds, merged.
 * Local times are resolved with the zone's rules for that very day, so DST days are handled: a
 * window starting in the skipped hour starts at the first valid instant after it.
 */
function intervalsAround(windows: WeeklyWindows, timezone: string, nowMs: number, daysAhead: number): Interval[] {
  const today = DateTime.fromMillis(nowMs, { zone: timezone }).startOf('day');
  const intervals: Interval[] = [];
  for (let offset = -1; offset <= daysAhead; offset++) {
    const day = today.plus({ days: offset });
    const weekday = WEEKDAYS[day.weekday - 1] as Weekday;
    for (const window of windows[weekday] ?? []) {
      const s = minutesOf(window.start);
      const e = minutesOf(window.end);
      const start = day.set({ hour: s.hour, minute: s.minute, second: 0, millisecond: 0 });
      const crossesMidnight = e.hour * 60 + e.minute <= s.hour * 60 + s.minute;
      const endDay = crossesMidnight ? day.plus({ days: 1 }) : day;
      const end = endDay.set({ hour: e.hour, minute: e.minute, second: 0, millisecond: 0 });
      if (end.toMillis() > start.toMillis()) intervals.push({ startMs: start.toMillis(), endMs: end.toMillis() });
    }
  }
  intervals.sort((a, b) => a.startMs - b.startMs);
  const merged: Interval[] = [];
  for (const interval of intervals) {
    const last = merged[merged.length - 1];
    if (last && interval.startMs <= last.endMs) last.endMs = Math.max(last.endMs, interval.endMs);
    else merged.push({ ...interval });
  }
  return merged;
}

const LOOKAHEAD_DAYS = 8;

/**
 * The first instant at or after `now` when the team allows an outreach call, or null when the
 * schedule never allows one (no windows configured, or after_hours with round-the-clock hours).
 * - always: now.
 * - business_hours / custom: now inside a window, else the next window's start.
 * - after_hours: now outside business hours, else the end of the current business-hours stretch.
 */
export function nextAllowedInstant(config: SchedulingConfig, now: Date): Date | null {
  const nowMs = now.getTime();
  if (config.mode === 'always') return now;
  const windows = config.mode === 'custom' ? config.custom_windows : config.business_hours;
  const intervals = intervalsAround(windows, config.timezone, nowMs, LOOKAHEAD_DAYS);
  const current = intervals.find((i) => i.startMs <= nowMs && nowMs < i.endMs);
  if (config.mode === 'after_hours') {
    if (!current) return now;
    // A stretch that reaches the lookahead horizon means hours never end within a week.
    const horizon = DateTime.fromMillis(nowMs, { zone: config.timezone }).plus({ days: LOOKAHEAD_DAYS }).toMillis();
    return current.endMs >= horizon ? null : new Date(current.endMs);
  }
  if (current) return now;
  const next = intervals.find((i) => i.startMs > nowMs);
  return next ? new Date(next.startMs) : null;
}

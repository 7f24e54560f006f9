/**
 * A team's scheduling settings and their vocabulary, without the time-zone arithmetic: the intake
 * contract and the configuration schema need these at load, while the windows computation
 * (./scheduling.ts) needs luxon, which the intake function loads only for a lead that needs it.
 */

/** Scheduling mode (lead intake, team configuration). */
export const SCHEDULING_MODES = ['always', 'business_hours', 'after_hours', 'custom'] as const;
export type SchedulingMode = (typeof SCHEDULING_MODES)[number];

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * A local-time window on a weekday, `HH:MM` to `HH:MM`. An end at or before the start crosses
 * midnight (22:00–06:00 runs into the next day); 00:00–00:00 is the whole day.
 */
export interface TimeWindow {
  readonly start: string;
  readonly end: string;
}

export type WeeklyWindows = Partial<Record<Weekday, readonly TimeWindow[]>>;

export interface SchedulingConfig {
  readonly mode: SchedulingMode;
  readonly timezone: string;
  readonly business_hours: WeeklyWindows;
  readonly custom_windows: WeeklyWindows;
}

/** `HH:MM`, 24-hour. */
export const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTimeOfDay(value: string): boolean {
  return HHMM.test(value);
}

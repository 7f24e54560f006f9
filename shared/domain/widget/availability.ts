import { localDateTime } from '#shared/domain/local-days';
import { type SchedulerConfig, WEEKDAYS } from '#shared/domain/schedulers';
import { BadRequestError } from '#shared/errors';

/**
 * The slot model of the scheduling widget. A slot is a local wall-clock start (date and HH:MM in the
 * scheduler's zone): starts run from the day's opening time every `interval_minutes` while the
 * whole visit (`slot_minutes`) ends by closing time, read on the wall clock, so "open 08:00–17:00"
 * means the same on the days clocks change. A local time the zone skips (clocks forward) is no
 * slot; one it repeats (clocks back) is its first occurrence. A slot is offered when it starts at
 * least `lead_time_minutes` after now, on one of the `days_ahead` local days from today, and fewer
 * than `capacity_per_slot` bookings hold it.
 */
export type BookingSettings = Pick<
  SchedulerConfig,
  'time_zone' | 'hours' | 'slot_minutes' | 'interval_minutes' | 'lead_time_minutes' | 'days_ahead' | 'capacity_per_slot'
>;

/** Bookings held per slot: local date → HH:MM → count. */
export type BookedCounts = ReadonlyMap<string, Readonly<Record<string, number>>>;

export interface OfferedSlot {
  /** Local start, HH:MM. */
  readonly time: string;
  /** The start as a customer reads it, e.g. "10:00 AM" (en-US). */
  readonly label: string;
  /** The start instant (UTC ISO 8601). */
  readonly starts_at: string;
  /** Places left in the slot (capacity less bookings), at least 1. */
  readonly remaining: number;
}

export interface OfferedDay {
  readonly date: string;
  readonly slots: readonly OfferedSlot[];
}

const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** "13:05" → "1:05 PM", as en-US writes a time (by hand: an Intl format per slot is what an answer would spend its time on). */
function clockLabel(time: string): string {
  const hour = Number(time.slice(0, 2));
  return `${hour % 12 === 0 ? 12 : hour % 12}:${time.slice(3, 5)} ${hour < 12 ? 'AM' : 'PM'}`;
}

const clock = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const DAY_MS = 86_400_000;

/** A calendar date's midnight as if it were UTC (its wall clock read as an instant), or null when it is no date. */
function wallMidnight(date: string): number | null {
  if (!DATE.test(date)) return null;
  const ms = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return new Date(ms).toISOString().slice(0, 10) === date ? ms : null;
}

const isoDate = (wallMs: number): string => new Date(wallMs).toISOString().slice(0, 10);

/** The calendar date `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return isoDate(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + days));
}

/** The zone's offset from UTC at an instant, in milliseconds, to the minute (local wall clock = instant + offset). */
function offsetAt(ms: number, zone: string): number {
  const { date, time } = localDateTime(ms, zone);
  return Date.parse(`${date}T${time}:00Z`) - Math.floor(ms / 60_000) * 60_000;
}

/** The local date `now` falls on in the scheduler's zone, and the last day offered. */
export function bookableWindow(settings: Pick<BookingSettings, 'time_zone' | 'days_ahead'>, now: Date): { first: string; last: string } {
  const first = localDateTime(now.getTime(), settings.time_zone).date;
  return { first, last: addDays(first, settings.days_ahead - 1) };
}

/** The local dates from `first` to `last`, both included (calendar days, whatever the zone does). */
export function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) dates.push(day);
  return dates;
}

/**
 * The instant of a local wall-clock time, read with the offsets in force before and after its day:
 * an instant counts when the zone's offset there is the one it was read with. None is a time the
 * zone skips (clocks forward); two are a time it repeats (clocks back), and the first is taken.
 */
function instantOf(wallMs: number, offsets: readonly number[], zone: string): number | null {
  const valid = offsets.map((offset) => wallMs - offset).filter((ms) => offsetAt(ms, zone) === wallMs - ms);
  return valid.length === 0 ? null : Math.min(...valid);
}

/** The slot starts of a local date by its weekday's hours, with their instants (skipped local times left out). */
export function slotStartsOf(settings: BookingSettings, date: string): { time: string; startMs: number }[] {
  const midnight = wallMidnight(date);
  if (midnight === null) return [];
  const hours = settings.hours[WEEKDAYS[(new Date(midnight).getUTCDay() + 6) % 7] as (typeof WEEKDAYS)[number]];
  if (!hours) return [];
  const close = minutesOf(hours.close);
  const zone = settings.time_zone;
  // Offsets are within ±14 h, so these instants fall a little before and after the local day.
  const before = offsetAt(midnight - DAY_MS, zone);
  const after = offsetAt(midnight + 2 * DAY_MS, zone);
  const starts: { time: string; startMs: number }[] = [];
  for (let m = minutesOf(hours.open); m + settings.slot_minutes <= close; m += settings.interval_minutes) {
    const wall = midnight + m * 60_000;
    // Only a day whose offset changes can skip or repeat a local time (a few days a year).
    const startMs = before === after ? wall - before : instantOf(wall, [before, after], zone);
    if (startMs !== null) starts.push({ time: clock(m), startMs });
  }
  return starts;
}

/**
 * The slots offered on `dates` (clipped to the bookable window at `now`), each with the places it
 * has left; full slots and slots inside the lead time are left out. Days without a slot are kept
 * (empty), so the widget can say a day is full rather than skip it.
 */
export function offeredSlots(settings: BookingSettings, dates: readonly string[], booked: BookedCounts, now: Date): OfferedDay[] {
  const window = bookableWindow(settings, now);
  const earliest = now.getTime() + settings.lead_time_minutes * 60_000;
  return dates
    .filter((date) => date >= window.first && date <= window.last)
    .map((date) => {
      const counts = booked.get(date) ?? {};
      const slots: OfferedSlot[] = [];
      for (const { time, startMs } of slotStartsOf(settings, date)) {
        const remaining = settings.capacity_per_slot - (counts[time] ?? 0);
        if (startMs < earliest || remaining <= 0) continue;
        slots.push({ time, label: clockLabel(time), starts_at: new Date(startMs).toISOString(), remaining });
      }
      return { date, slots };
    });
}

/**
 * Checks that a date and time a customer asked for is a slot of the scheduler that may still be
 * booked at `now` (capacity aside: the booking write checks that); the error names the field.
 */
export function requireBookableSlot(settings: BookingSettings, date: string, time: string, now: Date): { startsAt: string } {
  if (!DATE.test(date)) throw new BadRequestError('date: must be a date YYYY-MM-DD', 'date');
  if (!TIME.test(time)) throw new BadRequestError('time: must be a time HH:MM', 'time');
  const window = bookableWindow(settings, now);
  if (date < window.first || date > window.last) {
    throw new BadRequestError(`date: must be between ${window.first} and ${window.last} (the days this scheduler books)`, 'date');
  }
  const slot = slotStartsOf(settings, date).find((s) => s.time === time);
  if (!slot) throw new BadRequestError(`time: ${time} is not a slot of ${date}`, 'time');
  if (slot.startMs < now.getTime() + settings.lead_time_minutes * 60_000) {
    throw new BadRequestError(`time: ${date} ${time} is too soon to book (${settings.lead_time_minutes} minutes' notice)`, 'time');
  }
  return { startsAt: new Date(slot.startMs).toISOString() };
}

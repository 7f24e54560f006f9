import { DateTime } from 'luxon';
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

/**
 * The slot model as a dependency of what the widget worker does (a field-service job, a booking's
 * recovered effects): the worker imports this module with the first message that needs a slot's
 * instant, not at cold start (shared/adapters/runtime/widget-worker-dependencies.ts).
 */
export interface SlotModel {
  readonly slotStartsOf: typeof slotStartsOf;
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

/** The local date `now` falls on in the scheduler's zone, and the last day offered. */
export function bookableWindow(settings: Pick<BookingSettings, 'time_zone' | 'days_ahead'>, now: Date): { first: string; last: string } {
  const today = DateTime.fromJSDate(now, { zone: settings.time_zone }).startOf('day');
  return { first: today.toISODate() as string, last: today.plus({ days: settings.days_ahead - 1 }).toISODate() as string };
}

/** The local dates from `first` to `last`, both included (calendar days, whatever the zone does). */
export function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  let day = DateTime.fromISO(first, { zone: 'UTC' });
  const end = DateTime.fromISO(last, { zone: 'UTC' });
  while (day <= end) {
    dates.push(day.toISODate() as string);
    day = day.plus({ days: 1 });
  }
  return dates;
}

/** The slot starts of a local date by its weekday's hours, with their instants (skipped local times left out). */
export function slotStartsOf(settings: BookingSettings, date: string): { time: string; start: DateTime }[] {
  const day = DateTime.fromISO(date, { zone: settings.time_zone });
  if (!day.isValid) return [];
  const hours = settings.hours[WEEKDAYS[day.weekday - 1] as (typeof WEEKDAYS)[number]];
  if (!hours) return [];
  const close = minutesOf(hours.close);
  // Only a day whose offset changes can skip or repeat a local time (a few days a year).
  const offsetChanges = day.startOf('day').offset !== day.startOf('day').plus({ days: 1 }).offset;
  const starts: { time: string; start: DateTime }[] = [];
  for (let m = minutesOf(hours.open); m + settings.slot_minutes <= close; m += settings.interval_minutes) {
    const local = DateTime.fromObject(
      { year: day.year, month: day.month, day: day.day, hour: Math.floor(m / 60), minute: m % 60 },
      { zone: settings.time_zone },
    );
    if (!offsetChanges) {
      starts.push({ time: clock(m), start: local });
      continue;
    }
    // Luxon moves a time the zone skips forward: it is not on the wall clock that day.
    if (local.hour * 60 + local.minute !== m) continue;
    // A time the zone repeats has two instants: the first is the slot.
    const [start = local] = local.getPossibleOffsets().sort((a, b) => a.toMillis() - b.toMillis());
    starts.push({ time: clock(m), start: start.setZone(settings.time_zone) });
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
      for (const { time, start } of slotStartsOf(settings, date)) {
        const remaining = settings.capacity_per_slot - (counts[time] ?? 0);
        if (start.toMillis() < earliest || remaining <= 0) continue;
        slots.push({ time, label: clockLabel(time), starts_at: new Date(start.toMillis()).toISOString(), remaining });
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
  if (slot.start.toMillis() < now.getTime() + settings.lead_time_minutes * 60_000) {
    throw new BadRequestError(`time: ${date} ${time} is too soon to book (${settings.lead_time_minutes} minutes' notice)`, 'time');
  }
  return { startsAt: slot.start.toUTC().toISO() as string };
}

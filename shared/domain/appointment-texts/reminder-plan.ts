import { inZone, knowsZone, plusDays, withTime } from '#shared/domain/sms/zoned-time';

/**
 * When an appointment's reminders go. Each offset (minutes before the visit) gives a nominal
 * instant; one that falls outside 8:00–21:00 in the customer's zone moves to the latest allowed
 * instant before it (21:00 that evening, or 21:00 the evening before when it falls before 8:00),
 * so a reminder is never later than asked and never at night. One whose instant is not after
 * `now` (the appointment was made or moved too late for it) is skipped, never sent late.
 * Reminders that land on the same instant are sent once.
 */

/** Courtesy hours for reminders in the customer's zone: 8:00 to 21:00, both included (47 CFR 64.1200(c)(1) bars before 8 and after 21). */
export const REMINDER_HOURS = { start: 8, end: 21 } as const;

export interface ReminderPlanInput {
  /** The visit's start. */
  readonly start: Date;
  /** The customer's IANA zone (the visit's, where the customer is). */
  readonly zone: string;
  readonly offsetsMinutes: readonly number[];
  readonly now: Date;
}

export interface PlannedReminder {
  readonly offsetMinutes: number;
  /** When it goes. */
  readonly at: Date;
  /** True when courtesy hours moved it before its nominal instant. */
  readonly moved: boolean;
}

/**
 * The latest instant at or before `nominal` inside the courtesy hours of `zone`, in luxon's zoned
 * arithmetic (zoned-time.ts). A zone Intl does not know gave luxon an invalid time, which compares
 * as neither before nor after: the nominal instant, as then.
 */
export function latestAllowed(nominal: Date, zone: string): Date {
  if (!knowsZone(zone)) return nominal;
  const local = inZone(nominal.getTime(), zone);
  const opens = withTime(local, { hour: REMINDER_HOURS.start, minute: 0, second: 0, millisecond: 0 });
  const closes = withTime(local, { hour: REMINDER_HOURS.end, minute: 0, second: 0, millisecond: 0 });
  if (local.ts < opens.ts) return new Date(withTime(plusDays(closes, -1), { hour: REMINDER_HOURS.end, minute: 0 }).ts);
  if (local.ts > closes.ts) return new Date(closes.ts);
  return nominal;
}

export function planReminders(input: ReminderPlanInput): PlannedReminder[] {
  const seen = new Set<number>();
  const planned: PlannedReminder[] = [];
  for (const offsetMinutes of [...input.offsetsMinutes].sort((a, b) => b - a)) {
    const nominal = new Date(input.start.getTime() - offsetMinutes * 60_000);
    const at = latestAllowed(nominal, input.zone);
    if (at.getTime() <= input.now.getTime() || seen.has(at.getTime())) continue;
    seen.add(at.getTime());
    planned.push({ offsetMinutes, at, moved: at.getTime() !== nominal.getTime() });
  }
  return planned.sort((a, b) => a.at.getTime() - b.at.getTime());
}

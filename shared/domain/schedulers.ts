import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';
import { followThroughMembers } from './appointment-texts/follow-through-members';

/**
 * Scheduler configurations: what a team's scheduling widget (one per scheduler_id) offers, where
 * and when. Written by operators (`npm run admin -- scheduler set`), read by the canonical
 * `GET /api/v1/teams/{teamId}/schedulers`.
 */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const CLOCK_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/**
 * The bare string and integer every member below refines: `check()` answers a new schema and
 * leaves its base as it was, so one base serves them all (every widget and appointment request
 * reads a scheduler, and each schema built is CPU at cold start).
 */
const base = /* @__PURE__ */ atLoad(() => ({ text: z.string(), whole: z.int() }));

/** Opening hours of one weekday, local to the scheduler's zone; null when closed. "24:00" is no valid close: use 23:59. */
export const dayHoursSchema = /* @__PURE__ */ atLoad(() => {
  // One instance for both members (a schema is immutable): every widget request reads a scheduler.
  const clockTime = base.text.check(z.regex(CLOCK_TIME, { error: 'must be a time HH:MM (00:00 to 23:59)' }));
  return z.nullable(
    z
      .strictObject({ open: clockTime, close: clockTime })
      .check(z.refine((h) => h.open < h.close, { error: 'open must be before close', path: ['open'] })),
  );
});

const label = /* @__PURE__ */ atLoad(() => base.text.check(z.trim(), z.minLength(1), z.maxLength(100)));

/**
 * What the widget books, with the defaults a scheduler written before these settings existed reads
 * as (a one-hour visit on the hour, two hours' notice, two weeks ahead, one crew).
 */
export const BOOKING_DEFAULTS = {
  slot_minutes: 60,
  interval_minutes: 60,
  lead_time_minutes: 120,
  days_ahead: 14,
  capacity_per_slot: 1,
  allowed_origins: [] as string[],
} as const;

/**
 * An origin a business's site is served from, allowed to embed the widget (CSP frame-ancestors) and
 * to call its routes: `https://example.com`, or a port wildcard `http://127.0.0.1:*` (the form
 * frame-ancestors itself accepts). No path, no wildcard host.
 */
export const ALLOWED_ORIGIN = /^https?:\/\/(?:[a-z0-9-]+\.)*[a-z0-9-]+(?::(?:[0-9]{1,5}|\*))?$/;

const minutes = (min: number, max: number) => base.whole.check(z.gte(min), z.lte(max));

/**
 * Whether Intl knows the zone, checked as luxon's `IANAZone.isValidZone` does (stored schedulers
 * are read with this schema, so the check must not narrow). Written here rather than taken from
 * luxon so that a function that reads schedulers without computing local times (the schedulers
 * list) does not load luxon for it (docs/adr/0168-cold-start-breakdown-and-zod-mini.md).
 */
function intlKnowsZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).format();
    return true;
  } catch {
    return false;
  }
}

/**
 * Built `atLoad` (shared/lazy.ts), as are its members: the functions that import this module for
 * its types and constants, and never read a scheduler, do not build it. On zod/mini, as every
 * schema a deployed function builds at load (docs/adr/0185-widget-cold-start.md).
 */
export const schedulerSettingsSchema = /* @__PURE__ */ atLoad(() => {
  // A visit's length and the slots' spacing take the same range.
  const slotMinutes = minutes(5, 720);
  return z.strictObject({
    name: label,
    /** Issue types (services) customers can pick in the widget. */
    services: z.array(label).check(z.maxLength(100)),
    job_types: z.array(label).check(z.maxLength(50)),
    /** Cities (or areas) the widget books into. */
    service_areas: z.array(label).check(z.maxLength(200)),
    time_zone: base.text.check(z.refine((zone) => intlKnowsZone(zone), { error: 'must be an IANA time zone such as America/Chicago' })),
    hours: z.strictObject(Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema])) as Record<Weekday, typeof dayHoursSchema>),
    /** How long a visit takes: a slot is offered only when the whole visit fits in the day's hours. */
    slot_minutes: z._default(slotMinutes, BOOKING_DEFAULTS.slot_minutes),
    /** Minutes between slot starts, counted from the day's opening time. */
    interval_minutes: z._default(slotMinutes, BOOKING_DEFAULTS.interval_minutes),
    /** The earliest slot starts at least this long after now. */
    lead_time_minutes: z._default(minutes(0, 60 * 24 * 30), BOOKING_DEFAULTS.lead_time_minutes),
    /** Local days offered, today included. */
    days_ahead: z._default(minutes(1, 365), BOOKING_DEFAULTS.days_ahead),
    /** Bookings one slot takes (crews) before it is full. */
    capacity_per_slot: z._default(minutes(1, 100), BOOKING_DEFAULTS.capacity_per_slot),
    /** Origins of the sites that may embed the widget (the hosted booking page needs none). */
    allowed_origins: z._default(
      z
        .array(base.text.check(z.regex(ALLOWED_ORIGIN, { error: 'must be an origin such as https://example.com or http://127.0.0.1:*' })))
        .check(z.maxLength(20)),
      [...BOOKING_DEFAULTS.allowed_origins],
    ),
    ...followThroughMembers,
  });
});

export type SchedulerSettings = z.output<typeof schedulerSettingsSchema>;
/** The settings as an operator gives them: the booking members may be left to their defaults. */
export type SchedulerSettingsInput = z.input<typeof schedulerSettingsSchema>;
export type DayHours = z.output<typeof dayHoursSchema>;

export interface SchedulerConfig extends SchedulerSettings {
  readonly scheduler_id: number;
  readonly team_id: number;
  readonly created_at: string;
  readonly updated_at: string;
}

/**
 * Booking requests: what the scheduling system sent to the field-service system (ServiceTitan) for
 * a booked visit, one per attempt: the job's creation for the booking (`create`), then the job
 * following each move (`reschedule`) and cancel (`cancel`) of the visit. A succeeded request
 * carries the job it created or changed (the session's st_job_id); a failed one its error; a
 * pending one has been sent and not answered.
 */
export const BOOKING_REQUEST_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type BookingRequestStatus = (typeof BOOKING_REQUEST_STATUSES)[number];

/** What a request asks of the system; a request stored before follow-ups existed reads as `create`. */
export const BOOKING_REQUEST_ACTIONS = ['create', 'reschedule', 'cancel'] as const;
export type BookingRequestAction = (typeof BOOKING_REQUEST_ACTIONS)[number];

export interface BookingRequest {
  readonly request_id: string;
  readonly team_id: number;
  readonly session_id: string;
  readonly scheduler_id: number;
  readonly action: BookingRequestAction;
  /** 1 for the first request of a session's job (or of one change of its visit), 2 for its first retry, ... */
  readonly attempt: number;
  /** The slot asked for (a cancel: the slot given up): the visit's date and time, local to time_zone. */
  readonly requested_slot: { readonly date: string; readonly time: string; readonly time_zone: string };
  readonly status: BookingRequestStatus;
  /** The job created (create) or changed (reschedule, cancel); null while a create is unanswered or when none was made. */
  readonly st_job_id: number | null;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly requested_at: string;
  /** When the field-service system answered; null while pending. */
  readonly completed_at: string | null;
}

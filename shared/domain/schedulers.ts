import type { RecoveryMode } from './appointment-texts/scheduler-settings';

/**
 * Scheduler configurations: what a team's scheduling widget (one per scheduler_id) offers, where
 * and when. Written by operators (`npm run admin -- scheduler set`), read by the canonical
 * `GET /api/v1/teams/{teamId}/schedulers`.
 */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

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

/** Opening hours of one weekday, local to the scheduler's zone; null when closed. */
export type DayHours = { open: string; close: string } | null;

/**
 * A scheduler's settings, as the settings schema (scheduler-settings-schema.ts) answers them and a
 * stored scheduler reads (each schema `satisfies` it). Written out here rather than inferred from
 * that schema, so what only reads schedulers imports no schema module.
 */
export interface SchedulerSettings {
  name: string;
  /** Issue types (services) customers can pick in the widget. */
  services: string[];
  job_types: string[];
  /** Cities (or areas) the widget books into. */
  service_areas: string[];
  time_zone: string;
  hours: Record<Weekday, DayHours>;
  /** How long a visit takes: a slot is offered only when the whole visit fits in the day's hours. */
  slot_minutes: number;
  /** Minutes between slot starts, counted from the day's opening time. */
  interval_minutes: number;
  /** The earliest slot starts at least this long after now. */
  lead_time_minutes: number;
  /** Local days offered, today included. */
  days_ahead: number;
  /** Bookings one slot takes (crews) before it is full. */
  capacity_per_slot: number;
  /** Origins of the sites that may embed the widget (the hosted booking page needs none). */
  allowed_origins: string[];
  /** Minutes before the visit each reminder is due, distinct, largest first; empty: no reminders. */
  reminder_offsets_minutes: number[];
  /** A customer's own change or cancel is refused this close to the visit. */
  change_cutoff_minutes: number;
  /** How a qualified session that dropped off is reached: a call, a text, both, or not at all. */
  recovery: RecoveryMode;
}

/** The members a scheduler written before them reads at their defaults, and an operator may leave out. */
type DefaultedSetting =
  | 'slot_minutes'
  | 'interval_minutes'
  | 'lead_time_minutes'
  | 'days_ahead'
  | 'capacity_per_slot'
  | 'allowed_origins'
  | 'reminder_offsets_minutes'
  | 'change_cutoff_minutes'
  | 'recovery';

/** The settings as an operator gives them: the booking and follow-through members may be left to their defaults. */
export type SchedulerSettingsInput = Omit<SchedulerSettings, DefaultedSetting> & Partial<Pick<SchedulerSettings, DefaultedSetting>>;

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

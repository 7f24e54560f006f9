/**
 * An appointment: one visit, whatever channel booked it (the scheduling widget, or the voice
 * responder on a call, an outreach call for an intake lead included). The widget session and the
 * lead keep their own shapes and follow it; the appointment is where the visit's state lives and
 * where every change of it is written down.
 */
/**
 * How long a visit lasts when nothing says (a call's visit on a team without a scheduler): the
 * schedulers' own default slot length. Kept here, not read from the scheduler module, so what
 * makes a call's visit loads no time-zone library at a function's start.
 */
export const DEFAULT_VISIT_MINUTES = 60;

export const APPOINTMENT_STATUSES = ['scheduled', 'confirmed', 'cancelled', 'completed', 'no_show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const APPOINTMENT_CHANNELS = ['scheduling_widget', 'call'] as const;
export type AppointmentChannel = (typeof APPOINTMENT_CHANNELS)[number];

/** Who made a change: the customer (manage page, replies), an integrator (platform API), staff, or the service itself. */
export const APPOINTMENT_ACTORS = ['customer', 'integrator', 'staff', 'system'] as const;
export type AppointmentActor = (typeof APPOINTMENT_ACTORS)[number];

export const APPOINTMENT_CHANGES = ['created', 'confirmed', 'rescheduled', 'cancelled', 'completed', 'no_show', 'note'] as const;
export type AppointmentChangeKind = (typeof APPOINTMENT_CHANGES)[number];

/** One line of an appointment's history; `previous_starts_at` only where the visit moved. */
export interface AppointmentChange {
  readonly change: AppointmentChangeKind;
  readonly at: string;
  readonly by: AppointmentActor;
  readonly starts_at: string;
  readonly previous_starts_at: string | null;
  /** A reason given (a cancellation's), or what the change was about; null when none. */
  readonly note: string | null;
}

export interface AppointmentCustomer {
  readonly name: string | null;
  /** E.164, or null when the channel had no readable number. */
  readonly phone: string | null;
  readonly email: string | null;
  readonly address: string | null;
}

export interface Appointment {
  readonly appointment_id: string;
  readonly team_id: number;
  /** The scheduler the visit was booked on; null for a call's appointment when the team has none. */
  readonly scheduler_id: number | null;
  readonly channel: AppointmentChannel;
  readonly status: AppointmentStatus;
  readonly customer: AppointmentCustomer;
  readonly service: string | null;
  /** The visit's start (UTC instant); its local date and time are read in `time_zone`. */
  readonly starts_at: string;
  readonly time_zone: string;
  readonly duration_minutes: number;
  /** The unified lead the visit belongs to: its id, and its integer lead_id where it has one (intake and widget leads). */
  readonly lead: { readonly id: string | null; readonly lead_id: number | null };
  /** Where it was booked: the widget session, or the call. */
  readonly session_id: string | null;
  readonly call_id: string | null;
  readonly history: readonly AppointmentChange[];
  readonly created_at: string;
  readonly updated_at: string;
}

/**
 * What addresses the appointment's manage link without holding it: a random nonce (the link is
 * derived from it and a server key) and the SHA-256 of the link's secret (what a request's link is
 * checked against). See manage-token.ts.
 */
export interface ManageSeal {
  readonly nonce: string;
  readonly tokenHash: string;
}

/** A place in a scheduler's slot (its per-day counter), local date and HH:mm. */
export interface SlotPlace {
  readonly date: string;
  readonly time: string;
}

export interface StoredAppointment {
  readonly appointment: Appointment;
  readonly manage: ManageSeal;
  /**
   * The place the visit holds in its scheduler's slot counters: a widget booking's slot, then the
   * slot it was moved to; null for a visit that took none (a call's), so a change frees nothing.
   */
  readonly heldSlot: SlotPlace | null;
  /** The widget session's start instant, with its id the key of the session row that follows the visit; null for a call's. */
  readonly sessionStartedAt: string | null;
  /** Bumped by every write: a change is refused when the record changed since it was read. */
  readonly version: number;
}

/** An appointment just made: status scheduled, its history one `created` line. */
export function newAppointment(
  input: Omit<Appointment, 'status' | 'history' | 'created_at' | 'updated_at'>,
  by: AppointmentActor,
  at: string,
): Appointment {
  return {
    ...input,
    status: 'scheduled',
    history: [{ change: 'created', at, by, starts_at: input.starts_at, previous_starts_at: null, note: null }],
    created_at: at,
    updated_at: at,
  };
}

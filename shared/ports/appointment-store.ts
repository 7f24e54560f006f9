import type { AppointmentStatus, StoredAppointment } from '#shared/domain/appointments/appointment';
import type { SessionRecord } from '#shared/domain/sessions';
import type { ChangeWindow } from '#shared/pagination/change-feed';
import type { DomainEvent } from './event-bus';
import type { StoredWidgetSession } from './widget-session-store';

export interface AppointmentListQuery {
  readonly teamId: number;
  readonly status?: AppointmentStatus;
  /** Visits starting in [start, end) (UTC ISO instants). */
  readonly start?: string;
  readonly end?: string;
  /** A change feed: the visits changed in the window, oldest change first (no status or range then). */
  readonly changedIn?: ChangeWindow;
  /** The position of the last row of the previous page. */
  readonly after?: string;
  readonly limit: number;
}

export interface PositionedAppointment {
  readonly stored: StoredAppointment;
  readonly position: string;
}

/** Appointments, in the leads table (shared/adapters/dynamodb/appointment-store.ts). */
export interface AppointmentStore {
  /**
   * Writes a new appointment with the events it makes due (outbox), unless one with its id exists:
   * false then, and nothing is written (a redelivered booking or report).
   */
  createAppointment(stored: StoredAppointment, events: readonly DomainEvent[]): Promise<boolean>;
  getAppointment(appointmentId: string): Promise<StoredAppointment | null>;
  /** Writes appointments as they are, without events (the demo seed). */
  putAppointments(appointments: readonly StoredAppointment[]): Promise<void>;
  /** limit + 1 visits of a team, latest start first, strictly after the cursor position. */
  listAppointments(query: AppointmentListQuery): Promise<PositionedAppointment[]>;
  /** Writes one change (see AppointmentChangeWrite): all of it, or nothing and why. */
  changeAppointment(change: AppointmentChangeWrite): Promise<AppointmentChangeResult>;
  /**
   * Adds a `note` line (by the service) to the team's appointment's history, once per `key`: a
   * second call with the same key, or for no such appointment of the team, writes nothing.
   */
  /**
   * The team's soonest visit for the number (E.164) that starts after `after` and is scheduled or
   * confirmed; null when there is none.
   */
  nextForPhone(teamId: number, phone: string, after: Date): Promise<StoredAppointment | null>;
  noteText(
    teamId: number,
    appointmentId: string,
    line: { readonly key: string; readonly at: string; readonly note: string },
  ): Promise<void>;
}

/** A place in one scheduler's slot counters. */
export interface SchedulerSlot {
  readonly schedulerId: number;
  readonly date: string;
  readonly time: string;
}

/**
 * One change of an appointment, written in one transaction: the new record (refused when the
 * record changed since `previous` was read), the place it takes (refused when the slot already
 * holds `capacity`), the place it frees, the widget session that follows it, and the events due.
 */
export interface AppointmentChangeWrite {
  readonly previous: StoredAppointment;
  readonly next: StoredAppointment;
  readonly take?: SchedulerSlot & { readonly capacity: number };
  readonly free?: SchedulerSlot;
  readonly session?: { readonly previous: StoredWidgetSession; readonly next: SessionRecord };
  readonly events: readonly DomainEvent[];
}

export type AppointmentChangeResult = 'changed' | 'slot_full' | 'changed_meanwhile';

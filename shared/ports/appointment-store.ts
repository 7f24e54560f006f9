import type { AppointmentStatus, StoredAppointment } from '#shared/domain/appointments/appointment';
import type { DomainEvent } from './event-bus';

export interface AppointmentListQuery {
  readonly teamId: number;
  readonly status?: AppointmentStatus;
  /** Visits starting in [start, end) (UTC ISO instants). */
  readonly start?: string;
  readonly end?: string;
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
}

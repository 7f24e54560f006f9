import type { Appointment, AppointmentActor } from '#shared/domain/appointments/appointment';
import type { DomainEvent } from '#shared/ports/event-bus';
import { eventIdFor } from './lead-events';

/**
 * A visit's changes, due in the outbox in the same write as the change: `lead.booking_confirmed`,
 * `lead.booking_rescheduled`, `lead.booking_cancelled`, `lead.booking_completed`, `lead.no_show`.
 * Each names the appointment, its lead, who changed it and, where it moved, the start before and
 * after. The event id derives from the appointment and the record's version the change wrote, so
 * a change written again (a retried request that finds it done) never makes a second event.
 */
export const BOOKING_CHANGE_EVENTS = {
  confirmed: 'lead.booking_confirmed',
  rescheduled: 'lead.booking_rescheduled',
  cancelled: 'lead.booking_cancelled',
  completed: 'lead.booking_completed',
  no_show: 'lead.no_show',
} as const;
export type BookingChange = keyof typeof BOOKING_CHANGE_EVENTS;

export function bookingChanged(
  change: BookingChange,
  appointment: Appointment,
  input: {
    readonly version: number;
    readonly by: AppointmentActor;
    readonly previousStartsAt: string | null;
    readonly reason: string | null;
  },
): DomainEvent {
  const type = BOOKING_CHANGE_EVENTS[change];
  return {
    type,
    detail: {
      event: type,
      event_id: eventIdFor(type, `${appointment.appointment_id}:${input.version}`),
      occurred_at: appointment.updated_at,
      appointment_id: appointment.appointment_id,
      team_id: appointment.team_id,
      lead_id: appointment.lead.lead_id,
      channel: appointment.channel,
      status: appointment.status,
      starts_at: appointment.starts_at,
      previous_starts_at: input.previousStartsAt,
      time_zone: appointment.time_zone,
      changed_by: input.by,
      reason: input.reason,
    },
  };
}

import type { Appointment } from '#shared/domain/appointments/appointment';
import type { DomainEvent } from '#shared/ports/event-bus';
import { eventIdFor } from './lead-events';

/**
 * `appointment.created`: a visit was made (a widget booking, or a call's appointment), due in the
 * outbox in the same write as the appointment. What follows a visit (its confirmation text, its
 * reminders) subscribes to it rather than to each channel's own events; its id derives from the
 * appointment, so a redelivered write never makes a second one. Not offered to webhooks: the
 * lead's events (lead.booking_created) already tell integrators a visit was booked.
 */
export const APPOINTMENT_CREATED = 'appointment.created';

export function appointmentCreated(appointment: Appointment): DomainEvent {
  return {
    type: APPOINTMENT_CREATED,
    detail: {
      event: APPOINTMENT_CREATED,
      event_id: eventIdFor(APPOINTMENT_CREATED, appointment.appointment_id),
      occurred_at: appointment.created_at,
      appointment_id: appointment.appointment_id,
      team_id: appointment.team_id,
      scheduler_id: appointment.scheduler_id,
      channel: appointment.channel,
      lead_id: appointment.lead.lead_id,
      starts_at: appointment.starts_at,
      time_zone: appointment.time_zone,
    },
  };
}

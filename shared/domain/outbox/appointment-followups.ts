import type { AppointmentTextMessage } from '#shared/domain/appointment-texts/text-messages';
import { BOOKING_CHANGE_EVENTS } from '#shared/events/appointment-change-events';
import { APPOINTMENT_CREATED } from '#shared/events/appointment-events';
import type { MessageQueue } from '#shared/ports/message-queue';
import type { DueEvent } from '#shared/ports/outbox';

/**
 * What a visit's events start on the appointment-texts queue, from the outbox publisher: the
 * events are written in the same transaction as the visit and its changes, whichever channel or
 * route made them, so following them here texts every visit and every change without each
 * channel enqueueing its own. A confirmation, a completion and a no-show send no text (the
 * customer who confirmed needs no answer; the others come after the visit).
 *
 * At least once: an event published again (the stream retried it) puts its message again; the
 * worker sends once per (appointment, purpose, occurrence), the change's event id its occurrence.
 */
export function appointmentTextOf(event: DueEvent): AppointmentTextMessage | null {
  const d = event.detail;
  const teamId = d.team_id;
  const appointmentId = d.appointment_id;
  if (typeof teamId !== 'number' || typeof appointmentId !== 'string') return null;
  const ids = { team_id: teamId, appointment_id: appointmentId };
  switch (event.type) {
    case APPOINTMENT_CREATED:
      return { kind: 'booked', ...ids };
    case BOOKING_CHANGE_EVENTS.rescheduled: {
      const previous = typeof d.previous_starts_at === 'string' ? d.previous_starts_at : undefined;
      return { kind: 'changed', ...ids, change: 'rescheduled', change_id: event.eventId, previous_start: previous };
    }
    case BOOKING_CHANGE_EVENTS.cancelled:
      return { kind: 'changed', ...ids, change: 'cancelled', change_id: event.eventId };
    default:
      return null;
  }
}

/** Puts the event's appointment text on the queue, if it starts one; throws when the queue refuses (the stream retries). */
export async function followAppointmentEvent(queue: MessageQueue, event: DueEvent): Promise<boolean> {
  const message = appointmentTextOf(event);
  if (!message) return false;
  await queue.send([{ body: { ...message } }]);
  return true;
}

import type { AppointmentTextMessage } from '#shared/domain/appointment-texts/text-messages';
import { isRedactedEvent } from '#shared/domain/data-subject-deletions/redacted-event';
import type { FieldServiceChange } from '#shared/domain/widget/followup-messages';
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
 * A redacted event texts no one: its person was deleted on request, the visit has no number left.
 */
export function appointmentTextOf(event: DueEvent): AppointmentTextMessage | null {
  const d = event.detail;
  if (isRedactedEvent(d)) return null;
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

/**
 * What a visit's move or cancel starts on the widget-followups queue: its field-service job
 * follows (shared/domain/widget/field-service-changes.ts). Only a widget booking's visit has a
 * job; a call's has none. At least once, like the texts: the worker asks the system once per
 * change (the change's event id). A redacted event still moves or cancels the job: it is the
 * team's, in its own system, and names the visit by its ids alone.
 */
export function fieldServiceChangeOf(event: DueEvent): { kind: 'field_service_change'; change: FieldServiceChange } | null {
  const d = event.detail;
  const action =
    event.type === BOOKING_CHANGE_EVENTS.rescheduled ? 'reschedule' : event.type === BOOKING_CHANGE_EVENTS.cancelled ? 'cancel' : null;
  if (action === null || d.channel !== 'scheduling_widget') return null;
  const { team_id: teamId, appointment_id: appointmentId, occurred_at: occurredAt, starts_at: startsAt } = d;
  if (typeof teamId !== 'number' || typeof appointmentId !== 'string' || typeof occurredAt !== 'string' || typeof startsAt !== 'string')
    return null;
  return {
    kind: 'field_service_change',
    change: {
      team_id: teamId,
      appointment_id: appointmentId,
      action,
      change_id: event.eventId,
      occurred_at: occurredAt,
      starts_at: startsAt,
    },
  };
}

/** Where a visit's events start work (appointment texts, the field-service job). */
export interface AppointmentFollowupQueues {
  readonly appointmentTexts: MessageQueue;
  readonly widgetFollowups: MessageQueue;
}

/** Puts the work the event starts on its queues; throws when a queue refuses (the stream retries). */
export async function followAppointmentEvent(queues: AppointmentFollowupQueues, event: DueEvent): Promise<boolean> {
  const text = appointmentTextOf(event);
  const job = fieldServiceChangeOf(event);
  if (text) await queues.appointmentTexts.send([{ body: { ...text } }]);
  if (job) await queues.widgetFollowups.send([{ body: { ...job } }]);
  return text !== null || job !== null;
}

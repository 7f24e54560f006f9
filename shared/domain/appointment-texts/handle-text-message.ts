import type { Delivery } from '#shared/domain/claims';
import type { AppointmentForTexts, AppointmentTextSource } from '#shared/ports/appointment-text-source';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import { changeBody, confirmationBody, reminderBody } from './bodies';
import type { BookingTextPurpose } from './notice';
import { scheduleReminders } from './reminder-schedules';
import { type AppointmentTextDependencies, type AppointmentTextResult, sendAppointmentText } from './send-appointment-text';
import type { AppointmentTextMessage } from './text-messages';

export interface AppointmentTextWorkerDependencies extends AppointmentTextDependencies {
  readonly appointments: AppointmentTextSource;
  readonly scheduler: OneTimeScheduler;
}

/**
 * What a message did: the text's result, or why no text was due: the team has no such appointment
 * (`unknown`), the visit is cancelled, done or missed (`not_active`), or the reminder was planned
 * for a start the visit no longer has (`stale`: it was moved, and planned again).
 */
export type AppointmentTextMessageOutcome = AppointmentTextResult['outcome'] | 'unknown' | 'not_active' | 'stale';

const isActive = (a: AppointmentForTexts) => a.status === 'scheduled' || a.status === 'confirmed';

/**
 * Handles one message of the appointment-texts queue (text-messages.ts), reading the appointment
 * as it is now. A booking plans its reminders before its confirmation is sent, so a provider
 * outage that fails the message back does not lose them (planning again keeps one schedule each).
 */
export async function handleAppointmentTextMessage(
  deps: AppointmentTextWorkerDependencies,
  message: AppointmentTextMessage,
  delivery: Delivery,
  now: Date,
): Promise<AppointmentTextMessageOutcome> {
  const appointment = await deps.appointments.appointment(message.team_id, message.appointment_id);
  if (!appointment) return 'unknown';
  const { notice } = appointment;
  switch (message.kind) {
    case 'booked':
      if (!isActive(appointment)) return 'not_active';
      await scheduleReminders(deps.scheduler, appointment, now);
      return send(deps, appointment, 'booking_confirmation', 'booked', await confirmationBody(notice), delivery);
    case 'changed':
      if (message.change === 'cancelled') {
        return send(deps, appointment, 'booking_change', message.change_id, await changeBody(notice, { kind: 'cancelled' }), delivery);
      }
      if (!isActive(appointment)) return 'not_active';
      await scheduleReminders(deps.scheduler, appointment, now);
      return send(
        deps,
        appointment,
        'booking_change',
        message.change_id,
        await changeBody(notice, { kind: 'rescheduled', previousStart: message.previous_start ?? notice.start }),
        delivery,
      );
    case 'reminder': {
      if (!isActive(appointment)) return 'not_active';
      if (Date.parse(notice.start) !== Date.parse(message.start)) return 'stale';
      const occurrence = `${new Date(message.start).toISOString()}/${message.offset_minutes}m`;
      return send(deps, appointment, 'booking_reminder', occurrence, await reminderBody(notice), delivery);
    }
  }
}

async function send(
  deps: AppointmentTextWorkerDependencies,
  appointment: AppointmentForTexts,
  purpose: BookingTextPurpose,
  occurrence: string,
  body: string,
  delivery: Delivery,
): Promise<AppointmentTextMessageOutcome> {
  const { notice } = appointment;
  const result = await sendAppointmentText(deps, { notice, purpose, occurrence, body }, delivery);
  if (result.outcome !== 'already_handled') {
    // A suppressed text is answered `suppressed` again on every delivery, so its reason reaches
    // the history even after a crash here; a sent one is `already_handled` then: a crash between
    // the send and this note loses the note, never the text's record on the outbound feed.
    await deps.appointments.recordText(notice.teamId, notice.appointmentId, {
      purpose,
      occurrence,
      outcome: result.outcome,
      reason: result.outcome === 'sent' ? null : result.reason,
      at: (deps.now ?? (() => new Date()))().toISOString(),
    });
  }
  return result.outcome;
}

import { ConflictError } from '#shared/errors';
import { log } from '#shared/logging/logger';
import type { AppointmentReplies, AppointmentReplyMessage } from '#shared/ports/appointment-replies';
import type { AppointmentStore } from '#shared/ports/appointment-store';
import type { SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import { type ChangeDependencies, markAppointment } from './changes';
import { type AppointmentTextSourceDependencies, forTexts } from './text-source';

/**
 * What a customer's reply to a visit's text does to the appointment store: the number's next
 * visit of the team, a confirmation by the customer (markAppointment, with its event), and a
 * reply kept on the visit's history for staff.
 */
export interface AppointmentRepliesDependencies extends Omit<AppointmentTextSourceDependencies, 'appointments' | 'schedulers'> {
  readonly appointments: Pick<AppointmentStore, 'getAppointment' | 'changeAppointment' | 'nextForPhone' | 'noteText'>;
  readonly schedulers: Pick<SchedulerConfigStore, 'getScheduler' | 'listSchedulers'>;
  readonly sessions: ChangeDependencies['sessions'];
}

/** A reply's key on the history: the provider's message id, else its instant and words. */
function replyKey(reply: AppointmentReplyMessage): string {
  return `reply/${reply.messageId ?? `${reply.at}/${reply.body}`}`;
}

export function appointmentReplies(deps: AppointmentRepliesDependencies): AppointmentReplies {
  return {
    upcoming: async (teamId, phone, now) => {
      const stored = await deps.appointments.nextForPhone(teamId, phone, now);
      const read = stored ? await forTexts(deps, stored) : null;
      return read ? { notice: read.notice, status: read.status } : null;
    },
    confirm: async (teamId, appointmentId, reply) => {
      const stored = await deps.appointments.getAppointment(appointmentId);
      if (!stored || stored.appointment.team_id !== teamId) return;
      try {
        await markAppointment(deps, stored, 'confirmed', { by: 'customer', now: new Date(reply.at) });
      } catch (error) {
        // A "C" that arrives after the visit started or was cancelled confirms nothing; no one to tell.
        if (!(error instanceof ConflictError)) throw error;
        log('info', 'appointment reply: the visit can no longer be confirmed', { appointmentId });
      }
    },
    keepForStaff: async (teamId, appointmentId, reply) => {
      await deps.appointments.noteText(teamId, appointmentId, {
        key: replyKey(reply),
        at: reply.at,
        note: `customer replied: ${reply.body}`,
      });
    },
  };
}

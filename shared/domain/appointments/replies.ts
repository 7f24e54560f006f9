import { createHash } from 'node:crypto';
import type { TicketRecord } from '#shared/domain/support-tickets';
import { ConflictError } from '#shared/errors';
import { lazy } from '#shared/lazy';
import { log } from '#shared/logging/logger';
import type { AppointmentReplies, AppointmentReplyMessage } from '#shared/ports/appointment-replies';
import type { AppointmentStore } from '#shared/ports/appointment-store';
import type { SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import type { SupportTicketWriter } from '#shared/ports/support-ticket-writer';
import type { Appointment } from './appointment';
import type { ChangeDependencies } from './marks';
import { type AppointmentTextSourceDependencies, forTexts } from './text-source';

// A visit's change (its checks, history line, event and the session that follows) only for a
// confirmation: every other text, and every other reply to a visit, changes no appointment.
const marks = lazy(() => import('./marks'));

/**
 * What a customer's reply to a visit's text does to the appointment store: the number's next
 * visit of the team, a confirmation by the customer (markAppointment, with its event), and a
 * reply kept on the visit's history for staff.
 */
export interface AppointmentRepliesDependencies extends Omit<AppointmentTextSourceDependencies, 'appointments' | 'schedulers'> {
  readonly appointments: Pick<AppointmentStore, 'getAppointment' | 'changeAppointment' | 'nextForPhone' | 'noteText'>;
  readonly schedulers: Pick<SchedulerConfigStore, 'getScheduler' | 'listSchedulers'>;
  readonly sessions: ChangeDependencies['sessions'];
  readonly tickets: SupportTicketWriter;
}

/** A reply's key on the history: the provider's message id, else its instant and words. */
function replyKey(reply: AppointmentReplyMessage): string {
  return `reply/${reply.messageId ?? `${reply.at}/${reply.body}`}`;
}

/** The same reply to the same visit makes the same ticket id (an RFC 9562 version 8 UUID of its key), so it opens once. */
function ticketId(appointmentId: string, key: string): string {
  const hex = createHash('sha256').update(`${appointmentId}\n${key}`).digest('hex');
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The normal-priority ticket that asks staff to answer a reply that is neither a choice nor a keyword. */
function replyTicket(a: Appointment, enterpriseId: number, key: string, reply: AppointmentReplyMessage): TicketRecord {
  return {
    ticket_id: ticketId(a.appointment_id, key),
    team_id: a.team_id,
    enterprise_id: enterpriseId,
    call_id: null,
    appointment_id: a.appointment_id,
    lead_id: a.lead.lead_id,
    status: 'open',
    priority: 'normal',
    category: 'appointment_reply',
    subject: `Reply to a text about the ${a.service ?? 'booked'} visit on ${a.starts_at}`.slice(0, 300),
    reason: reply.body,
    customer: { name: a.customer.name, phone: a.customer.phone },
    created_at: reply.at,
  };
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
      const { markAppointment } = await marks();
      try {
        await markAppointment(deps, stored, 'confirmed', { by: 'customer', now: new Date(reply.at) });
      } catch (error) {
        // A "C" that arrives after the visit started or was cancelled confirms nothing; no one to tell.
        if (!(error instanceof ConflictError)) throw error;
        log('info', 'appointment reply: the visit can no longer be confirmed', { appointmentId });
      }
    },
    keepForStaff: async (teamId, appointmentId, reply) => {
      const stored = await deps.appointments.getAppointment(appointmentId);
      if (!stored || stored.appointment.team_id !== teamId) return;
      const team = await deps.tenancy.getTeam(teamId);
      const key = replyKey(reply);
      // The ticket first: a stop before the note leaves staff asked, and the note is written again on a retry.
      if (team) await deps.tickets.openTicket(replyTicket(stored.appointment, team.enterpriseId, key, reply));
      await deps.appointments.noteText(teamId, appointmentId, { key, at: reply.at, note: `customer replied: ${reply.body}` });
    },
  };
}

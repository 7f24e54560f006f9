import { nextAppointmentIdForPhone } from '#shared/adapters/dynamodb/appointment-phone-index';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import { appointmentReplies } from '#shared/domain/appointments/replies';
import { lazy } from '#shared/lazy';
import type { AppointmentReplies } from '#shared/ports/appointment-replies';
import { CURSOR_SECRET_ENV, publicOrigin } from './resource-env';
import { secretReader } from './secrets';

/** What replies to appointment texts act on when a test puts its own; null: the appointment store. */
let replySource: (() => AppointmentReplies) | null = null;

/** Puts the appointments replies act on in place (a fake in tests); null puts the appointment store back. */
export function useAppointmentReplies(replies: (() => AppointmentReplies) | null): void {
  replySource = replies;
}

/**
 * receive-inbound-sms: the appointments replies act on (the override read on every call, so a test
 * can put its own). Call it at module load: the tables are looked up then; every text looks its
 * number up in the phone index, and the stores a visit and its reply read (the appointment store
 * with its item's read schema among them) come with the first number that has an upcoming visit.
 */
export function appointmentReplyDependencies(): () => AppointmentReplies {
  const tables = {
    leads: physicalTableName('leads'),
    teams: physicalTableName('teams'),
    sessions: physicalTableName('sessions'),
    outbox: physicalTableName('outbox'),
    calls: physicalTableName('calls'),
  };
  const links = manageLinks(secretReader(CURSOR_SECRET_ENV));
  // Every text looks up the number's next visit in the phone index; the visit itself and what its
  // text and replies read come with the first number that has one (appointment-reply-stores.ts).
  const visitStores = lazy(async () => (await import('./appointment-reply-stores')).appointmentReplyStores(getDocumentClient(), tables));
  const store = lazy(() =>
    appointmentReplies({
      appointments: {
        nextForPhone: async (teamId, phone, after) => {
          const appointmentId = await nextAppointmentIdForPhone(getDocumentClient(), tables.leads, { teamId, phone, after });
          // The index holds a projection of the write; the record itself is read consistently.
          return appointmentId === null ? null : (await visitStores()).appointments.getAppointment(appointmentId);
        },
        getAppointment: async (appointmentId) => (await visitStores()).appointments.getAppointment(appointmentId),
        changeAppointment: async (change) => (await visitStores()).appointments.changeAppointment(change),
        noteText: async (teamId, appointmentId, line) => (await visitStores()).appointments.noteText(teamId, appointmentId, line),
      },
      schedulers: {
        getScheduler: async (teamId, schedulerId) => (await visitStores()).schedulers.getScheduler(teamId, schedulerId),
        listSchedulers: async (query) => (await visitStores()).schedulers.listSchedulers(query),
      },
      sessions: {
        getSession: async (ref) => (await visitStores()).sessions.getSession(ref),
        bookedCounts: async (teamId, schedulerId, first, last) =>
          (await visitStores()).sessions.bookedCounts(teamId, schedulerId, first, last),
      },
      tenancy: { getTeam: async (id) => (await visitStores()).teams.getTeam(id) },
      tickets: { openTicket: async (ticket) => (await visitStores()).tickets.openTicket(ticket) },
      links,
      origin: publicOrigin,
    }),
  );
  return () => (replySource ? replySource() : store());
}

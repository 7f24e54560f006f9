import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
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
 * can put its own). Call it at module load: the tables are looked up then; the appointment store
 * is built on the first text, the stores a visit's reply reads with the first number that has an
 * upcoming visit.
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
  // Every text looks up the number's next visit; what a visit's text and its replies read comes
  // with the first number that has one (appointment-reply-stores.ts).
  const visitStores = lazy(async () => (await import('./appointment-reply-stores')).appointmentReplyStores(getDocumentClient(), tables));
  const store = lazy(() =>
    appointmentReplies({
      appointments: new DynamoAppointmentStore(getDocumentClient(), tables),
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

import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSupportTicketWriter } from '#shared/adapters/dynamodb/support-ticket-writer';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DynamoWidgetSessionStore } from '#shared/adapters/dynamodb/widget-session-store';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import { type AppointmentRepliesDependencies, appointmentReplies } from '#shared/domain/appointments/replies';
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
 * The scheduler store, imported with the first text from a number with an upcoming visit (the
 * visit's text names its scheduler): an opt-out, a keyword or a reply to a campaign, most of what
 * the inbound-SMS webhook receives, reads no scheduler, whose settings schema is the largest
 * thing that webhook would otherwise build at cold start.
 */
function firstUseSchedulers(client: () => DynamoDBDocumentClient, teams: string): AppointmentRepliesDependencies['schedulers'] {
  const store = lazy(
    async () => new (await import('#shared/adapters/dynamodb/scheduler-config-store')).DynamoSchedulerConfigStore(client(), teams),
  );
  return {
    getScheduler: async (teamId, schedulerId) => (await store()).getScheduler(teamId, schedulerId),
    listSchedulers: async (query) => (await store()).listSchedulers(query),
  };
}

/**
 * receive-inbound-sms: the appointments replies act on (the override read on every call, so a test
 * can put its own). Call it at module load: the tables are looked up then; the stores are built on
 * the first reply.
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
  const store = lazy(() => {
    const client = getDocumentClient();
    return appointmentReplies({
      appointments: new DynamoAppointmentStore(client, tables),
      schedulers: firstUseSchedulers(getDocumentClient, tables.teams),
      sessions: new DynamoWidgetSessionStore(client, tables.sessions),
      tenancy: new DynamoTenancyStore(client, tables.teams),
      tickets: new DynamoSupportTicketWriter(client, tables.calls),
      links,
      origin: publicOrigin,
    });
  });
  return () => (replySource ? replySource() : store());
}

import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { DynamoAppointmentTextStore } from '#shared/adapters/dynamodb/appointment-text-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { DynamoSupportTicketWriter } from '#shared/adapters/dynamodb/support-ticket-writer';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DynamoWidgetSessionStore } from '#shared/adapters/dynamodb/widget-session-store';
import type { AppointmentTextWorkerDependencies } from '#shared/domain/appointment-texts/handle-text-message';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import { appointmentReplies } from '#shared/domain/appointments/replies';
import { appointmentTextSource } from '#shared/domain/appointments/text-source';
import { pricePerSegmentMicros } from '#shared/domain/sms-campaigns/pricing-config';
import { lazy } from '#shared/lazy';
import type { AppointmentReplies } from '#shared/ports/appointment-replies';
import type { AppointmentTextSource } from '#shared/ports/appointment-text-source';
import { workerMaxRunMs } from '#shared/workers/definitions';
import { CURSOR_SECRET_ENV, publicOrigin } from './resource-env';
import { scheduler } from './scheduler';
import { secretReader } from './secrets';
import { smsProvider } from './sms-provider';

/** Where the appointment texts read the appointments when a test puts its own; null: the appointment store. */
let appointmentSource: (() => AppointmentTextSource) | null = null;

/** Puts the appointments the texts read in place (a fake in tests); null puts the appointment store back. */
export function useAppointmentTextSource(source: (() => AppointmentTextSource) | null): void {
  appointmentSource = source;
}

/** The appointment store, read for texts (its stores built on the first call). */
function storeTextSource(tables: { readonly leads: string; readonly teams: string }): () => AppointmentTextSource {
  const links = manageLinks(secretReader(CURSOR_SECRET_ENV));
  return lazy(() => {
    const client = getDocumentClient();
    return appointmentTextSource({
      appointments: new DynamoAppointmentStore(client, { leads: tables.leads }),
      schedulers: new DynamoSchedulerConfigStore(client, tables.teams),
      tenancy: new DynamoTenancyStore(client, tables.teams),
      links,
      origin: publicOrigin,
    });
  });
}

/**
 * The appointment-texter worker: the texts' records and the suppression list (campaigns table),
 * the SMS provider, the scheduler (reminders), the price per segment and the run limit read at
 * load. Call it at module load: the table is looked up then.
 */
export function appointmentTextDependencies(): () => AppointmentTextWorkerDependencies {
  const campaigns = physicalTableName('campaigns');
  const texts = lazy(() => new DynamoAppointmentTextStore(getDocumentClient(), campaigns));
  const store = storeTextSource({ leads: physicalTableName('leads'), teams: physicalTableName('teams') });
  const price = pricePerSegmentMicros();
  const maxRunMs = workerMaxRunMs('appointment-texter');
  return () => ({
    texts: texts(),
    sms: smsProvider.get('default'),
    scheduler: scheduler.get('default'),
    appointments: appointmentSource ? appointmentSource() : store(),
    pricePerSegmentMicros: price,
    maxRunMs,
  });
}

/** What replies to appointment texts act on when a test puts its own; null: the appointment store. */
let replySource: (() => AppointmentReplies) | null = null;

/** Puts the appointments replies act on in place (a fake in tests); null puts the appointment store back. */
export function useAppointmentReplies(replies: (() => AppointmentReplies) | null): void {
  replySource = replies;
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
      schedulers: new DynamoSchedulerConfigStore(client, tables.teams),
      sessions: new DynamoWidgetSessionStore(client, tables.sessions),
      tenancy: new DynamoTenancyStore(client, tables.teams),
      tickets: new DynamoSupportTicketWriter(client, tables.calls),
      links,
      origin: publicOrigin,
    });
  });
  return () => (replySource ? replySource() : store());
}

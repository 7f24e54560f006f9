import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { DynamoSupportTicketWriter } from '#shared/adapters/dynamodb/support-ticket-writer';
import { DynamoTeamReader } from '#shared/adapters/dynamodb/team-reader';
import { DynamoWidgetSessionStore } from '#shared/adapters/dynamodb/widget-session-store';

/** The stores a reply to a visit's text reads, the visit's own store with them. */
export interface AppointmentReplyStores {
  readonly appointments: DynamoAppointmentStore;
  readonly schedulers: DynamoSchedulerConfigStore;
  readonly sessions: DynamoWidgetSessionStore;
  readonly teams: DynamoTeamReader;
  readonly tickets: DynamoSupportTicketWriter;
}

/**
 * Built with the inbound-SMS webhook's first text from a number with an upcoming visit
 * (appointment-reply-dependencies.ts imports this module then): the visit is read from the
 * appointment store (its item's read schema, its change and note writes), its text names its
 * scheduler and team, a confirmation reads the widget session the visit was booked in, any other
 * reply opens a ticket. Every other text reads the phone index alone (appointment-phone-index.ts). An opt-out, a keyword or a reply to a campaign, most of what the webhook
 * receives, reads none of them, and the scheduler's settings and the stored widget session are
 * the largest schemas the webhook would otherwise build at cold start.
 */
export function appointmentReplyStores(
  client: DynamoDBDocumentClient,
  tables: { readonly leads: string; readonly teams: string; readonly sessions: string; readonly outbox: string; readonly calls: string },
): AppointmentReplyStores {
  return {
    appointments: new DynamoAppointmentStore(client, tables),
    schedulers: new DynamoSchedulerConfigStore(client, tables.teams),
    sessions: new DynamoWidgetSessionStore(client, tables.sessions),
    teams: new DynamoTeamReader(client, tables.teams),
    tickets: new DynamoSupportTicketWriter(client, tables.calls),
  };
}

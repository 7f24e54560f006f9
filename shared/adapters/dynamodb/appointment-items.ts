import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AppointmentChange, AppointmentChannel, AppointmentStatus, StoredAppointment } from '#shared/domain/appointments/appointment';
import type { DomainEvent } from '#shared/ports/event-bus';
import { changeSortKey, teamPk, timeSortKey } from './keys';
import { outboxPuts } from './outbox';

/**
 * Appointments live in the leads table (a visit belongs to a lead, and both channels that make
 * visits already write that table in the same request): one item per appointment at
 * `APPOINTMENT#<id>` / `APPOINTMENT`, addressed by id alone, since the platform routes name an
 * appointment without its team and the manage link carries only its id. Two indexes list a team's
 * visits by start, newest first: `appointmentsByStart` (`apptPk = TEAM#<t>#APPOINTMENTS`) and, per
 * status, `appointmentsByStatus` (`apptStatusPk = TEAM#<t>#APPOINTMENTS#<status>`); per customer's
 * number, `appointmentsByPhone` (`apptPhonePk = TEAM#<t>#APPOINTMENTS#PHONE#<e164>`, sparse: a
 * reply to a text finds the number's next visit); all sorted by `apptSk = <starts_at>#<team>#<id>`. A moved or re-statused visit is one UpdateItem; the indexes
 * follow. The change feed (`appointmentChanges`, ADR 0147) reads `apptPk` by `apptChangeSk =
 * <updated_at>#<team>#<id>`; visits written before it lack that key and enter the feed when they next change.
 */
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type AppointmentItem = {
  pk: string;
  sk: 'APPOINTMENT';
  apptPk: string;
  apptStatusPk: string;
  /** Only on a visit with a customer's number: the index is sparse. */
  apptPhonePk?: string;
  apptSk: string;
  /** Absent on visits written before the change feed (until the backfill). */
  apptChangeSk?: string;
  appointment_id: string;
  team_id: number;
  scheduler_id: number | null;
  channel: AppointmentChannel;
  status: AppointmentStatus;
  customer: { name: string | null; phone: string | null; email: string | null; address: string | null };
  service: string | null;
  starts_at: string;
  time_zone: string;
  duration_minutes: number;
  lead: { id: string | null; lead_id: number | null };
  session_id: string | null;
  call_id: string | null;
  history: AppointmentChange[];
  created_at: string;
  updated_at: string;
  manage_nonce: string;
  manage_token_hash: string;
  held_slot: { date: string; time: string } | null;
  session_started_at: string | null;
  version: number;
};

export const APPOINTMENT_INDEXES = {
  byStart: { name: 'appointmentsByStart', partitionKeyName: 'apptPk' },
  byStatus: { name: 'appointmentsByStatus', partitionKeyName: 'apptStatusPk' },
  byPhone: { name: 'appointmentsByPhone', partitionKeyName: 'apptPhonePk' },
  byChange: { name: 'appointmentChanges', partitionKeyName: 'apptPk' },
  sortKeyName: 'apptSk',
  changeSortKeyName: 'apptChangeSk',
} as const;

export function appointmentKey(appointmentId: string): { pk: string; sk: 'APPOINTMENT' } {
  return { pk: `APPOINTMENT#${appointmentId}`, sk: 'APPOINTMENT' };
}

export function appointmentsPk(teamId: number, status?: AppointmentStatus): string {
  return `${teamPk(teamId)}#APPOINTMENTS${status ? `#${status}` : ''}`;
}

/** The partition of a team's visits for one number (E.164). */
export function appointmentsByPhonePk(teamId: number, phone: string): string {
  return `${appointmentsPk(teamId)}#PHONE#${phone}`;
}

export function toAppointmentItem(stored: StoredAppointment): AppointmentItem {
  const a = stored.appointment;
  const apptSk = timeSortKey(a.starts_at, a.team_id, a.appointment_id);
  return {
    ...appointmentKey(a.appointment_id),
    apptPk: appointmentsPk(a.team_id),
    apptStatusPk: appointmentsPk(a.team_id, a.status),
    ...(a.customer.phone ? { apptPhonePk: appointmentsByPhonePk(a.team_id, a.customer.phone) } : {}),
    apptSk,
    apptChangeSk: changeSortKey(a.updated_at, apptSk),
    appointment_id: a.appointment_id,
    team_id: a.team_id,
    scheduler_id: a.scheduler_id,
    channel: a.channel,
    status: a.status,
    customer: { name: a.customer.name, phone: a.customer.phone, email: a.customer.email, address: a.customer.address },
    service: a.service,
    starts_at: a.starts_at,
    time_zone: a.time_zone,
    duration_minutes: a.duration_minutes,
    lead: { id: a.lead.id, lead_id: a.lead.lead_id },
    session_id: a.session_id,
    call_id: a.call_id,
    history: a.history.map((h) => ({ ...h })),
    created_at: a.created_at,
    updated_at: a.updated_at,
    manage_nonce: stored.manage.nonce,
    manage_token_hash: stored.manage.tokenHash,
    held_slot: stored.heldSlot ? { date: stored.heldSlot.date, time: stored.heldSlot.time } : null,
    session_started_at: stored.sessionStartedAt,
    version: stored.version,
  };
}

/**
 * The writes that make a new appointment and its events due, for a transaction of its own or of
 * the change that makes it (a call report's): the appointment only if none has its id.
 */
export function appointmentCreateItems(
  stored: StoredAppointment,
  events: readonly DomainEvent[],
  tables: { readonly leads: string; readonly outbox: string },
): TransactItem[] {
  return [
    { Put: { TableName: tables.leads, Item: toAppointmentItem(stored), ConditionExpression: 'attribute_not_exists(pk)' } },
    ...outboxPuts(events, tables.outbox),
  ];
}

import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AppointmentChange, AppointmentChannel, AppointmentStatus, StoredAppointment } from '#shared/domain/appointments/appointment';
import type { DomainEvent } from '#shared/ports/event-bus';
import { appointmentKey, appointmentsByPhonePk, appointmentsPk } from './appointment-keys';
import { changeSortKey, timeSortKey } from './keys';
import { outboxPuts } from './outbox';

/** An appointment's item in the leads table (its keys and indexes: appointment-keys.ts) and its writes. */
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

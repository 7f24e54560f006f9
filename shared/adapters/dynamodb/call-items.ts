import type { CallRecord, TransferRecord } from '#shared/domain/calls';
import type { AppointmentRecord, ReportResult, TicketRecord } from '#shared/domain/support-tickets';
import { padId, teamPk, timeSortKey } from './keys';
import type { Item } from './query';

/** The calls table's items (calls, transfers, tickets, appointments, report guards) and their mappings. */
/** A call as stored (members absent on calls stored before they existed stay absent). */
export type CallItem = {
  pk: string;
  sk: string;
  typePk: string;
  callPk: string;
  call_id: string;
  team_id: number;
  provider_call_id: string;
  type: string;
  direction: 'inbound' | 'outbound';
  customer: { name: string | null; phone: string | null; phone_raw?: string | null };
  started_at: string;
  ended_at: string | null;
  duration_seconds: number | null;
  transcript: string | null;
  turns?: { speaker: 'agent' | 'customer'; text: string; start_seconds: number | null; end_seconds: number | null }[];
  turns_trimmed?: boolean;
  summary: string | null;
  recording_url: string | null;
  analysis: {
    call_reason: string | null;
    sentiment: string | null;
    booking_intent: boolean | null;
    urgency: string | null;
    raw?: Record<string, unknown> | null;
  };
  warnings?: string[];
  ended_reason: string | null;
  cost: number | null;
  appointment_id: string | null;
  ticket_id: string | null;
  lead_id: number | null;
  stl_call_id: number | null;
  decisions?: { decision: string; reason: string; evidence?: string[] }[];
  created_at: string;
};

export function toCallItem(call: CallRecord): CallItem {
  const pk = teamPk(call.team_id);
  return {
    pk,
    sk: timeSortKey(call.started_at, call.team_id, call.call_id),
    typePk: `${pk}#${call.type}`,
    callPk: callPk(call.team_id, call.call_id),
    ...callMembers(call),
  };
}

export function callPk(teamId: number, callId: string): string {
  return `${teamPk(teamId)}#CALL#${callId}`;
}

/** The call of a stored item; `raw` is what DynamoDB answered for a call's key. */
export function fromCallItem(raw: Item): CallRecord {
  return callMembers(raw as CallItem);
}

/**
 * The members a call has on both sides, copied one by one (the keys stay behind, optional members
 * stay absent where the source lacks them): both directions of the mapping.
 */
function callMembers(c: CallRecord | CallItem): CallRecord & Omit<CallItem, 'pk' | 'sk' | 'typePk' | 'callPk'> {
  return {
    call_id: c.call_id,
    team_id: c.team_id,
    provider_call_id: c.provider_call_id,
    type: c.type,
    direction: c.direction,
    customer: {
      name: c.customer.name,
      phone: c.customer.phone,
      ...(c.customer.phone_raw === undefined ? {} : { phone_raw: c.customer.phone_raw }),
    },
    started_at: c.started_at,
    ended_at: c.ended_at,
    duration_seconds: c.duration_seconds,
    transcript: c.transcript,
    ...(c.turns === undefined
      ? {}
      : { turns: c.turns.map((t) => ({ speaker: t.speaker, text: t.text, start_seconds: t.start_seconds, end_seconds: t.end_seconds })) }),
    ...(c.turns_trimmed === undefined ? {} : { turns_trimmed: c.turns_trimmed }),
    summary: c.summary,
    recording_url: c.recording_url,
    analysis: {
      call_reason: c.analysis.call_reason,
      sentiment: c.analysis.sentiment,
      booking_intent: c.analysis.booking_intent,
      urgency: c.analysis.urgency,
      ...(c.analysis.raw === undefined ? {} : { raw: c.analysis.raw }),
    },
    ...(c.warnings === undefined ? {} : { warnings: [...c.warnings] }),
    ended_reason: c.ended_reason,
    cost: c.cost,
    appointment_id: c.appointment_id,
    ticket_id: c.ticket_id,
    lead_id: c.lead_id,
    stl_call_id: c.stl_call_id,
    ...(c.decisions === undefined
      ? {}
      : {
          decisions: c.decisions.map((d) => ({
            decision: d.decision,
            reason: d.reason,
            ...(d.evidence === undefined ? {} : { evidence: [...d.evidence] }),
          })),
        }),
    created_at: c.created_at,
  };
}

export function providerCallPk(teamId: number, providerCallId: string): string {
  return `${teamPk(teamId)}#PROVIDERCALL#${providerCallId}`;
}

export function reportGuardKey(teamId: number, providerCallId: string) {
  return { pk: providerCallPk(teamId, providerCallId), sk: 'REPORT' as const };
}

export const transfersPk = (teamId: number) => `${teamPk(teamId)}#TRANSFERS`;

/** A transfer as stored, under its call's partition or in the team's feed (same members, other keys). */
export type TransferItem = {
  pk: string;
  sk: string;
  transfer_id: string;
  team_id: number;
  provider_call_id: string;
  transferred_at: string;
  destination: { type: string | null; number: string | null; sip_uri: string | null; description: string | null; message: string | null };
  reason: string | null;
  source: 'transfer-update' | 'ended_reason';
  created_at: string;
};

export function toTransferItem(t: TransferRecord, key: { pk: string; sk: string }): TransferItem {
  return { ...key, ...transferMembers(t) };
}

export function fromTransferItem(raw: Item): TransferRecord {
  return transferMembers(raw as TransferItem);
}

function transferMembers(t: TransferRecord | TransferItem): TransferRecord & Omit<TransferItem, 'pk' | 'sk'> {
  return {
    transfer_id: t.transfer_id,
    team_id: t.team_id,
    provider_call_id: t.provider_call_id,
    transferred_at: t.transferred_at,
    destination: {
      type: t.destination.type,
      number: t.destination.number,
      sip_uri: t.destination.sip_uri,
      description: t.destination.description,
      message: t.destination.message,
    },
    reason: t.reason,
    source: t.source,
    created_at: t.created_at,
  };
}

/** A support ticket as stored, in its enterprise's partition. */
export type TicketItem = {
  pk: string;
  sk: string;
  ticket_id: string;
  team_id: number;
  enterprise_id: number;
  call_id: string | null;
  appointment_id?: string | null;
  lead_id: number | null;
  status: 'open';
  priority: 'low' | 'normal' | 'high' | 'urgent';
  category: string;
  subject: string;
  reason: string;
  customer: { name: string | null; phone: string | null };
  created_at: string;
};

export function toTicketItem(t: TicketRecord): TicketItem {
  return { pk: ticketsPk(t.enterprise_id), sk: timeSortKey(t.created_at, t.team_id, t.ticket_id), ...ticketMembers(t) };
}

export function fromTicketItem(raw: Item): TicketRecord {
  return ticketMembers(raw as TicketItem);
}

function ticketMembers(t: TicketRecord | TicketItem): TicketRecord {
  return {
    ticket_id: t.ticket_id,
    team_id: t.team_id,
    enterprise_id: t.enterprise_id,
    call_id: t.call_id,
    appointment_id: t.appointment_id ?? null,
    lead_id: t.lead_id,
    status: t.status,
    priority: t.priority,
    category: t.category,
    subject: t.subject,
    reason: t.reason,
    customer: { name: t.customer.name, phone: t.customer.phone },
    created_at: t.created_at,
  };
}

/** An appointment the responder created, in its team's appointments partition. */
export type AppointmentItem = {
  pk: string;
  sk: string;
  appointment_id: string;
  team_id: number;
  call_id: string;
  lead_id: number | null;
  status: 'scheduled' | 'requested';
  scheduled_for: string | null;
  preferred_date: string | null;
  customer: { name: string | null; phone: string | null };
  service: string | null;
  urgency: string;
  reason: string;
  created_at: string;
};

export function toAppointmentItem(a: AppointmentRecord): AppointmentItem {
  return {
    pk: `${teamPk(a.team_id)}#APPOINTMENTS`,
    sk: timeSortKey(a.created_at, a.team_id, a.appointment_id),
    appointment_id: a.appointment_id,
    team_id: a.team_id,
    call_id: a.call_id,
    lead_id: a.lead_id,
    status: a.status,
    scheduled_for: a.scheduled_for,
    preferred_date: a.preferred_date,
    customer: { name: a.customer.name, phone: a.customer.phone },
    service: a.service,
    urgency: a.urgency,
    reason: a.reason,
    created_at: a.created_at,
  };
}

/**
 * The idempotency guard of a voice report, holding the ids it produced: its `result` is the
 * report's result as the responder recorded it, read back whole by a redelivery.
 */
export type ReportGuardItem = { pk: string; sk: 'REPORT'; result: ReportResult; created_at: string };

export function recordName(item: Record<string, unknown>): string {
  if ('transcript' in item) return 'call record (with its transcript and summary)';
  if ('ticket_id' in item) return 'support ticket';
  if ('appointment_id' in item) return 'appointment';
  if ('lead_content' in item) return 'lead';
  return 'idempotency record';
}

export function ticketsPk(enterpriseId: number): string {
  return `ENTERPRISE#${padId(enterpriseId)}#TICKETS`;
}

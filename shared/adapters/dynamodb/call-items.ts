import * as z from 'zod/mini';
import type { CallRecord, TransferRecord } from '#shared/domain/calls';
import type { AppointmentRecord, ReportResult, TicketRecord } from '#shared/domain/support-tickets';
import { atLoad } from '#shared/lazy';
import { padId, teamPk, timeSortKey } from './keys';
import { type Item, parseStoredItem } from './query';
import {
  storedBoolean,
  storedNullableNumber,
  storedNullableText,
  storedNumber,
  storedText,
  storedTextOrNull,
  storedTexts,
} from './stored-members';

/** The calls table's items (calls, transfers, tickets, appointments, report guards) and their mappings. */

/** A customer as a ticket and an appointment store it. */
const storedCustomer = /* @__PURE__ */ atLoad(() => z.object({ name: storedNullableText, phone: storedNullableText }));

/**
 * A call's attributes as stored: the record's own fields under their own names, so this list is the
 * item's type, its validation and its mapping back. Members the record gained after calls were
 * first stored (phone_raw, turns, turns_trimmed, analysis.raw, warnings, decisions) are optional:
 * older rows lack them and read without them. `satisfies` keeps it equal to CallRecord.
 */
const storedCall = /* @__PURE__ */ atLoad(() =>
  z.object({
    call_id: storedText,
    team_id: storedNumber,
    provider_call_id: storedText,
    type: storedText,
    direction: z.enum(['inbound', 'outbound']),
    customer: z.object({ name: storedNullableText, phone: storedNullableText, phone_raw: z.optional(storedNullableText) }),
    started_at: storedText,
    ended_at: storedNullableText,
    duration_seconds: storedNullableNumber,
    transcript: storedNullableText,
    turns: z.optional(
      z.array(
        z.object({
          speaker: z.enum(['agent', 'customer']),
          text: storedText,
          start_seconds: storedNullableNumber,
          end_seconds: storedNullableNumber,
        }),
      ),
    ),
    turns_trimmed: z.optional(storedBoolean),
    summary: storedNullableText,
    recording_url: storedNullableText,
    analysis: z.object({
      call_reason: storedNullableText,
      sentiment: storedNullableText,
      booking_intent: z.nullable(storedBoolean),
      urgency: storedNullableText,
      raw: z.optional(z.nullable(z.record(storedText, z.unknown()))),
    }),
    warnings: z.optional(storedTexts),
    ended_reason: storedNullableText,
    cost: storedNullableNumber,
    appointment_id: storedNullableText,
    ticket_id: storedNullableText,
    lead_id: storedNullableNumber,
    stl_call_id: storedNullableNumber,
    decisions: z.optional(z.array(z.object({ decision: storedText, reason: storedText, evidence: z.optional(storedTexts) }))),
    created_at: storedText,
  }),
) satisfies z.ZodMiniType<CallRecord>;

/** A call as stored: its keys and the record's attributes. */
type CallItem = { pk: string; sk: string; typePk: string; callPk: string } & z.input<typeof storedCall>;

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
  return parseStoredItem(storedCall, raw, 'call');
}

/**
 * The members of a call, copied one by one so that nothing but the record's own fields is written
 * (optional members stay absent where the call lacks them).
 */
function callMembers(c: CallRecord): z.input<typeof storedCall> {
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

/** A transfer's attributes as stored, under its call's partition or in the team's feed (same members, other keys). */
const storedTransfer = /* @__PURE__ */ atLoad(() =>
  z.object({
    transfer_id: storedText,
    team_id: storedNumber,
    provider_call_id: storedText,
    transferred_at: storedText,
    destination: z.object({
      type: storedNullableText,
      number: storedNullableText,
      sip_uri: storedNullableText,
      description: storedNullableText,
      message: storedNullableText,
    }),
    reason: storedNullableText,
    source: z.enum(['transfer-update', 'ended_reason']),
    created_at: storedText,
  }),
) satisfies z.ZodMiniType<TransferRecord>;

type TransferItem = { pk: string; sk: string } & z.input<typeof storedTransfer>;

export function toTransferItem(t: TransferRecord, key: { pk: string; sk: string }): TransferItem {
  return { ...key, ...transferMembers(t) };
}

export function fromTransferItem(raw: Item): TransferRecord {
  return parseStoredItem(storedTransfer, raw, 'transfer');
}

function transferMembers(t: TransferRecord): z.input<typeof storedTransfer> {
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

/**
 * A support ticket's attributes as stored, in its enterprise's partition; tickets stored before a
 * reply to a visit's text could open one lack appointment_id and read it as null.
 */
const storedTicket = /* @__PURE__ */ atLoad(() =>
  z.object({
    ticket_id: storedText,
    team_id: storedNumber,
    enterprise_id: storedNumber,
    call_id: storedNullableText,
    appointment_id: storedTextOrNull,
    lead_id: storedNullableNumber,
    status: z.literal('open'),
    priority: z.enum(['low', 'normal', 'high', 'urgent']),
    category: storedText,
    subject: storedText,
    reason: storedText,
    customer: storedCustomer,
    created_at: storedText,
  }),
) satisfies z.ZodMiniType<TicketRecord>;

type TicketItem = { pk: string; sk: string } & z.input<typeof storedTicket>;

export function toTicketItem(t: TicketRecord): TicketItem {
  return { pk: ticketsPk(t.enterprise_id), sk: timeSortKey(t.created_at, t.team_id, t.ticket_id), ...ticketMembers(t) };
}

export function fromTicketItem(raw: Item): TicketRecord {
  return parseStoredItem(storedTicket, raw, 'support ticket');
}

function ticketMembers(t: TicketRecord): z.input<typeof storedTicket> {
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
const storedAppointment = /* @__PURE__ */ atLoad(() =>
  z.object({
    appointment_id: storedText,
    team_id: storedNumber,
    call_id: storedText,
    lead_id: storedNullableNumber,
    status: z.enum(['scheduled', 'requested']),
    scheduled_for: storedNullableText,
    preferred_date: storedNullableText,
    customer: storedCustomer,
    service: storedNullableText,
    urgency: storedText,
    reason: storedText,
    created_at: storedText,
  }),
) satisfies z.ZodMiniType<AppointmentRecord>;

type AppointmentItem = { pk: string; sk: string } & z.input<typeof storedAppointment>;

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
 * report's result as the responder recorded it, read back whole by a redelivery. Guards stored
 * before outreach close-outs and coaching lack `outreach` and `coach`.
 */
const storedReportResult = /* @__PURE__ */ atLoad(() =>
  z.object({
    call_id: storedText,
    appointment_id: storedNullableText,
    ticket_id: storedNullableText,
    outreach: z.optional(
      z.nullable(z.object({ stl_call_id: storedNumber, ended_reason: storedNullableText, appointment: z.nullable(storedAppointment) })),
    ),
    coach: z.optional(z.nullable(z.object({ started_at: storedText }))),
  }),
) satisfies z.ZodMiniType<ReportResult>;

const storedReportGuard = /* @__PURE__ */ atLoad(() => z.object({ result: storedReportResult }));

export type ReportGuardItem = { pk: string; sk: 'REPORT'; created_at: string } & z.input<typeof storedReportGuard>;

/** The result a report guard holds; `raw` may be projected to its key and result. */
export function fromReportGuardItem(raw: Item): ReportResult {
  return parseStoredItem(storedReportGuard, raw, 'report guard').result;
}

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

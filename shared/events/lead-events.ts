import { createHash } from 'node:crypto';
import type { Attribution } from '#shared/domain/leads';
import type { DomainEvent } from '#shared/ports/event-bus';

/**
 * Lead lifecycle events. Their JSON Schemas are in ./schemas (the contract for subscribers);
 * tests check every emitted event against them. Delivery is at least once: consumers deduplicate
 * on event_id, which is stable across re-publication (see eventIdFor).
 */
export interface LeadRef {
  readonly lead_id: number;
  readonly stl_call_id: number;
  readonly team_id: number;
  readonly external_id: string | null;
  /** The lead's attribution (fullAttribution of the stored lead), carried by every lead event. */
  readonly attribution: Required<Attribution>;
}

export type LeadOutcome = 'booked' | 'not_booked' | 'no_answer' | 'failed' | 'cancelled';

/**
 * The event id is derived from what the event is about (its type and the lead, appointment or
 * outreach it reports), so an event published again after a failure carries the same id and
 * consumers that deduplicate on event_id see it once.
 */
export function eventIdFor(type: string, key: string): string {
  const hex = createHash('sha256').update(`${type}:${key}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function envelope(type: string, ref: LeadRef, body: Record<string, unknown>, occurredAt: Date, key: string): DomainEvent {
  return {
    type,
    detail: {
      event: type,
      event_id: eventIdFor(type, key),
      occurred_at: occurredAt.toISOString(),
      lead_id: ref.lead_id,
      stl_call_id: ref.stl_call_id,
      team_id: ref.team_id,
      external_id: ref.external_id,
      attribution: ref.attribution,
      ...body,
    },
  };
}

export function leadCreated(
  ref: LeadRef,
  lead: {
    customer_name: string | null;
    /** E.164; null when the phone sent does not read as a number (then phone_number_raw holds it). */
    phone_number: string | null;
    phone_number_raw: string | null;
    email: string | null;
    service_type: string | null;
    lead_source: string | null;
    appointment_datetime: string | null;
  },
  /** not_needed: the customer booked in the scheduling widget; no call is made. */
  outreach: { status: 'queued' | 'scheduled' | 'not_placed' | 'not_needed'; due_at: string; scheduling_mode: string; max_attempts: number },
  occurredAt: Date,
): DomainEvent {
  return envelope('lead.created', ref, { lead, outreach }, occurredAt, String(ref.lead_id));
}

export function leadBookingCreated(
  ref: LeadRef,
  callId: string | null,
  appointment: {
    appointment_id: string;
    status: 'scheduled' | 'requested';
    scheduled_for: string | null;
    service_type: string | null;
    urgency: string | null;
  },
  occurredAt: Date,
): DomainEvent {
  return envelope('lead.booking_created', ref, { call_id: callId, appointment }, occurredAt, appointment.appointment_id);
}

export function leadCompleted(
  ref: LeadRef,
  result: {
    outcome: LeadOutcome;
    attempts: number;
    call_id: string | null;
    appointment_id: string | null;
    ticket_id: string | null;
    reason: string | null;
  },
  occurredAt: Date,
): DomainEvent {
  return envelope('lead.completed', ref, result, occurredAt, String(ref.stl_call_id));
}

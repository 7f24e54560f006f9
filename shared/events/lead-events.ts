import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '../ports/event-bus';

/**
 * Lead lifecycle events. Their JSON Schemas are in ./schemas (the contract for subscribers);
 * tests check every emitted event against them. Each carries a unique event_id so consumers can
 * deduplicate: EventBridge delivers at least once.
 */
export interface LeadRef {
  readonly lead_id: number;
  readonly stl_call_id: number;
  readonly team_id: number;
  readonly external_id: string | null;
}

export type LeadOutcome = 'booked' | 'not_booked' | 'no_answer' | 'failed' | 'cancelled';

function envelope(type: string, ref: LeadRef, body: Record<string, unknown>, occurredAt: Date): DomainEvent {
  return {
    type,
    detail: {
      event: type,
      event_id: randomUUID(),
      occurred_at: occurredAt.toISOString(),
      lead_id: ref.lead_id,
      stl_call_id: ref.stl_call_id,
      team_id: ref.team_id,
      external_id: ref.external_id,
      ...body,
    },
  };
}

export function leadCreated(
  ref: LeadRef,
  lead: {
    customer_name: string | null;
    phone_number: string;
    email: string | null;
    service_type: string | null;
    lead_source: string | null;
    appointment_datetime: string | null;
  },
  outreach: { status: 'queued' | 'scheduled'; due_at: string; scheduling_mode: string; max_attempts: number },
  occurredAt: Date,
): DomainEvent {
  return envelope('lead.created', ref, { lead, outreach }, occurredAt);
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
  return envelope('lead.booking_created', ref, { call_id: callId, appointment }, occurredAt);
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
  return envelope('lead.completed', ref, result, occurredAt);
}

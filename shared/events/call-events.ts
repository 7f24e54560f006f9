import type { CallRecord } from '#shared/domain/calls';
import type { DomainEvent } from '#shared/ports/event-bus';
import { eventIdFor } from './lead-events';

/**
 * call.processed: the AI responder processed a call's end-of-call report and stored the call and
 * what it produced (JSON Schema in ./schemas). Due in the outbox in the write that stores the call,
 * published at least once, always with the same event_id: deduplicate on it. Carries ids and outcome only, never the caller's number or the
 * transcript: GET /api/calls/{callId} has them for keys allowed to see them.
 */
export function callProcessed(call: CallRecord): DomainEvent {
  const type = 'call.processed';
  return {
    type,
    detail: {
      event: type,
      event_id: eventIdFor(type, `${call.team_id}:${call.call_id}`),
      occurred_at: call.created_at,
      team_id: call.team_id,
      call_id: call.call_id,
      provider_call_id: call.provider_call_id,
      direction: call.direction,
      call_type: call.type,
      started_at: call.started_at,
      ended_at: call.ended_at,
      duration_seconds: call.duration_seconds,
      ended_reason: call.ended_reason,
      appointment_id: call.appointment_id,
      ticket_id: call.ticket_id,
      lead_id: call.lead_id,
      stl_call_id: call.stl_call_id,
    },
  };
}

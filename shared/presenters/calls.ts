import type * as z from 'zod';
import type { call } from '#shared/contracts/calls';
import type { CallRecord, RecordingLink } from '#shared/domain/calls';

/** Call records (GET /api/calls). */

export type CallData = z.output<ReturnType<typeof call>>;

/**
 * The /api/calls item; the transcript is present only for keys holding read:transcripts.
 * `recording_url` is the caller's signed link, or null when the call has no recording or no link is
 * given: the provider's URL itself never leaves the service.
 */
export function presentCall(record: CallRecord, includeTranscript: boolean, recordingLink?: RecordingLink): CallData {
  return {
    call_id: record.call_id,
    team_id: record.team_id,
    provider_call_id: record.provider_call_id,
    type: record.type,
    direction: record.direction,
    customer: { name: record.customer.name, phone: record.customer.phone, phone_raw: record.customer.phone_raw ?? null },
    started_at: record.started_at,
    ended_at: record.ended_at,
    duration_seconds: record.duration_seconds,
    summary: record.summary,
    recording_url: record.recording_url && recordingLink ? (recordingLink(record)?.url ?? null) : null,
    analysis: {
      call_reason: record.analysis.call_reason,
      sentiment: record.analysis.sentiment,
      booking_intent: record.analysis.booking_intent,
      urgency: record.analysis.urgency,
      ...(record.analysis.raw === undefined ? {} : { raw: record.analysis.raw }),
    },
    ...(record.warnings === undefined ? {} : { warnings: record.warnings }),
    ended_reason: record.ended_reason,
    cost: record.cost,
    appointment_id: record.appointment_id,
    ticket_id: record.ticket_id,
    lead_id: record.lead_id,
    stl_call_id: record.stl_call_id,
    ...(record.decisions === undefined ? {} : { decisions: record.decisions.map(presentDecision) }),
    created_at: record.created_at,
    ...(includeTranscript ? { transcript: record.transcript } : {}),
  };
}

function presentDecision(decision: NonNullable<CallRecord['decisions']>[number]): NonNullable<CallData['decisions']>[number] {
  return {
    decision: decision.decision,
    reason: decision.reason,
    ...(decision.evidence === undefined ? {} : { evidence: decision.evidence }),
  };
}

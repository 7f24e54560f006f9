import type { TranscriptTurn } from './responder/transcript-turns';

/** A call handled by the AI responder or placed by outreach, as stored. */
export interface CallRecord {
  /** Our id (UUID). */
  call_id: string;
  team_id: number;
  /** The voice provider's call id (message.call.id). */
  provider_call_id: string;
  /** Provider call type, e.g. inboundPhoneCall, outboundPhoneCall, webCall. */
  type: string;
  direction: 'inbound' | 'outbound';
  customer: { name: string | null; phone: string | null };
  started_at: string;
  ended_at: string | null;
  /** Whole seconds. */
  duration_seconds: number | null;
  transcript: string | null;
  /** The transcript turn by turn; absent on calls stored before turns were kept. */
  turns?: TranscriptTurn[];
  /** True when trailing turns were dropped so the record fits DynamoDB's item limit (the text is whole). */
  turns_trimmed?: boolean;
  summary: string | null;
  recording_url: string | null;
  analysis: {
    call_reason: string | null;
    sentiment: string | null;
    booking_intent: boolean | null;
    urgency: string | null;
  };
  ended_reason: string | null;
  cost: number | null;
  appointment_id: string | null;
  ticket_id: string | null;
  lead_id: number | null;
  stl_call_id: number | null;
  /** What the AI responder decided and why (for operators). */
  decisions?: readonly { readonly decision: string; readonly reason: string }[];
  created_at: string;
}

/** The /api/calls item; the transcript is present only for keys holding read:transcripts. */
export function toPublicCall(call: CallRecord, includeTranscript: boolean) {
  const { transcript, turns: _turns, turns_trimmed: _trimmed, ...rest } = call;
  return includeTranscript ? { ...rest, transcript } : rest;
}

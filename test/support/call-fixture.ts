import type { CallRecord } from '#shared/domain/calls';
import type { NormalizedCall } from '#shared/domain/voice/call-report';
import { transcriptTurns } from '#shared/domain/voice/transcript-turns';

/** A complete call with a transcript, turns, a recording and a decision (the presenter and store tests build theirs from it). */
export const storedCall: CallRecord = {
  call_id: '7d9e2b4a-1c3f-4e5d-8a6b-9c0d1e2f3a4b',
  team_id: 1,
  provider_call_id: 'prov-1',
  type: 'inboundPhoneCall',
  direction: 'inbound',
  customer: { name: null, phone: '+15551230000' },
  started_at: '2026-03-01T12:00:00.000Z',
  ended_at: '2026-03-01T12:03:00.000Z',
  duration_seconds: 180,
  transcript: 'AI: hello',
  turns: [{ speaker: 'agent', text: 'hello', start_seconds: 0, end_seconds: 1 }],
  turns_trimmed: false,
  summary: null,
  recording_url: 'https://recordings.example/prov-1.wav',
  analysis: { call_reason: null, sentiment: 'positive', booking_intent: true, urgency: 'standard' },
  ended_reason: 'customer-ended-call',
  cost: 0.12,
  appointment_id: null,
  ticket_id: null,
  lead_id: null,
  stl_call_id: null,
  decisions: [{ decision: 'no_action', reason: 'nothing asked' }],
  created_at: '2026-03-01T12:03:01.000Z',
};

/**
 * A provider's report reduced to a plain-text transcript (its turns read from the speaker labels),
 * as the responder's tests decide on: nothing else about the call is known.
 */
export function callOfTranscript(
  transcript: string,
  analysis: Partial<NormalizedCall['analysis']> = {},
  endedReason: string | null = null,
): NormalizedCall {
  return {
    providerCallId: 'c',
    type: 'inboundPhoneCall',
    customerNumber: null,
    customerName: null,
    durationSeconds: 60,
    transcript,
    turns: transcriptTurns(null, transcript),
    summary: null,
    recordingUrl: null,
    analysis: { callReason: null, sentiment: null, bookingIntent: null, urgency: null, ...analysis },
    analysisRaw: null,
    warnings: [],
    endedReason,
    destination: null,
    startedAt: null,
    endedAt: null,
    cost: null,
    metadata: {},
  };
}

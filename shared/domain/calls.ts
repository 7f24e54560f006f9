import type { TranscriptTurn } from './voice/transcript-turns';

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
  /** phone_raw: the number as sent when it does not read as a phone number (absent on older calls). */
  customer: { name: string | null; phone: string | null; phone_raw?: string | null };
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
    /** The analysis as the provider sent it (absent on calls stored before it was kept). */
    raw?: Record<string, unknown> | null;
  };
  /** What could not be read from the report's provider-defined analysis (absent before warnings were kept). */
  warnings?: readonly string[];
  ended_reason: string | null;
  cost: number | null;
  appointment_id: string | null;
  ticket_id: string | null;
  lead_id: number | null;
  stl_call_id: number | null;
  /** What the AI responder decided and why (for operators). */
  decisions?: readonly { readonly decision: string; readonly reason: string; readonly evidence?: readonly string[] }[];
  created_at: string;
}

/**
 * The seam for recording links: turns a call's stored recording into a link the caller may fetch for
 * a limited time (never the bare provider URL). Handlers pass one (shared/http/caller-recording-links.ts).
 */
export type RecordingLink = (call: CallRecord) => { url: string; expires_at: string } | null;

/**
 * A call handed to a person ("pre-call transfer"): where to, why and when. Recorded from the voice
 * provider's transfer-update messages and from end-of-call reports whose ended reason says the
 * call was forwarded; kept per team and provider call id, so a transfer that arrives before its
 * report joins the call on read.
 */
export interface TransferRecord {
  /** Stable per transfer: derived from the provider call id and what identifies the transfer, so a redelivery finds it. */
  transfer_id: string;
  team_id: number;
  provider_call_id: string;
  transferred_at: string;
  destination: {
    /** number, sip or assistant, as the provider names it; null when not given. */
    type: string | null;
    number: string | null;
    sip_uri: string | null;
    description: string | null;
    /** What the assistant said to the caller before transferring. */
    message: string | null;
  };
  reason: string | null;
  /** transfer-update: the provider's transfer message; ended_reason: derived from an end-of-call report. */
  source: 'transfer-update' | 'ended_reason';
  created_at: string;
}

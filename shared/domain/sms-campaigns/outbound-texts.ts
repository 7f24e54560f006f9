import type { SendStatus } from './campaign';

/** Statuses of a text as the outbound texts feed shows them (SendStatus). */
export const TEXT_STATUSES = [
  'sending',
  'sent',
  'failed',
  'opted_out',
  'unconfirmed',
  'deferred',
  'suppressed',
  'capped',
  'skipped',
] as const satisfies readonly SendStatus[];

/**
 * Why a text was sent: a campaign's, or one of the texts a booking sends on its own (its
 * confirmation, a reminder, a change notice) or a recovery text for a booking left unfinished.
 */
export const TEXT_PURPOSES = ['campaign', 'booking_confirmation', 'booking_reminder', 'booking_change', 'booking_recovery'] as const;
export type TextPurpose = (typeof TEXT_PURPOSES)[number];

/** One text, as the outbound texts feed lists it: a campaign recipient's, or a text outside campaigns. */
export interface OutboundText {
  /** The campaign that sent it; null for a text outside campaigns (purpose says which). */
  readonly campaign_id: string | null;
  readonly purpose: TextPurpose;
  /** The appointment a booking text is about; null for campaign texts. */
  readonly appointment_id: string | null;
  readonly team_id: number;
  readonly recipient: string;
  /** The text as sent (as planned, while not sent yet); null on campaign texts recorded before bodies were kept. */
  readonly body: string | null;
  readonly segments: number;
  readonly cost_micros: number;
  readonly status: SendStatus;
  readonly provider_message_id: string | null;
  readonly error: string | null;
  /** When the record was first written (claimed for sending, deferred or suppressed). */
  readonly queued_at: string;
  /** When the provider accepted the text; null unless sent. */
  readonly sent_at: string | null;
  readonly updated_at: string;
  readonly deferred_until: string | null;
  /** The first instant the text may go out under the calling-hours rules, and which rule set it (null on older records). */
  readonly send_at: string | null;
  readonly rule: string | null;
}

import type { SendStatus } from './campaign';

/** Statuses of a campaign text as the outbound texts feed shows them (SendStatus). */
export const TEXT_STATUSES = [
  'sending',
  'sent',
  'failed',
  'opted_out',
  'unconfirmed',
  'deferred',
  'suppressed',
  'capped',
] as const satisfies readonly SendStatus[];

/** One recipient's text of a campaign, as the outbound texts feed lists it. */
export interface OutboundText {
  readonly campaign_id: string;
  readonly team_id: number;
  readonly recipient: string;
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

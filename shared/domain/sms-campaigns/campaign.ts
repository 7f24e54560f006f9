import type { CampaignRequest } from './campaign-request';

/** Campaign status. */
export const CAMPAIGN_STATUSES = ['scheduled', 'sending', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export interface CampaignCounts {
  sent: number;
  failed: number;
  opted_out: number;
  /**
   * Claimed by a sender that stopped (a crash, a timeout) before it recorded the outcome: the
   * provider may or may not have accepted the text. Never sent again, so nobody is texted twice.
   */
  unconfirmed: number;
  /**
   * Skipped because the number was at its state's frequency cap (frequency-cap.ts) when the
   * campaign was planned; never texted.
   */
  capped: number;
}

/**
 * A campaign with its counters. Money is kept in integer micro-dollars. How it is stored is the
 * campaign store's business, how it is answered the presenter's (presenters/sms-campaigns.ts).
 */
export interface Campaign {
  campaign_id: string;
  team_id: number;
  campaign_type: CampaignRequest['campaign_type'];
  status: CampaignStatus;
  message_template: string;
  fallback_message: string | null;
  settings: { include_opt_out: boolean; respect_quiet_hours: boolean };
  segmentation: Record<string, unknown> | null;
  /** Unique recipients after collapsing duplicates. */
  recipients_count: number;
  requested_count: number;
  duplicates_collapsed: number;
  chunk_count: number;
  counts: CampaignCounts;
  replies: number;
  estimated_cost_micros: number;
  actual_cost_micros: number;
  price_per_segment_micros: number;
  scheduled_time: string;
  completion_time: string | null;
  cancelled_at: string | null;
  created_at: string;
  /** When the last recipient's text may go out under the calling-hours rules; absent on older campaigns. */
  last_send_at?: string | null;
  /** When every text should be out, given last_send_at and the team's sending rate; absent on older campaigns. */
  estimated_completion_time?: string | null;
  /** True once a message per chunk is on the queue; false until then (absent on campaigns stored before it was kept). */
  fanned_out?: boolean;
}

/** One recipient as planned at creation: what will be sent, already rendered and priced. */
export interface ChunkRecipient {
  phone: string;
  body: string;
  segments: number;
  suppressed: boolean;
  /** The first instant the text may go out (calling-hours.ts) and the rule that set it, as planned. */
  send_at?: string | null;
  rule?: string | null;
  /** Why a frequency cap skips this recipient (never texted), null when it does not. */
  capped?: string | null;
}

/**
 * State of one recipient's send record; recipients a cancel stopped simply never get one.
 * `suppressed` (opted out before the campaign was planned: never texted, counted as opted out at
 * creation) and `deferred` (waiting for the recipient's send window) are recorded for the outbound
 * texts feed; a deferred record is claimed like an absent one when its window opens. `capped`
 * (a frequency cap skipped it at planning, counted then, never texted) is recorded once, like
 * `suppressed`.
 */
export type SendStatus =
  | 'sending'
  | 'sent'
  | 'failed'
  | 'opted_out'
  | 'unconfirmed'
  | 'suppressed'
  | 'deferred'
  | 'capped'
  /** Never on a campaign's text: a recovery text that waited and had no reason to go any more. */
  | 'skipped';

/**
 * The campaign-sends queue messages: start a campaign (fan out one message per chunk), or send one
 * chunk. `requested_at` is when the create request ran: a start that finds no campaign waits for
 * the request to store it, up to the request's limit.
 */
export type CampaignMessage =
  | { type: 'start'; campaign_id: string; requested_at?: string }
  | { type: 'chunk'; campaign_id: string; chunk: number };

export function campaignScheduleName(campaignId: string): string {
  return `campaign-${campaignId}-start`;
}

/** Recipients per chunk: one queue message and one stored item each. */
export const CHUNK_SIZE = 50;

/** Recipients settled so far: sent, failed, opted out, unconfirmed or capped. */
export function settledCount(c: Campaign): number {
  return c.counts.sent + c.counts.failed + c.counts.opted_out + c.counts.unconfirmed + c.counts.capped;
}

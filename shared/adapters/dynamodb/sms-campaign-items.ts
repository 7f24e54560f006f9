import type { Campaign, CampaignCounts, CampaignStatus, ChunkRecipient, SendStatus } from '#shared/domain/sms-campaigns/campaign';
import type { OutboundText } from '#shared/domain/sms-campaigns/outbound-texts';
import type { SubscriptionEvent } from '#shared/domain/sms-campaigns/subscription-events';
import type { SendRecord } from '#shared/ports/sms-campaign-store';
import { campaignPk, teamPk } from './keys';
import { subscriptionEventsPk, subscriptionEventTypePk } from './outbound-keys';

/**
 * The items of the campaigns table as stored, and their mappings to and from the domain's
 * objects: the attribute names are the table's, so a rename in the domain or the API changes the
 * mapping here, never the stored data. Items written before a member existed lack it; the
 * mappings fill it in. Type aliases rather than interfaces, so they pass where the client takes
 * any item (Record<string, unknown>).
 */

/** `CAMPAIGN#<id>` / META: the campaign with its counters. */
export type CampaignItem = {
  readonly pk: string;
  readonly sk: 'META';
  readonly campaign_id: string;
  readonly team_id: number;
  readonly campaign_type: Campaign['campaign_type'];
  readonly status: CampaignStatus;
  readonly message_template: string;
  readonly fallback_message: string | null;
  readonly settings: { readonly include_opt_out: boolean; readonly respect_quiet_hours: boolean };
  readonly segmentation: Record<string, unknown> | null;
  readonly recipients_count: number;
  readonly requested_count: number;
  readonly duplicates_collapsed: number;
  readonly chunk_count: number;
  /** `unconfirmed` and `capped` are absent on campaigns stored before those outcomes existed. */
  readonly counts: Omit<CampaignCounts, 'unconfirmed' | 'capped'> & { readonly unconfirmed?: number; readonly capped?: number };
  readonly replies: number;
  readonly estimated_cost_micros: number;
  readonly actual_cost_micros: number;
  readonly price_per_segment_micros: number;
  readonly scheduled_time: string;
  readonly completion_time: string | null;
  readonly cancelled_at: string | null;
  readonly created_at: string;
  readonly last_send_at?: string | null;
  readonly estimated_completion_time?: string | null;
  readonly fanned_out?: boolean;
};

/** `CAMPAIGN#<id>` / CHUNK#<nnnnn>: up to CHUNK_SIZE rendered recipients. */
export type ChunkItem = {
  readonly pk: string;
  readonly sk: string;
  readonly recipients: readonly ChunkRecipientItem[];
};

type ChunkRecipientItem = {
  readonly phone: string;
  readonly body: string;
  readonly segments: number;
  readonly suppressed: boolean;
  /** Absent on chunks stored before calling hours and caps were planned. */
  readonly send_at?: string | null;
  readonly rule?: string | null;
  readonly capped?: string | null;
};

/**
 * `CAMPAIGN#<id>` / SEND#<e164>: one recipient's send record (the exactly-once guard), with the
 * outbound texts feed's index keys (outbound-keys.ts). Written piecewise (a claim, then update
 * expressions that settle, defer or release it), so most members are optional.
 */
export type SendItem = {
  readonly pk: string;
  readonly sk: string;
  readonly status: SendStatus;
  readonly team_id: number;
  readonly segments?: number;
  /** The rendered text; absent on records written before bodies were kept. */
  readonly body?: string;
  readonly cost_micros?: number;
  readonly claimed_at?: string;
  readonly claim_token?: string;
  readonly provider_message_id?: string | null;
  readonly error?: string | null;
  /** When the record was first written: the feed's order. */
  readonly recorded_at: string;
  readonly settled_at?: string;
  readonly updated_at?: string;
  readonly deferred_until?: string | null;
  readonly send_at?: string | null;
  readonly rule?: string | null;
  readonly textsPk: string;
  readonly textsStatusPk: string;
  readonly textsSk: string;
};

/** `TEAM#<t>#SUBEVENTS` / <at>#<event id>: one subscription event, with its per-type index key. */
export type SubscriptionEventItem = {
  readonly pk: string;
  readonly sk: string;
  readonly eventTypePk: string;
  readonly event_id: string;
  readonly team_id: number;
  readonly type: SubscriptionEvent['type'];
  readonly phone: string;
  readonly keyword: string | null;
  readonly source: SubscriptionEvent['source'];
  readonly suppression_change: SubscriptionEvent['suppression_change'];
  readonly campaign_id: string | null;
  readonly occurred_at: string;
  /** Absent on events stored before replies were flagged for review. */
  readonly needs_review?: boolean;
  readonly message?: string | null;
};

/**
 * `TEAM#<t>#CAMPAIGNS` / <created at>#<campaign id>: the team's campaigns, so a deletion on request
 * finds the chunks that name a person without a Scan (campaigns created before it are found
 * through their texts).
 */
export const teamCampaignsPk = (teamId: number) => `${teamPk(teamId)}#CAMPAIGNS`;

export const chunkSk = (n: number) => `CHUNK#${String(n).padStart(5, '0')}`;
const SEND_PREFIX = 'SEND#';
export const sendSk = (phone: string) => `${SEND_PREFIX}${phone}`;
export const phoneOfSendSk = (sk: string) => sk.slice(SEND_PREFIX.length);

export function toCampaignItem(c: Campaign): CampaignItem {
  return {
    pk: campaignPk(c.campaign_id),
    sk: 'META',
    campaign_id: c.campaign_id,
    team_id: c.team_id,
    campaign_type: c.campaign_type,
    status: c.status,
    message_template: c.message_template,
    fallback_message: c.fallback_message,
    settings: { include_opt_out: c.settings.include_opt_out, respect_quiet_hours: c.settings.respect_quiet_hours },
    segmentation: c.segmentation,
    recipients_count: c.recipients_count,
    requested_count: c.requested_count,
    duplicates_collapsed: c.duplicates_collapsed,
    chunk_count: c.chunk_count,
    counts: {
      sent: c.counts.sent,
      failed: c.counts.failed,
      opted_out: c.counts.opted_out,
      unconfirmed: c.counts.unconfirmed,
      capped: c.counts.capped,
    },
    replies: c.replies,
    estimated_cost_micros: c.estimated_cost_micros,
    actual_cost_micros: c.actual_cost_micros,
    price_per_segment_micros: c.price_per_segment_micros,
    scheduled_time: c.scheduled_time,
    completion_time: c.completion_time,
    cancelled_at: c.cancelled_at,
    created_at: c.created_at,
    last_send_at: c.last_send_at ?? null,
    estimated_completion_time: c.estimated_completion_time ?? null,
    ...(c.fanned_out === undefined ? {} : { fanned_out: c.fanned_out }),
  };
}

export function fromCampaignItem(item: CampaignItem): Campaign {
  return {
    campaign_id: item.campaign_id,
    team_id: item.team_id,
    campaign_type: item.campaign_type,
    status: item.status,
    message_template: item.message_template,
    fallback_message: item.fallback_message ?? null,
    settings: { include_opt_out: item.settings.include_opt_out, respect_quiet_hours: item.settings.respect_quiet_hours },
    segmentation: item.segmentation ?? null,
    recipients_count: item.recipients_count,
    requested_count: item.requested_count,
    duplicates_collapsed: item.duplicates_collapsed,
    chunk_count: item.chunk_count,
    counts: {
      sent: item.counts.sent,
      failed: item.counts.failed,
      opted_out: item.counts.opted_out,
      unconfirmed: item.counts.unconfirmed ?? 0,
      capped: item.counts.capped ?? 0,
    },
    replies: item.replies,
    estimated_cost_micros: item.estimated_cost_micros,
    actual_cost_micros: item.actual_cost_micros,
    price_per_segment_micros: item.price_per_segment_micros,
    scheduled_time: item.scheduled_time,
    completion_time: item.completion_time ?? null,
    cancelled_at: item.cancelled_at ?? null,
    created_at: item.created_at,
    last_send_at: item.last_send_at ?? null,
    estimated_completion_time: item.estimated_completion_time ?? null,
    fanned_out: item.fanned_out === true,
  };
}

export function toChunkItem(campaignId: string, chunk: number, recipients: readonly ChunkRecipient[]): ChunkItem {
  return {
    pk: campaignPk(campaignId),
    sk: chunkSk(chunk),
    recipients: recipients.map((r) => ({
      phone: r.phone,
      body: r.body,
      segments: r.segments,
      suppressed: r.suppressed,
      send_at: r.send_at ?? null,
      rule: r.rule ?? null,
      capped: r.capped ?? null,
    })),
  };
}

export function fromChunkItem(item: ChunkItem): ChunkRecipient[] {
  return item.recipients.map((r) => ({
    phone: r.phone,
    body: r.body,
    segments: r.segments,
    suppressed: r.suppressed,
    send_at: r.send_at ?? null,
    rule: r.rule ?? null,
    capped: r.capped ?? null,
  }));
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The claim state of a send record (the sender's exactly-once guard). */
export function sendRecordOf(item: SendItem): SendRecord {
  return { status: item.status, claimedAt: str(item.claimed_at), claimToken: str(item.claim_token) };
}

/** A campaign's send record as the outbound texts feed lists it. */
export function outboundTextOf(item: SendItem): OutboundText {
  const status = item.status;
  return {
    campaign_id: item.pk.slice('CAMPAIGN#'.length),
    purpose: 'campaign',
    appointment_id: null,
    team_id: item.team_id,
    recipient: phoneOfSendSk(item.sk),
    body: str(item.body),
    segments: typeof item.segments === 'number' ? item.segments : 0,
    cost_micros: typeof item.cost_micros === 'number' ? item.cost_micros : 0,
    status,
    provider_message_id: str(item.provider_message_id),
    error: str(item.error),
    queued_at: item.recorded_at,
    sent_at: status === 'sent' ? str(item.settled_at) : null,
    updated_at: str(item.updated_at) ?? item.recorded_at,
    deferred_until: status === 'deferred' ? str(item.deferred_until) : null,
    send_at: str(item.send_at),
    rule: str(item.rule),
  };
}

export function toSubscriptionEventItem(event: SubscriptionEvent): SubscriptionEventItem {
  return {
    pk: subscriptionEventsPk(event.team_id),
    sk: `${event.occurred_at}#${event.event_id}`,
    eventTypePk: subscriptionEventTypePk(event.team_id, event.type),
    event_id: event.event_id,
    team_id: event.team_id,
    type: event.type,
    phone: event.phone,
    keyword: event.keyword,
    source: event.source,
    suppression_change: event.suppression_change,
    campaign_id: event.campaign_id,
    occurred_at: event.occurred_at,
    ...(event.needs_review === undefined ? {} : { needs_review: event.needs_review }),
    ...(event.message === undefined ? {} : { message: event.message }),
  };
}

export function fromSubscriptionEventItem(item: SubscriptionEventItem): SubscriptionEvent {
  return {
    event_id: item.event_id,
    team_id: item.team_id,
    type: item.type,
    phone: item.phone,
    keyword: str(item.keyword),
    source: item.source,
    suppression_change: item.suppression_change ?? null,
    campaign_id: str(item.campaign_id),
    occurred_at: item.occurred_at,
    needs_review: item.needs_review === true,
    message: str(item.message),
  };
}

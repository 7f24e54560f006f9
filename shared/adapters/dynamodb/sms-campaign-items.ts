import * as z from 'zod/mini';
import type { ChunkRecipient, SendStatus } from '#shared/domain/sms-campaigns/campaign';
import type { OutboundText } from '#shared/domain/sms-campaigns/outbound-texts';
import {
  SUBSCRIPTION_EVENT_SOURCES,
  SUBSCRIPTION_EVENT_TYPES,
  type SubscriptionEvent,
} from '#shared/domain/sms-campaigns/subscription-events';
import { atLoad } from '#shared/lazy';
import type { SendRecord } from '#shared/ports/sms-campaign-store';
import { campaignPk, teamPk } from './keys';
import { subscriptionEventsPk, subscriptionEventTypePk } from './outbound-keys';
import { type Item, parseStoredItem } from './query';
import {
  storedBoolean,
  storedNumber,
  storedOptionalNullableText,
  storedOptionalNumber,
  storedOptionalText,
  storedText,
  storedTextOrNull,
} from './stored-members';

/**
 * The items of the campaigns table as stored, and their mappings to and from the domain's
 * objects: the attribute names are the table's, so a rename in the domain or the API changes the
 * mapping here, never the stored data. Items written before a member existed lack it; the
 * mappings fill it in. Type aliases rather than interfaces, so they pass where the client takes
 * any item (Record<string, unknown>).
 */

/**
 * `CAMPAIGN#<id>` / CHUNK#<nnnnn>: up to CHUNK_SIZE rendered recipients; send_at, rule and capped
 * are absent on chunks stored before calling hours and caps were planned.
 */
const storedChunk = /* @__PURE__ */ atLoad(() => {
  return z.object({
    recipients: z.array(
      z.object({
        phone: storedText,
        body: storedText,
        segments: storedNumber,
        suppressed: storedBoolean,
        send_at: storedTextOrNull,
        rule: storedTextOrNull,
        capped: storedTextOrNull,
      }),
    ),
  });
}) satisfies z.ZodMiniType<{ recipients: ChunkRecipient[] }>;

export type ChunkItem = { readonly pk: string; readonly sk: string } & z.input<typeof storedChunk>;

/**
 * `CAMPAIGN#<id>` / SEND#<e164>: one recipient's send record (the exactly-once guard), with the
 * outbound texts feed's index keys (outbound-keys.ts). Written piecewise (a claim, then update
 * expressions that settle, defer or release it), so most members are optional; `body` is absent on
 * records written before bodies were kept. `recorded_at` (when first written) is the feed's order.
 */
const storedSend = /* @__PURE__ */ atLoad(() => {
  return z.object({
    pk: storedText,
    sk: storedText,
    status: z.enum(['sending', 'sent', 'failed', 'opted_out', 'unconfirmed', 'suppressed', 'deferred', 'capped']),
    team_id: storedNumber,
    segments: storedOptionalNumber,
    body: storedOptionalText,
    cost_micros: storedOptionalNumber,
    claimed_at: storedOptionalText,
    claim_token: storedOptionalText,
    provider_message_id: storedOptionalNullableText,
    error: storedOptionalNullableText,
    recorded_at: storedText,
    settled_at: storedOptionalText,
    updated_at: storedOptionalText,
    deferred_until: storedOptionalNullableText,
    send_at: storedOptionalNullableText,
    rule: storedOptionalNullableText,
  });
}) satisfies z.ZodMiniType<{ status: SendStatus }>;

export type SendItem = { readonly textsPk: string; readonly textsStatusPk: string; readonly textsSk: string } & z.input<typeof storedSend>;

type StoredSend = z.output<typeof storedSend>;

/** A send record read back, validated. */
export function parseSendItem(raw: Item): StoredSend {
  return parseStoredItem(storedSend, raw, 'campaign send');
}

/**
 * `TEAM#<t>#SUBEVENTS` / <at>#<event id>: one subscription event, with its per-type index key;
 * needs_review and message are absent on events stored before replies were flagged for review.
 */
const storedSubscriptionEvent = /* @__PURE__ */ atLoad(() => {
  return z.object({
    event_id: storedText,
    team_id: storedNumber,
    type: z.enum(SUBSCRIPTION_EVENT_TYPES),
    phone: storedText,
    keyword: storedTextOrNull,
    source: z.enum(SUBSCRIPTION_EVENT_SOURCES),
    suppression_change: z._default(z.nullable(z.enum(['added', 'removed'])), null),
    campaign_id: storedTextOrNull,
    occurred_at: storedText,
    needs_review: z._default(storedBoolean, false),
    message: storedTextOrNull,
  });
}) satisfies z.ZodMiniType<SubscriptionEvent>;

type SubscriptionEventItem = { readonly pk: string; readonly sk: string; readonly eventTypePk: string } & z.input<
  typeof storedSubscriptionEvent
>;

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

export function fromChunkItem(raw: Item): ChunkRecipient[] {
  return parseStoredItem(storedChunk, raw, 'campaign chunk').recipients;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The claim state of a send record (the sender's exactly-once guard). */
export function sendRecordOf(item: StoredSend): SendRecord {
  return { status: item.status, claimedAt: str(item.claimed_at), claimToken: str(item.claim_token) };
}

/** A campaign's send record as the outbound texts feed lists it. */
export function outboundTextOf(item: StoredSend): OutboundText {
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

export function fromSubscriptionEventItem(raw: Item): SubscriptionEvent {
  return parseStoredItem(storedSubscriptionEvent, raw, 'subscription event');
}

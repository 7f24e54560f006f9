import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { CAMPAIGN_STATUSES, type Campaign } from '#shared/domain/sms-campaigns/campaign';
import { CAMPAIGN_TYPES } from '#shared/domain/sms-campaigns/campaign-request';
import { atLoad } from '#shared/lazy';
import { campaignPk } from './keys';
import { type Item, parseStoredItem } from './query';
import { storedBoolean, storedNumber, storedText, storedTextOrNull } from './stored-members';

/*
 * The campaign's META item as read: its schema and its read, apart from the campaigns table's
 * other items (sms-campaign-items.ts) and from the item's writing (sms-campaign-meta-item.ts), so
 * the outbound feed routes import it with the first request filtered by a campaign and the create
 * with the first frequency-cap check that asks after another campaign, not at cold start
 * (docs/adr/0205-texting-intake-deletion-cold-start-reads-less.md,
 * docs/adr/0210-campaign-create-answers-what-it-stored.md).
 */

/**
 * `CAMPAIGN#<id>` / META: the campaign with its counters, under the record's own names (so this
 * list is also the mapping back). Members absent on campaigns stored before they existed read as
 * their defaults.
 */
const storedCampaign = /* @__PURE__ */ atLoad(() => {
  const absentAsZero = z._default(storedNumber, 0);
  return z.object({
    campaign_id: storedText,
    team_id: storedNumber,
    campaign_type: z.enum(CAMPAIGN_TYPES),
    status: z.enum(CAMPAIGN_STATUSES),
    message_template: storedText,
    fallback_message: storedTextOrNull,
    settings: z.object({ include_opt_out: storedBoolean, respect_quiet_hours: storedBoolean }),
    segmentation: z._default(z.nullable(z.record(storedText, z.unknown())), null),
    recipients_count: storedNumber,
    requested_count: storedNumber,
    duplicates_collapsed: storedNumber,
    chunk_count: storedNumber,
    counts: z.object({
      sent: storedNumber,
      failed: storedNumber,
      opted_out: storedNumber,
      unconfirmed: absentAsZero,
      capped: absentAsZero,
    }),
    replies: storedNumber,
    estimated_cost_micros: storedNumber,
    actual_cost_micros: storedNumber,
    price_per_segment_micros: storedNumber,
    scheduled_time: storedText,
    completion_time: storedTextOrNull,
    cancelled_at: storedTextOrNull,
    created_at: storedText,
    last_send_at: storedTextOrNull,
    estimated_completion_time: storedTextOrNull,
    fanned_out: z._default(storedBoolean, false),
  });
}) satisfies z.ZodMiniType<Campaign>;

/** The META item's members as stored (sms-campaign-meta-item.ts writes them). */
export type StoredCampaignMembers = z.input<typeof storedCampaign>;

export function fromCampaignItem(raw: Item): Campaign {
  return parseStoredItem(storedCampaign, raw, 'campaign');
}

/**
 * A campaign's `CAMPAIGN#<id>` / META item, read consistently: the campaign store's read, and the
 * outbound texts list's when it is filtered by campaign. A function of its own so the list reads
 * the campaign without the campaign store, whose chunk and cap-ledger schemas it never reads
 * (docs/adr/0199-texting-and-intake-build-less-at-load.md).
 */
export async function readCampaign(client: DynamoDBDocumentClient, tableName: string, campaignId: string): Promise<Campaign | null> {
  const result = await client.send(
    new GetCommand({ TableName: tableName, Key: { pk: campaignPk(campaignId), sk: 'META' }, ConsistentRead: true }),
  );
  return result.Item ? fromCampaignItem(result.Item) : null;
}

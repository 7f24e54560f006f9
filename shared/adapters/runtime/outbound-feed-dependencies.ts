import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoOutboundFeedStore } from '#shared/adapters/dynamodb/outbound-feed-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { lazy } from '#shared/lazy';
import type { OutboundFeedStore } from '#shared/ports/outbound-feed-store';
import type { CampaignStore } from '#shared/ports/sms-campaign-store';

/**
 * What the outbound feed routes read: the campaigns table (a campaign the texts are filtered by, and
 * the feeds' indexes), not the campaign store, whose chunk and cap-ledger schemas they never read.
 */
export interface OutboundFeedDependencies {
  readonly campaigns: Pick<CampaignStore, 'getCampaign'>;
  readonly feed: OutboundFeedStore;
}

/**
 * The stores of the outbound feed routes (list-outbound-texts, list-subscription-events). Call it
 * at module load: the table is looked up then (a function whose row lacks it fails to load, as in
 * AWS); the stores are built on the first call of the returned function and kept for the
 * container's life.
 */
export function outboundFeedDependencies(): () => OutboundFeedDependencies {
  const campaigns = physicalTableName('campaigns');
  // Only a list filtered by campaign_id reads a campaign: its schema comes with the first such request.
  const campaignMeta = lazy(() => import('#shared/adapters/dynamodb/sms-campaign-meta'));
  return lazy(() => {
    const client = getDocumentClient();
    return {
      campaigns: { getCampaign: async (campaignId: string) => (await campaignMeta()).readCampaign(client, campaigns, campaignId) },
      feed: new DynamoOutboundFeedStore(client, campaigns),
    };
  });
}

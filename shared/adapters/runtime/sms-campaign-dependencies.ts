import { DynamoCampaignTable } from '#shared/adapters/dynamodb/sms-campaign-table';
import type { CampaignDependencies } from '#shared/domain/sms-campaigns/campaign-service';
import { pricePerSegmentMicros } from '#shared/domain/sms-campaigns/pricing-config';
import { lazy } from '#shared/lazy';
import { queues } from './queues';
import { scheduler } from './scheduler';
import { type TextingStores, textingStoresWith } from './sms-campaign-stores';

// create-sms-campaign's dependencies; sms-campaign-stores.ts holds the stores the campaign functions
// share, sms-campaign-cancel-dependencies.ts and sms-campaign-read-dependencies.ts the cancel's and
// the read's, sms-campaign-sender-dependencies.ts the sender's, the one function that texts. None
// of them imports another's: a module imported at all is bundled into the chunk every cold start
// reads, even where none of its code runs.

/** create-sms-campaign: the stores, the campaign-sends queue, the scheduler and the price per segment. */
export function campaignDependencies(): () => TextingStores<CampaignDependencies['store']> & CampaignDependencies {
  const stores = textingStoresWith((client, table) => new FirstUseMetaReadStore(client, table));
  const price = pricePerSegmentMicros();
  return () => ({ ...stores(), queue: queues.get('campaign-sends'), scheduler: scheduler.get('default'), pricePerSegmentMicros: price });
}

/**
 * The campaign store of the create, which answers with the campaign it stored and reads one only
 * when a frequency cap asks whether another campaign holding a slot is still live: the META read
 * schema (sms-campaign-meta.ts) comes with the first such check, not with every cold start.
 */
class FirstUseMetaReadStore extends DynamoCampaignTable {
  private readonly meta = lazy(() => import('#shared/adapters/dynamodb/sms-campaign-meta'));

  async getCampaign(campaignId: string) {
    return (await this.meta()).readCampaign(this.client, this.tableName, campaignId);
  }
}

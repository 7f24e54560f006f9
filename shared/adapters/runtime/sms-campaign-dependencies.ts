import type { CampaignDependencies } from '#shared/domain/sms-campaigns/campaign-service';
import { pricePerSegmentMicros } from '#shared/domain/sms-campaigns/pricing-config';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import { queues } from './queues';
import { scheduler } from './scheduler';
import { type CampaignStores, campaignStore, storesWith, type TextingStores, textingStoresWith } from './sms-campaign-stores';

// The campaign routes that queue or schedule; sms-campaign-stores.ts holds the stores they share,
// sms-campaign-sender-dependencies.ts the sender's, the one function that texts.

/** create-sms-campaign: the stores, the campaign-sends queue, the scheduler and the price per segment. */
export function campaignDependencies(): () => TextingStores & CampaignDependencies {
  const stores = textingStoresWith(campaignStore);
  const price = pricePerSegmentMicros();
  return () => ({ ...stores(), queue: queues.get('campaign-sends'), scheduler: scheduler.get('default'), pricePerSegmentMicros: price });
}

/** cancel-sms-campaign: the team, the campaign store and the scheduler (a scheduled start is deleted); no texting configuration. */
export function campaignCancelDependencies(): () => CampaignStores & { readonly scheduler: OneTimeScheduler } {
  const stores = storesWith(campaignStore);
  return () => ({ ...stores(), scheduler: scheduler.get('default') });
}

import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import { scheduler } from './scheduler';
import { type CampaignStores, storesWith } from './sms-campaign-stores';

/**
 * cancel-sms-campaign: the team, the campaign store (it reads the campaign on every request) and
 * the scheduler (a scheduled start is deleted); no texting configuration.
 */
export function campaignCancelDependencies(): () => CampaignStores & { readonly scheduler: OneTimeScheduler } {
  const stores = storesWith((client, table) => new DynamoCampaignStore(client, table));
  return () => ({ ...stores(), scheduler: scheduler.get('default') });
}

import { readCampaign } from '#shared/adapters/dynamodb/sms-campaign-meta';
import type { CampaignStore } from '#shared/ports/sms-campaign-store';
import { type CampaignStores, storesWith } from './sms-campaign-stores';

/**
 * get-sms-campaign: the team and the campaign's META item alone (readCampaign), not the campaign
 * store, whose chunk, send and cap-ledger code and schemas a read never runs.
 */
export function campaignReadDependencies(): () => CampaignStores<Pick<CampaignStore, 'getCampaign'>> {
  return storesWith((client, table) => ({ getCampaign: (campaignId: string) => readCampaign(client, table, campaignId) }));
}

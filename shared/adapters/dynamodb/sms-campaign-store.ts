import type { Campaign } from '#shared/domain/sms-campaigns/campaign';
import { readCampaign } from './sms-campaign-meta';
import { DynamoCampaignTable } from './sms-campaign-table';

/**
 * The campaigns table's store (sms-campaign-table.ts) with the META read schema built at load: for
 * the functions that read a campaign on every request (the cancel, the sender, the operator CLI).
 */
export class DynamoCampaignStore extends DynamoCampaignTable {
  getCampaign(campaignId: string): Promise<Campaign | null> {
    return readCampaign(this.client, this.tableName, campaignId);
  }
}

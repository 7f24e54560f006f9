import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Campaign, ChunkRecipient } from '#shared/domain/sms-campaigns/campaign';
import type { CampaignStore } from '#shared/ports/sms-campaign-store';
import { campaignPk } from './keys';
import { chunkSk, fromChunkItem } from './sms-campaign-items';
import { readCampaign } from './sms-campaign-meta';
import { DynamoCampaignTable } from './sms-campaign-table';

/**
 * The campaigns table's store (sms-campaign-table.ts) with its reads, their schemas built at load:
 * for the functions that read a campaign on every request (the cancel, the sender, the operator
 * CLI), and the sender's chunks.
 */
export class DynamoCampaignStore extends DynamoCampaignTable implements CampaignStore {
  getCampaign(campaignId: string): Promise<Campaign | null> {
    return readCampaign(this.client, this.tableName, campaignId);
  }

  async getChunk(campaignId: string, chunk: number): Promise<readonly ChunkRecipient[] | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: campaignPk(campaignId), sk: chunkSk(chunk) } }),
    );
    return result.Item ? fromChunkItem(result.Item) : null;
  }
}

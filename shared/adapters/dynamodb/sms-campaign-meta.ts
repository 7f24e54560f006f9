import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Campaign } from '#shared/domain/sms-campaigns/campaign';
import { campaignPk } from './keys';
import { fromCampaignItem } from './sms-campaign-items';

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

import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SubscriptionEvent } from '#shared/domain/sms-campaigns/subscription-events';
import type { InboundTextStore, SuppressionChange } from '#shared/ports/sms-campaign-store';
import { campaignPk, teamPk } from './keys';
import { claimInbound, claimOptOutConfirmation } from './suppression-list';

/**
 * The campaigns table as an inbound text reads and writes it: the last campaign that texted the
 * number (`TEAM#<t>#LASTCAMPAIGN` / <e164>) and its reply counter, the message's claim with its
 * suppression change, and the opt-out's one confirmation (suppression-list.ts). Its own class, not
 * the campaign store, because the inbound webhook reads no campaign, chunk or send item: built from
 * the store, its bundle would build their schemas at every cold start
 * (docs/adr/0194-phone-and-texting-cold-start.md). The campaign store delegates here.
 */
interface Table {
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
}

export const lastCampaignPk = (teamId: number) => `${teamPk(teamId)}#LASTCAMPAIGN`;

export async function lastCampaignFor(t: Table, teamId: number, phone: string): Promise<string | null> {
  const result = await t.client.send(new GetCommand({ TableName: t.tableName, Key: { pk: lastCampaignPk(teamId), sk: phone } }));
  return typeof result.Item?.campaign_id === 'string' ? result.Item.campaign_id : null;
}

export async function addReply(t: Table, campaignId: string): Promise<void> {
  await t.client.send(
    new UpdateCommand({
      TableName: t.tableName,
      Key: { pk: campaignPk(campaignId), sk: 'META' },
      UpdateExpression: 'ADD replies :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

export class DynamoInboundTextStore implements InboundTextStore {
  private readonly table: Table;

  constructor(client: DynamoDBDocumentClient, tableName: string) {
    this.table = { client, tableName };
  }

  lastCampaignFor(teamId: number, phone: string): Promise<string | null> {
    return lastCampaignFor(this.table, teamId, phone);
  }

  addReply(campaignId: string): Promise<void> {
    return addReply(this.table, campaignId);
  }

  claimInbound(
    teamId: number,
    messageId: string,
    at: string,
    event: SubscriptionEvent | null = null,
    change: SuppressionChange | null = null,
  ): Promise<boolean> {
    return claimInbound(this.table, teamId, messageId, at, event, change);
  }

  claimOptOutConfirmation(teamId: number, phone: string, at: string): Promise<boolean> {
    return claimOptOutConfirmation(this.table, teamId, phone, at);
  }
}

import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { CampaignCounts, CampaignRecord, CampaignStatus, ChunkRecipient, SendStatus } from '../../domain/sms/campaign';
import type { CampaignStore } from '../../ports/campaign-store';
import { batchPut } from './batch-write';
import { teamPk } from './keys';
import { queryAll } from './query';

/**
 * Items of the campaigns table:
 * - `CAMPAIGN#<id>` / META: the campaign with its counters;
 * - `CAMPAIGN#<id>` / CHUNK#<nnnnn>: up to CHUNK_SIZE rendered recipients;
 * - `CAMPAIGN#<id>` / SEND#<e164>: one recipient's send record (the exactly-once guard);
 * - `TEAM#<t>#SUPPRESSION` / <e164>: opted-out numbers;
 * - `TEAM#<t>#LASTCAMPAIGN` / <e164>: the last campaign that texted the number (replies);
 * - `TEAM#<t>#INBOUND` / <message id>: inbound messages already handled.
 */
const campaignPk = (id: string) => `CAMPAIGN#${id}`;
const chunkSk = (n: number) => `CHUNK#${String(n).padStart(5, '0')}`;

function isCancelled(error: unknown): boolean {
  return error instanceof TransactionCanceledException || (error as Error)?.name === 'TransactionCanceledException';
}

export class DynamoCampaignStore implements CampaignStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async createCampaign(campaign: CampaignRecord, chunks: readonly (readonly ChunkRecipient[])[]): Promise<void> {
    // Chunks first: a campaign whose META exists always has all its chunks.
    await batchPut(
      this.client,
      this.tableName,
      chunks.map((recipients, i) => ({ pk: campaignPk(campaign.campaign_id), sk: chunkSk(i), recipients })),
    );
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { pk: campaignPk(campaign.campaign_id), sk: 'META', ...campaign },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async getCampaign(campaignId: string): Promise<CampaignRecord | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: campaignPk(campaignId), sk: 'META' }, ConsistentRead: true }),
    );
    if (!result.Item) return null;
    const { pk: _pk, sk: _sk, ...campaign } = result.Item;
    return campaign as CampaignRecord;
  }

  async getChunk(campaignId: string, chunk: number): Promise<readonly ChunkRecipient[] | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: campaignPk(campaignId), sk: chunkSk(chunk) } }),
    );
    return (result.Item?.recipients as ChunkRecipient[] | undefined) ?? null;
  }

  async transitionCampaign(
    campaignId: string,
    from: readonly CampaignStatus[],
    to: CampaignStatus,
    fields: Partial<CampaignRecord> = {},
  ): Promise<boolean> {
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, unknown> = { ':to': to };
    const froms = from.map((s, i) => {
      values[`:from${i}`] = s;
      return `:from${i}`;
    });
    const sets = ['#status = :to'];
    Object.entries(fields).forEach(([k, v], i) => {
      names[`#f${i}`] = k;
      values[`:f${i}`] = v;
      sets.push(`#f${i} = :f${i}`);
    });
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: campaignPk(campaignId), sk: 'META' },
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: `#status IN (${froms.join(', ')})`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async claimRecipient(campaignId: string, phone: string, at: string): Promise<boolean> {
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { pk: campaignPk(campaignId), sk: `SEND#${phone}`, status: 'sending', claimed_at: at },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async settleRecipient(
    campaignId: string,
    phone: string,
    outcome: { status: Exclude<SendStatus, 'sending'>; costMicros: number; providerMessageId?: string; error?: string; at: string },
  ): Promise<boolean> {
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.tableName,
                Key: { pk: campaignPk(campaignId), sk: `SEND#${phone}` },
                UpdateExpression:
                  'SET #status = :status, settled_at = :at, provider_message_id = :pid, #error = :error, cost_micros = :cost',
                ConditionExpression: 'attribute_not_exists(pk) OR #status = :sending',
                ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
                ExpressionAttributeValues: {
                  ':status': outcome.status,
                  ':at': outcome.at,
                  ':pid': outcome.providerMessageId ?? null,
                  ':error': outcome.error ?? null,
                  ':cost': outcome.costMicros,
                  ':sending': 'sending',
                },
              },
            },
            {
              Update: {
                TableName: this.tableName,
                Key: { pk: campaignPk(campaignId), sk: 'META' },
                UpdateExpression: 'SET #counts.#which = #counts.#which + :one, actual_cost_micros = actual_cost_micros + :cost',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeNames: { '#counts': 'counts', '#which': outcome.status },
                ExpressionAttributeValues: { ':one': 1, ':cost': outcome.costMicros },
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (isCancelled(error)) return false;
      throw error;
    }
  }

  async getSendStatuses(campaignId: string, phones: readonly string[]): Promise<Map<string, SendStatus>> {
    const statuses = new Map<string, SendStatus>();
    for (let i = 0; i < phones.length; i += 100) {
      let keys: Record<string, unknown>[] | undefined = [...new Set(phones.slice(i, i + 100))].map((p) => ({
        pk: campaignPk(campaignId),
        sk: `SEND#${p}`,
      }));
      while (keys && keys.length > 0) {
        const result: BatchGetCommandOutput = await this.client.send(
          new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: keys, ConsistentRead: true } } }),
        );
        for (const item of result.Responses?.[this.tableName] ?? [])
          statuses.set(String(item.sk).slice('SEND#'.length), item.status as SendStatus);
        keys = result.UnprocessedKeys?.[this.tableName]?.Keys;
      }
    }
    return statuses;
  }

  async suppressedAmong(teamId: number, phones: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    const pk = `${teamPk(teamId)}#SUPPRESSION`;
    for (let i = 0; i < phones.length; i += 100) {
      let keys: Record<string, unknown>[] | undefined = [...new Set(phones.slice(i, i + 100))].map((p) => ({ pk, sk: p }));
      while (keys && keys.length > 0) {
        const result: BatchGetCommandOutput = await this.client.send(
          new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: keys } } }),
        );
        for (const item of result.Responses?.[this.tableName] ?? []) found.add(String(item.sk));
        keys = result.UnprocessedKeys?.[this.tableName]?.Keys;
      }
    }
    return found;
  }

  async listSuppressed(teamId: number): Promise<Set<string>> {
    const items = await queryAll(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `${teamPk(teamId)}#SUPPRESSION` },
      ProjectionExpression: 'sk',
    });
    return new Set(items.map((i) => String(i.sk)));
  }

  async suppress(teamId: number, phone: string, keyword: string, at: string): Promise<void> {
    await this.client.send(
      new PutCommand({ TableName: this.tableName, Item: { pk: `${teamPk(teamId)}#SUPPRESSION`, sk: phone, keyword, opted_out_at: at } }),
    );
  }

  async unsuppress(teamId: number, phone: string): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { pk: `${teamPk(teamId)}#SUPPRESSION`, sk: phone } }));
  }

  async rememberLastCampaign(teamId: number, phone: string, campaignId: string, at: string): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { pk: `${teamPk(teamId)}#LASTCAMPAIGN`, sk: phone, campaign_id: campaignId, sent_at: at },
      }),
    );
  }

  async lastCampaignFor(teamId: number, phone: string): Promise<string | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: `${teamPk(teamId)}#LASTCAMPAIGN`, sk: phone } }),
    );
    return typeof result.Item?.campaign_id === 'string' ? result.Item.campaign_id : null;
  }

  async addReply(campaignId: string): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: campaignPk(campaignId), sk: 'META' },
        UpdateExpression: 'ADD replies :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  }

  async claimInbound(teamId: number, messageId: string, at: string): Promise<boolean> {
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { pk: `${teamPk(teamId)}#INBOUND`, sk: messageId, received_at: at },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async addCounts(campaignId: string, counts: Partial<CampaignCounts>, costMicros: number): Promise<void> {
    const names: Record<string, string> = { '#counts': 'counts' };
    const values: Record<string, unknown> = { ':cost': costMicros };
    const sets = ['actual_cost_micros = actual_cost_micros + :cost'];
    Object.entries(counts).forEach(([k, v], i) => {
      names[`#c${i}`] = k;
      values[`:c${i}`] = v;
      sets.push(`#counts.#c${i} = #counts.#c${i} + :c${i}`);
    });
    await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: campaignPk(campaignId), sk: 'META' },
        UpdateExpression: `SET ${sets.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }
}

import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { CampaignRecord, CampaignStatus, ChunkRecipient, SendStatus } from '#shared/domain/sms/campaign';
import { assertStorable } from '#shared/domain/stored-size';
import type { CampaignStore, RecipientOutcome, SendRecord } from '#shared/ports/campaign-store';
import { batchPut } from './batch-write';
import { teamPk } from './keys';
import { queryAll } from './query';
import { transactWrite } from './transact';

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
/** DynamoDB's limit on items in one transaction. */
const MAX_TRANSACTION_ITEMS = 100;
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
    const meta = { pk: campaignPk(campaign.campaign_id), sk: 'META', ...campaign };
    const chunkItems = chunks.map((recipients, i) => ({ pk: campaignPk(campaign.campaign_id), sk: chunkSk(i), recipients }));
    assertStorable(meta, 'The campaign (template, fallback and segmentation)');
    for (const [i, item] of chunkItems.entries()) assertStorable(item, `The campaign's rendered messages of recipients chunk ${i}`);
    // Chunks first: a campaign whose META exists always has all its chunks.
    await batchPut(this.client, this.tableName, chunkItems);
    await this.client.send(new PutCommand({ TableName: this.tableName, Item: meta, ConditionExpression: 'attribute_not_exists(pk)' }));
  }

  async getCampaign(campaignId: string): Promise<CampaignRecord | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: campaignPk(campaignId), sk: 'META' }, ConsistentRead: true }),
    );
    if (!result.Item) return null;
    const { pk: _pk, sk: _sk, ...item } = result.Item;
    const campaign = item as CampaignRecord;
    // Campaigns stored before the unconfirmed outcome existed have no such counter.
    campaign.counts.unconfirmed ??= 0;
    return campaign;
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

  async markFannedOut(campaignId: string): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: campaignPk(campaignId), sk: 'META' },
        UpdateExpression: 'SET fanned_out = :yes',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
  }

  async claimRecipients(campaignId: string, phones: readonly string[], claim: { at: string; token: string }): Promise<Set<string>> {
    const claimed = new Set<string>();
    if (phones.length === 0) return claimed;
    const put = (phone: string) => ({
      TableName: this.tableName,
      Item: { pk: campaignPk(campaignId), sk: `SEND#${phone}`, status: 'sending', claimed_at: claim.at, claim_token: claim.token },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    // One transaction claims the whole chunk in the usual case (no record yet); when any phone is
    // already claimed, claim one by one and keep the ones that succeed.
    if (phones.length <= MAX_TRANSACTION_ITEMS) {
      try {
        await transactWrite(this.client, { TransactItems: phones.map((p) => ({ Put: put(p) })) });
        for (const p of phones) claimed.add(p);
        return claimed;
      } catch (error) {
        if (!isCancelled(error)) throw error;
      }
    }
    for (const p of phones) {
      try {
        await this.client.send(new PutCommand(put(p)));
        claimed.add(p);
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    return claimed;
  }

  async settleRecipients(campaignId: string, outcomes: readonly RecipientOutcome[]): Promise<void> {
    for (let i = 0; i < outcomes.length; i += MAX_TRANSACTION_ITEMS - 1) {
      const batch = outcomes.slice(i, i + MAX_TRANSACTION_ITEMS - 1);
      try {
        await transactWrite(this.client, {
          TransactItems: [...batch.map((o) => this.settleItem(campaignId, o)), this.countItem(campaignId, batch)],
        });
      } catch (error) {
        if (!isCancelled(error)) throw error;
        // A record was settled meanwhile (a concurrent sender): settle one by one, counting only
        // the ones this call changes.
        for (const o of batch) {
          try {
            await transactWrite(this.client, { TransactItems: [this.settleItem(campaignId, o), this.countItem(campaignId, [o])] });
          } catch (inner) {
            if (!isCancelled(inner)) throw inner;
          }
        }
      }
    }
  }

  private settleItem(campaignId: string, o: RecipientOutcome) {
    return {
      Update: {
        TableName: this.tableName,
        Key: { pk: campaignPk(campaignId), sk: `SEND#${o.phone}` },
        UpdateExpression: 'SET #status = :status, settled_at = :at, provider_message_id = :pid, #error = :error, cost_micros = :cost',
        ConditionExpression: 'attribute_not_exists(pk) OR #status = :sending',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: {
          ':status': o.status,
          ':at': o.at,
          ':pid': o.providerMessageId ?? null,
          ':error': o.error ?? null,
          ':cost': o.costMicros,
          ':sending': 'sending',
        },
      },
    };
  }

  private countItem(campaignId: string, outcomes: readonly RecipientOutcome[]) {
    const add = { sent: 0, failed: 0, opted_out: 0, unconfirmed: 0 };
    let cost = 0;
    for (const o of outcomes) {
      add[o.status]++;
      cost += o.costMicros;
    }
    return {
      Update: {
        TableName: this.tableName,
        Key: { pk: campaignPk(campaignId), sk: 'META' },
        UpdateExpression:
          'SET #counts.sent = #counts.sent + :sent, #counts.failed = #counts.failed + :failed, #counts.opted_out = #counts.opted_out + :opted, #counts.unconfirmed = if_not_exists(#counts.unconfirmed, :zero) + :unconfirmed, actual_cost_micros = actual_cost_micros + :cost',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#counts': 'counts' },
        ExpressionAttributeValues: {
          ':sent': add.sent,
          ':failed': add.failed,
          ':opted': add.opted_out,
          ':unconfirmed': add.unconfirmed,
          ':zero': 0,
          ':cost': cost,
        },
      },
    };
  }

  async getSendStatuses(campaignId: string, phones: readonly string[]): Promise<Map<string, SendRecord>> {
    const statuses = new Map<string, SendRecord>();
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
          statuses.set(String(item.sk).slice('SEND#'.length), {
            status: item.status as SendStatus,
            claimedAt: typeof item.claimed_at === 'string' ? item.claimed_at : null,
            claimToken: typeof item.claim_token === 'string' ? item.claim_token : null,
          });
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
    const item = { pk: `${teamPk(teamId)}#SUPPRESSION`, sk: phone, keyword, opted_out_at: at };
    assertStorable(item, 'The opt-out record (with the inbound text)');
    await this.client.send(new PutCommand({ TableName: this.tableName, Item: item }));
  }

  async unsuppress(teamId: number, phone: string): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { pk: `${teamPk(teamId)}#SUPPRESSION`, sk: phone } }));
  }

  async rememberLastCampaign(teamId: number, phones: readonly string[], campaignId: string, at: string): Promise<void> {
    await batchPut(
      this.client,
      this.tableName,
      phones.map((p) => ({ pk: `${teamPk(teamId)}#LASTCAMPAIGN`, sk: p, campaign_id: campaignId, sent_at: at })),
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
    const item = { pk: `${teamPk(teamId)}#INBOUND`, sk: messageId, received_at: at };
    assertStorable(item, 'The inbound message record');
    try {
      await this.client.send(new PutCommand({ TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}

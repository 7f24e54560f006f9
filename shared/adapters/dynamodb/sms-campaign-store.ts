import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { CapLedger, CapLedgerChange, CapSlot } from '#shared/domain/sms/frequency-cap';
import type { Campaign, CampaignStatus, ChunkRecipient } from '#shared/domain/sms-campaigns/campaign';
import type { SubscriptionEvent } from '#shared/domain/sms-campaigns/subscription-events';
import { assertStorable as assertItemFits } from '#shared/domain/stored-size';
import type { DomainEvent } from '#shared/ports/event-bus';
import type {
  CampaignStore,
  CampaignTransitionFields,
  RecipientOutcome,
  SendRecord,
  SuppressionChange,
  TextRecipient,
  UnsentRecipient,
} from '#shared/ports/sms-campaign-store';
import { batchPut } from './batch-write';
import { readCapLedgers, updateCapLedger, updateCapLedgers } from './cap-ledger';
import { campaignPk, teamPk } from './keys';
import { textsPk, textsSk, textsStatusPk } from './outbound-keys';
import { updateWithEvents } from './outbox';
import {
  type CampaignItem,
  type ChunkItem,
  chunkSk,
  fromCampaignItem,
  fromChunkItem,
  phoneOfSendSk,
  type SendItem,
  sendRecordOf,
  sendSk,
  toCampaignItem,
  toChunkItem,
} from './sms-campaign-items';
import { changeSuppression, claimInbound, claimOptOutConfirmation, listSuppressed, suppressedAmong } from './suppression-list';
import { isTransactionCancelled, MAX_TRANSACTION_ITEMS, transactWrite } from './transact';

/**
 * Items of the campaigns table (the first three and the events typed and mapped in campaign-items.ts):
 * - `CAMPAIGN#<id>` / META: the campaign with its counters;
 * - `CAMPAIGN#<id>` / CHUNK#<nnnnn>: up to CHUNK_SIZE rendered recipients;
 * - `CAMPAIGN#<id>` / SEND#<e164>: one recipient's send record (the exactly-once guard), with the
 *   outbound texts feed's index keys (outbound-keys.ts);
 * - `TEAM#<t>#SUPPRESSION` / <e164>: opted-out numbers (suppression-list.ts);
 * - `TEAM#<t>#LASTCAMPAIGN` / <e164>: the last campaign that texted the number (replies);
 * - `TEAM#<t>#INBOUND` / <message id>: inbound messages already handled (suppression-list.ts);
 * - `TEAM#<t>#SUBEVENTS` / <at>#<event id>: subscription events (outbound-keys.ts);
 * - `TEAM#<t>#CAP` / <e164>: the number's frequency-cap ledger, with a version (cap-ledger.ts).
 */
export class DynamoCampaignStore implements CampaignStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /** The table, for the suppression list and inbound claims kept in suppression-list.ts. */
  private get table() {
    return { client: this.client, tableName: this.tableName };
  }

  assertStorable(campaign: Campaign, chunks: readonly (readonly ChunkRecipient[])[]): void {
    this.storableItems(campaign, chunks);
  }

  /** The campaign's items, each refused (413) when it would not fit in a DynamoDB item. */
  private storableItems(
    campaign: Campaign,
    chunks: readonly (readonly ChunkRecipient[])[],
  ): { meta: CampaignItem; chunkItems: ChunkItem[] } {
    const meta = toCampaignItem(campaign);
    const chunkItems = chunks.map((recipients, i) => toChunkItem(campaign.campaign_id, i, recipients));
    assertItemFits(meta, 'The campaign (template, fallback and segmentation)');
    for (const [i, item] of chunkItems.entries()) assertItemFits(item, `The campaign's rendered messages of recipients chunk ${i}`);
    return { meta, chunkItems };
  }

  async createCampaign(campaign: Campaign, chunks: readonly (readonly ChunkRecipient[])[]): Promise<void> {
    const { meta, chunkItems } = this.storableItems(campaign, chunks);
    // Chunks first: a campaign whose META exists always has all its chunks.
    await batchPut(this.client, this.tableName, chunkItems);
    await this.client.send(new PutCommand({ TableName: this.tableName, Item: meta, ConditionExpression: 'attribute_not_exists(pk)' }));
  }

  async getCampaign(campaignId: string): Promise<Campaign | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: campaignPk(campaignId), sk: 'META' }, ConsistentRead: true }),
    );
    return result.Item ? fromCampaignItem(result.Item as CampaignItem) : null;
  }

  async getChunk(campaignId: string, chunk: number): Promise<readonly ChunkRecipient[] | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: campaignPk(campaignId), sk: chunkSk(chunk) } }),
    );
    return result.Item ? fromChunkItem(result.Item as ChunkItem) : null;
  }

  async transitionCampaign(
    campaignId: string,
    from: readonly CampaignStatus[],
    to: CampaignStatus,
    fields: CampaignTransitionFields = {},
    events: readonly DomainEvent[] = [],
  ): Promise<boolean> {
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, unknown> = { ':to': to };
    const froms = from.map((s, i) => {
      values[`:from${i}`] = s;
      return `:from${i}`;
    });
    const sets = ['#status = :to'];
    // The item's attribute of each field that may change with the status.
    const set = (attribute: keyof CampaignItem, value: unknown) => {
      names[`#${attribute}`] = attribute;
      values[`:${attribute}`] = value;
      sets.push(`#${attribute} = :${attribute}`);
    };
    if (fields.completion_time !== undefined) set('completion_time', fields.completion_time);
    if (fields.cancelled_at !== undefined) set('cancelled_at', fields.cancelled_at);
    return updateWithEvents(
      this.client,
      {
        TableName: this.tableName,
        Key: { pk: campaignPk(campaignId), sk: 'META' },
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: `#status IN (${froms.join(', ')})`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
      events,
    );
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

  async claimRecipients(
    campaignId: string,
    recipients: readonly TextRecipient[],
    claim: { at: string; token: string; teamId: number },
  ): Promise<Set<string>> {
    const claimed = new Set<string>();
    if (recipients.length === 0) return claimed;
    // A deferred record is claimed like an absent one; it then sorts at its claim time.
    const put = (r: TextRecipient) => ({
      TableName: this.tableName,
      Item: {
        pk: campaignPk(campaignId),
        sk: sendSk(r.phone),
        status: 'sending',
        claimed_at: claim.at,
        claim_token: claim.token,
        team_id: claim.teamId,
        segments: r.segments,
        body: r.body,
        send_at: r.sendAt ?? null,
        rule: r.rule ?? null,
        recorded_at: claim.at,
        updated_at: claim.at,
        textsPk: textsPk(claim.teamId),
        textsStatusPk: textsStatusPk(claim.teamId, 'sending'),
        textsSk: textsSk(claim.at, campaignId, r.phone),
      } satisfies SendItem,
      ConditionExpression: 'attribute_not_exists(pk) OR #status = :deferred',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':deferred': 'deferred' },
    });
    // One transaction claims the whole chunk in the usual case (no record yet); when any phone is
    // already claimed, claim one by one and keep the ones that succeed.
    if (recipients.length <= MAX_TRANSACTION_ITEMS) {
      try {
        await transactWrite(this.client, { TransactItems: recipients.map((r) => ({ Put: put(r) })) });
        for (const r of recipients) claimed.add(r.phone);
        return claimed;
      } catch (error) {
        if (!isTransactionCancelled(error)) throw error;
      }
    }
    for (const r of recipients) {
      try {
        await this.client.send(new PutCommand(put(r)));
        claimed.add(r.phone);
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    return claimed;
  }

  async recordUnsent(campaignId: string, teamId: number, recipients: readonly UnsentRecipient[], at: string): Promise<void> {
    for (const r of recipients) {
      try {
        await this.client.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: { pk: campaignPk(campaignId), sk: sendSk(r.phone) },
            UpdateExpression:
              'SET #status = :status, team_id = :team, #segments = :segments, body = :body, deferred_until = :until, #error = :error, send_at = :sendAt, #rule = :rule, updated_at = :at, recorded_at = if_not_exists(recorded_at, :at), textsPk = :tpk, textsStatusPk = :tspk, textsSk = if_not_exists(textsSk, :tsk)',
            // A suppressed or capped record is written once; a deferred one moves its window, never over another status.
            ConditionExpression: r.status === 'deferred' ? 'attribute_not_exists(pk) OR #status = :status' : 'attribute_not_exists(pk)',
            ExpressionAttributeNames: { '#status': 'status', '#segments': 'segments', '#error': 'error', '#rule': 'rule' },
            ExpressionAttributeValues: {
              ':status': r.status,
              ':team': teamId,
              ':segments': r.segments,
              ':body': r.body,
              ':until': r.until ?? null,
              ':error': r.reason ?? null,
              ':sendAt': r.sendAt ?? null,
              ':rule': r.rule ?? null,
              ':at': at,
              ':tpk': textsPk(teamId),
              ':tspk': textsStatusPk(teamId, r.status),
              ':tsk': textsSk(at, campaignId, r.phone),
            },
          }),
        );
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
  }

  async releaseClaims(campaignId: string, teamId: number, phones: readonly string[], token: string, at: string): Promise<void> {
    for (const phone of phones) {
      try {
        await this.client.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: { pk: campaignPk(campaignId), sk: sendSk(phone) },
            UpdateExpression:
              'SET #status = :deferred, deferred_until = :at, updated_at = :at, textsStatusPk = :tspk REMOVE claim_token, claimed_at',
            ConditionExpression: '#status = :sending AND claim_token = :token',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':deferred': 'deferred',
              ':sending': 'sending',
              ':token': token,
              ':at': at,
              ':tspk': textsStatusPk(teamId, 'deferred'),
            },
          }),
        );
      } catch (error) {
        // Settled or taken over meanwhile: not ours to give back.
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
  }

  async settleRecipients(campaignId: string, teamId: number, outcomes: readonly RecipientOutcome[]): Promise<void> {
    for (let i = 0; i < outcomes.length; i += MAX_TRANSACTION_ITEMS - 1) {
      const batch = outcomes.slice(i, i + MAX_TRANSACTION_ITEMS - 1);
      try {
        await transactWrite(this.client, {
          TransactItems: [...batch.map((o) => this.settleItem(campaignId, teamId, o)), this.countItem(campaignId, batch)],
        });
      } catch (error) {
        if (!isTransactionCancelled(error)) throw error;
        // A record was settled meanwhile (a concurrent sender): settle one by one, counting only
        // the ones this call changes.
        for (const o of batch) {
          try {
            await transactWrite(this.client, { TransactItems: [this.settleItem(campaignId, teamId, o), this.countItem(campaignId, [o])] });
          } catch (inner) {
            if (!isTransactionCancelled(inner)) throw inner;
          }
        }
      }
    }
  }

  private settleItem(campaignId: string, teamId: number, o: RecipientOutcome) {
    return {
      Update: {
        TableName: this.tableName,
        Key: { pk: campaignPk(campaignId), sk: sendSk(o.phone) },
        UpdateExpression:
          'SET #status = :status, settled_at = :at, updated_at = :at, provider_message_id = :pid, #error = :error, cost_micros = :cost, team_id = :team, #segments = :segments, recorded_at = if_not_exists(recorded_at, :at), textsPk = :tpk, textsStatusPk = :tspk, textsSk = if_not_exists(textsSk, :tsk)',
        // An opt-out may settle a recipient whose record is deferred (opted out while waiting).
        ConditionExpression: 'attribute_not_exists(pk) OR #status = :sending OR #status = :deferred',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error', '#segments': 'segments' },
        ExpressionAttributeValues: {
          ':status': o.status,
          ':at': o.at,
          ':pid': o.providerMessageId ?? null,
          ':error': o.error ?? null,
          ':cost': o.costMicros,
          ':sending': 'sending',
          ':deferred': 'deferred',
          ':team': teamId,
          ':segments': o.segments,
          ':tpk': textsPk(teamId),
          ':tspk': textsStatusPk(teamId, o.status),
          ':tsk': textsSk(o.at, campaignId, o.phone),
        },
      },
    };
  }

  private countItem(campaignId: string, outcomes: readonly RecipientOutcome[]) {
    const add: Record<RecipientOutcome['status'], number> = { sent: 0, failed: 0, opted_out: 0, unconfirmed: 0 };
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
        sk: sendSk(p),
      }));
      while (keys && keys.length > 0) {
        const result: BatchGetCommandOutput = await this.client.send(
          new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: keys, ConsistentRead: true } } }),
        );
        for (const item of result.Responses?.[this.tableName] ?? []) {
          const record = item as SendItem;
          statuses.set(phoneOfSendSk(record.sk), sendRecordOf(record));
        }
        keys = result.UnprocessedKeys?.[this.tableName]?.Keys;
      }
    }
    return statuses;
  }

  suppressedAmong(teamId: number, phones: readonly string[]): Promise<Set<string>> {
    return suppressedAmong(this.table, teamId, phones);
  }

  listSuppressed(teamId: number): Promise<Set<string>> {
    return listSuppressed(this.table, teamId);
  }

  suppress(teamId: number, phone: string, keyword: string, at: string, event?: SubscriptionEvent): Promise<void> {
    return changeSuppression(this.table, teamId, { kind: 'add', phone, keyword }, at, event);
  }

  unsuppress(teamId: number, phone: string, event?: SubscriptionEvent): Promise<void> {
    return changeSuppression(this.table, teamId, { kind: 'remove', phone }, '', event);
  }

  claimOptOutConfirmation(teamId: number, phone: string, at: string): Promise<boolean> {
    return claimOptOutConfirmation(this.table, teamId, phone, at);
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

  claimInbound(
    teamId: number,
    messageId: string,
    at: string,
    event: SubscriptionEvent | null = null,
    change: SuppressionChange | null = null,
  ): Promise<boolean> {
    return claimInbound(this.table, teamId, messageId, at, event, change);
  }

  capLedgers(teamId: number, phones: readonly string[]): Promise<Map<string, CapLedger>> {
    return readCapLedgers(this.client, this.tableName, teamId, phones);
  }

  updateCapLedger<T>(
    teamId: number,
    phone: string,
    change: (slots: CapSlot[]) => { slots: CapSlot[] | null; result: T },
    known?: CapLedger,
  ): Promise<T> {
    return updateCapLedger(this.client, this.tableName, teamId, phone, change, known);
  }

  updateCapLedgers<T>(teamId: number, changes: readonly CapLedgerChange<T>[]): Promise<Map<string, T>> {
    return updateCapLedgers(this.client, this.tableName, teamId, changes);
  }
}

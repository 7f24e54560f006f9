import { type DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CapLedger, CapLedgerChange, CapSlot } from '#shared/domain/sms/frequency-cap';
import type { Campaign, CampaignStatus, ChunkRecipient } from '#shared/domain/sms-campaigns/campaign';
import type { SubscriptionEvent } from '#shared/domain/sms-campaigns/subscription-events';
import { assertStorable as assertItemFits } from '#shared/domain/stored-size';
import type { DomainEvent } from '#shared/ports/event-bus';
import type { CampaignStoreWithoutChunks, CampaignTransitionFields } from '#shared/ports/sms-campaign-store';
import { batchPut } from './batch-write';
import { readCapLedgers, updateCapLedger, updateCapLedgers } from './cap-ledger';
import { campaignPk } from './keys';
import { updateWithEvents } from './outbox';
import { lastCampaignPk } from './sms-campaign-inbound';
import { type ChunkItem, teamCampaignsPk, toChunkItem } from './sms-campaign-items';
import { type CampaignItem, toCampaignItem } from './sms-campaign-meta-item';
import { changeSuppression, listSuppressed, suppressedAmong } from './suppression-list';

/**
 * Items of the campaigns table (the first three and the events typed and mapped in campaign-items.ts):
 * - `CAMPAIGN#<id>` / META: the campaign with its counters;
 * - `CAMPAIGN#<id>` / CHUNK#<nnnnn>: up to CHUNK_SIZE rendered recipients;
 * - `CAMPAIGN#<id>` / SEND#<e164>: one recipient's send record (the exactly-once guard), with the
 *   outbound texts feed's index keys (sms-campaign-sends.ts, outbound-keys.ts);
 * - `TEAM#<t>#SUPPRESSION` / <e164>: opted-out numbers (suppression-list.ts);
 * - `TEAM#<t>#LASTCAMPAIGN` / <e164>: the last campaign that texted the number (replies, sms-campaign-inbound.ts);
 * - `TEAM#<t>#INBOUND` / <message id>: inbound messages already handled (suppression-list.ts);
 * - `TEAM#<t>#SUBEVENTS` / <at>#<event id>: subscription events (outbound-keys.ts);
 * - `TEAM#<t>#CAP` / <e164>: the number's frequency-cap ledger, with a version (cap-ledger.ts);
 * - `TEAM#<t>#CAMPAIGNS` / <created at>#<id>: the team's campaigns (sms-campaign-items.ts).
 */
/**
 * The campaigns table's store less what only some functions read: a campaign's META item (the
 * subclass says when its read schema is built) and its chunks (only the sender reads one:
 * sms-campaign-store.ts), so the create builds neither read schema at load.
 */
export abstract class DynamoCampaignTable implements CampaignStoreWithoutChunks {
  constructor(
    protected readonly client: DynamoDBDocumentClient,
    protected readonly tableName: string,
  ) {}

  /**
   * The campaign's META item, read consistently (sms-campaign-meta.ts). The subclass says when its
   * read schema is built: at load where every request reads a campaign (sms-campaign-store.ts), on
   * the first read where few do.
   */
  abstract getCampaign(campaignId: string): Promise<Campaign | null>;

  /** The table, for the suppression list and inbound claims kept in suppression-list.ts, and the send records. */
  protected get table() {
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
    // Chunks (and the team's list entry) first: a campaign whose META exists always has all its chunks.
    const listed = {
      pk: teamCampaignsPk(campaign.team_id),
      sk: `${campaign.created_at}#${campaign.campaign_id}`,
      campaign_id: campaign.campaign_id,
    };
    await batchPut(this.client, this.tableName, [...chunkItems, listed]);
    await this.client.send(new PutCommand({ TableName: this.tableName, Item: meta, ConditionExpression: 'attribute_not_exists(pk)' }));
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

  async rememberLastCampaign(teamId: number, phones: readonly string[], campaignId: string, at: string): Promise<void> {
    await batchPut(
      this.client,
      this.tableName,
      phones.map((p) => ({ pk: lastCampaignPk(teamId), sk: p, campaign_id: campaignId, sent_at: at })),
    );
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

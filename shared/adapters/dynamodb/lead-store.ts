import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { OUTREACH_STATUSES, type OutreachState } from '#shared/domain/intake/outreach';
import { SCHEDULING_MODES } from '#shared/domain/intake/scheduling-config';
import { LEAD_TYPES, type LeadRecord } from '#shared/domain/leads';
import { atLoad } from '#shared/lazy';
import type { DomainEvent } from '#shared/ports/event-bus';
import type { LeadPageQuery, LeadStore } from '#shared/ports/lead-store';
import { batchPut } from './batch-write';
import { teamPk } from './keys';
import { type OutreachItem, toLeadItem } from './lead-items';
import { queryByOffset } from './offset-query';
import { outboxPuts } from './outbox';
import { type Item, parseStoredItem } from './query';
import { changeWindowRange, readTimeOrdered, timeRangeBounds } from './time-range';
import { transactWrite } from './transact';

const nullableString = () => z.nullable(z.string());

/**
 * The outreach member of an intake lead as stored. The intake store updates it member by member
 * (outreach.<member>), through toOutreachItemFields, so its names are the item's own.
 */
const storedOutreach = /* @__PURE__ */ atLoad(() =>
  z.object({
    stl_call_id: z.number(),
    status: z.enum(OUTREACH_STATUSES),
    scheduling_mode: z.enum(SCHEDULING_MODES),
    due_at: z.string(),
    attempt: z.number(),
    max_attempts: z.number(),
    retry_spacing_minutes: z.number(),
    provider_call_id: nullableString(),
    last_attempt_at: nullableString(),
    claim_token: z.optional(nullableString()),
    dispatched: z.optional(z.boolean()),
    outcome: nullableString(),
    completed_at: nullableString(),
    reason: nullableString(),
  }),
) satisfies z.ZodMiniType<OutreachState, OutreachItem>;

/**
 * The lead's attributes as stored: the record's own fields under their own names, so this list is
 * the item's type, validation and mapping back (optional members absent on older leads stay absent).
 */
const storedLead = /* @__PURE__ */ atLoad(() =>
  z.object({
    id: z.string(),
    lead_id: z.nullable(z.number()),
    team_id: z.number(),
    type: z.enum(LEAD_TYPES),
    datetime: z.string(),
    status: z.string(),
    customer_name: nullableString(),
    customer_phone: nullableString(),
    customer_phone_raw: z.optional(nullableString()),
    customer_email: nullableString(),
    lead_content: z.record(z.string(), z.unknown()),
    agent: nullableString(),
    referrer_url: nullableString(),
    attribution: z.object({
      utm_source: nullableString(),
      utm_medium: nullableString(),
      utm_campaign: nullableString(),
      utm_term: nullableString(),
      utm_content: nullableString(),
      gclid: nullableString(),
      wbraid: z.optional(nullableString()),
      gbraid: z.optional(nullableString()),
    }),
    external_id: nullableString(),
    source: nullableString(),
    outreach: z.nullable(storedOutreach),
    appointment: z.nullable(z.record(z.string(), z.unknown())),
  }),
) satisfies z.ZodMiniType<LeadRecord, LeadRecord>;

/** The lead of a stored item; `item` is what DynamoDB answered for a key of the leads table. */
export function fromLeadItem(raw: Item): LeadRecord {
  return parseStoredItem(storedLead, raw, 'lead');
}

function partitionFor(q: LeadPageQuery): { indexName?: string; name: string; value: string; keys: string[] } {
  const pk = teamPk(q.teamId);
  if (q.externalId !== undefined)
    return { indexName: 'byExternalId', name: 'externalPk', value: `${pk}#${q.externalId}`, keys: ['pk', 'sk', 'externalPk'] };
  if (q.type !== undefined) return { indexName: 'byType', name: 'typePk', value: `${pk}#${q.type}`, keys: ['pk', 'sk', 'typePk'] };
  return { name: 'pk', value: pk, keys: ['pk', 'sk'] };
}

export class DynamoLeadStore implements LeadStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listLeads(q: LeadPageQuery & { after?: string; limit: number }): Promise<{ lead: LeadRecord; position: string }[]> {
    if (q.changedIn) {
      const changes = await readTimeOrdered(this.client, {
        tableName: this.tableName,
        indexName: 'leadChanges',
        partitionKeyName: 'pk',
        partitionKeyValue: teamPk(q.teamId),
        sortKeyName: 'leadChangeSk',
        ...changeWindowRange(q.changedIn),
        after: q.after,
        want: q.limit + 1,
      });
      return changes.map((item) => ({ lead: fromLeadItem(item), position: String(item.leadChangeSk) }));
    }
    const partition = partitionFor(q);
    const typeAsFilter = q.externalId !== undefined && q.type !== undefined;
    const items = await readTimeOrdered(this.client, {
      tableName: this.tableName,
      indexName: partition.indexName,
      partitionKeyName: partition.name,
      partitionKeyValue: partition.value,
      sortKeyName: 'sk',
      start: q.start,
      end: q.end,
      after: q.after,
      want: q.limit + 1,
      filter: typeAsFilter
        ? {
            FilterExpression: '#type = :type',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: { ':type': q.type },
          }
        : undefined,
    });
    return items.map((item) => ({ lead: fromLeadItem(item), position: String(item.sk) }));
  }

  async listLeadsByOffset(q: LeadPageQuery & { offset: number; limit: number }): Promise<LeadRecord[]> {
    const partition = partitionFor({ ...q, externalId: undefined });
    const bounds = timeRangeBounds(q);
    if (!bounds) return [];
    const items = await queryByOffset(
      this.client,
      {
        TableName: this.tableName,
        IndexName: partition.indexName,
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
        ExpressionAttributeNames: { '#pk': partition.name, '#sk': 'sk' },
        ExpressionAttributeValues: { ':pk': partition.value, ':lo': bounds.lo, ':hi': bounds.hi },
        ScanIndexForward: false,
      },
      partition.keys,
      q.offset,
      q.limit,
    );
    return items.map(fromLeadItem);
  }

  async putLeads(leads: readonly LeadRecord[]): Promise<void> {
    await batchPut(
      this.client,
      this.tableName,
      leads.map((lead) => toLeadItem(lead)),
    );
  }

  async putLeadWithEvents(lead: LeadRecord, events: readonly DomainEvent[]): Promise<void> {
    await transactWrite(this.client, {
      TransactItems: [{ Put: { TableName: this.tableName, Item: toLeadItem(lead) } }, ...outboxPuts(events)],
    });
  }
}

import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { OUTREACH_STATUSES, type OutreachState } from '#shared/domain/intake/outreach';
import { SCHEDULING_MODES } from '#shared/domain/intake/scheduling-config';
import { type Attribution, LEAD_TYPES, type LeadRecord } from '#shared/domain/leads';
import { atLoad } from '#shared/lazy';
import type { DomainEvent } from '#shared/ports/event-bus';
import type { LeadPageQuery, LeadStore } from '#shared/ports/lead-store';
import { batchPut } from './batch-write';
import { changeSortKey, teamPk, timeSortKey } from './keys';
import { queryByOffset } from './offset-query';
import { outboxPuts } from './outbox';
import { type Item, parseStoredItem } from './query';
import { changeWindowRange, readTimeOrdered, timeRangeBounds } from './time-range';
import { transactWrite } from './transact';

/**
 * A lead as stored. Keys: pk TEAM#<team>, sk <datetime>#<team>#<id>. Index byType: typePk
 * TEAM#<team>#<type> + sk. Index byExternalId (sparse): externalPk TEAM#<team>#<external_id> + sk.
 * Index leadChanges (the change feed, ADR 0147): pk + leadChangeSk <updated_at>#<team>#<id>,
 * restamped by every write of the lead (leadChangeStamp).
 * Leads stored before customer_phone_raw, wbraid, gbraid, claim_token or dispatched existed lack
 * them; those stored before the change feed lack updated_at and leadChangeSk, and enter the feed
 * when they next change (ADR 0147: the plain list is a first sync's history).
 */
export type LeadItem = {
  pk: string;
  sk: string;
  typePk: string;
  externalPk?: string;
  updated_at?: string;
  leadChangeSk?: string;
} & z.input<typeof storedLead>;

/**
 * One instance per kind of member, shared by the members of the leads table's items (the lead, its
 * outreach, the intake store's pointers and guards): a schema is immutable and names an issue by
 * the path it is read at, and each one built is work at every cold start of the intake functions
 * and the outreach worker (docs/adr/0199-texting-and-intake-build-less-at-load.md).
 */
export const leadTableMembers = /* @__PURE__ */ atLoad(() => {
  const text = z.string();
  const nullableString = z.nullable(text);
  return {
    text,
    number: z.number(),
    nullableString,
    optionalNullableString: z.optional(nullableString),
    anyRecord: z.record(text, z.unknown()),
  };
});

/**
 * The outreach member of an intake lead as stored. The intake store updates it member by member
 * (outreach.<member>), through toOutreachItemFields, so its names are the item's own.
 */
const storedOutreach = /* @__PURE__ */ atLoad(() => {
  const { text, number, nullableString, optionalNullableString } = leadTableMembers;
  return z.object({
    stl_call_id: number,
    status: z.enum(OUTREACH_STATUSES),
    scheduling_mode: z.enum(SCHEDULING_MODES),
    due_at: text,
    attempt: number,
    max_attempts: number,
    retry_spacing_minutes: number,
    provider_call_id: nullableString,
    last_attempt_at: nullableString,
    claim_token: optionalNullableString,
    dispatched: z.optional(z.boolean()),
    outcome: nullableString,
    completed_at: nullableString,
    reason: nullableString,
  });
}) satisfies z.ZodMiniType<OutreachState>;

type OutreachItem = z.input<typeof storedOutreach>;

/**
 * The lead's attributes as stored: the record's own fields under their own names, so this list is
 * the item's type, validation and mapping back (optional members absent on older leads stay absent).
 */
const storedLead = /* @__PURE__ */ atLoad(() => {
  const { text, number, nullableString, optionalNullableString, anyRecord } = leadTableMembers;
  return z.object({
    id: text,
    lead_id: z.nullable(number),
    team_id: number,
    type: z.enum(LEAD_TYPES),
    datetime: text,
    status: text,
    customer_name: nullableString,
    customer_phone: nullableString,
    customer_phone_raw: optionalNullableString,
    customer_email: nullableString,
    lead_content: anyRecord,
    agent: nullableString,
    referrer_url: nullableString,
    attribution: z.object({
      utm_source: nullableString,
      utm_medium: nullableString,
      utm_campaign: nullableString,
      utm_term: nullableString,
      utm_content: nullableString,
      gclid: nullableString,
      wbraid: optionalNullableString,
      gbraid: optionalNullableString,
    }),
    external_id: nullableString,
    source: nullableString,
    outreach: z.nullable(storedOutreach),
    appointment: z.nullable(anyRecord),
  });
}) satisfies z.ZodMiniType<LeadRecord>;

/**
 * The members an update of a lead sets beside its own change (`SET <expression>, <these>`): when it
 * changed and its change-feed sort key, from the lead's key.
 */
export function leadChangeStamp(
  key: { readonly sk: string },
  at: string = new Date().toISOString(),
): {
  expression: string;
  values: Record<string, string>;
} {
  return {
    expression: 'updated_at = :changedAt, leadChangeSk = :changeSk',
    values: { ':changedAt': at, ':changeSk': changeSortKey(at, key.sk) },
  };
}

export function toLeadItem(lead: LeadRecord, updatedAt: string = new Date().toISOString()): LeadItem {
  const pk = teamPk(lead.team_id);
  const sk = timeSortKey(lead.datetime, lead.team_id, lead.id);
  return {
    pk,
    sk,
    typePk: `${pk}#${lead.type}`,
    ...(lead.external_id ? { externalPk: `${pk}#${lead.external_id}` } : {}),
    id: lead.id,
    lead_id: lead.lead_id,
    team_id: lead.team_id,
    type: lead.type,
    datetime: lead.datetime,
    status: lead.status,
    customer_name: lead.customer_name,
    customer_phone: lead.customer_phone,
    ...(lead.customer_phone_raw === undefined ? {} : { customer_phone_raw: lead.customer_phone_raw }),
    customer_email: lead.customer_email,
    lead_content: lead.lead_content,
    agent: lead.agent,
    referrer_url: lead.referrer_url,
    attribution: copyAttribution(lead.attribution),
    external_id: lead.external_id,
    source: lead.source,
    outreach: lead.outreach === null ? null : toOutreachItem(lead.outreach),
    appointment: lead.appointment,
    updated_at: updatedAt,
    leadChangeSk: changeSortKey(updatedAt, sk),
  };
}

/** The lead of a stored item; `item` is what DynamoDB answered for a key of the leads table. */
export function fromLeadItem(raw: Item): LeadRecord {
  return parseStoredItem(storedLead, raw, 'lead');
}

/** Attribution copied member by member; wbraid and gbraid are absent on older leads and stay so. */
function copyAttribution(a: Attribution): Attribution {
  return {
    utm_source: a.utm_source,
    utm_medium: a.utm_medium,
    utm_campaign: a.utm_campaign,
    utm_term: a.utm_term,
    utm_content: a.utm_content,
    gclid: a.gclid,
    ...(a.wbraid === undefined ? {} : { wbraid: a.wbraid }),
    ...(a.gbraid === undefined ? {} : { gbraid: a.gbraid }),
  };
}

const OUTREACH_MEMBERS = [
  'stl_call_id',
  'status',
  'scheduling_mode',
  'due_at',
  'attempt',
  'max_attempts',
  'retry_spacing_minutes',
  'provider_call_id',
  'last_attempt_at',
  'claim_token',
  'dispatched',
  'outcome',
  'completed_at',
  'reason',
] as const satisfies readonly (keyof OutreachState & keyof OutreachItem)[];

/**
 * The stored members of an outreach change, each under its item name; members the domain did not
 * set stay out. Every member has the same name on both sides (OUTREACH_MEMBERS checks it).
 */
export function toOutreachItemFields(fields: Partial<OutreachState>): Partial<OutreachItem> {
  return Object.fromEntries(OUTREACH_MEMBERS.filter((m) => fields[m] !== undefined).map((m) => [m, fields[m]]));
}

/** The outreach members one by one: the item keeps the domain's names. */
function toOutreachItem(o: OutreachState): OutreachItem {
  return {
    stl_call_id: o.stl_call_id,
    status: o.status,
    scheduling_mode: o.scheduling_mode,
    due_at: o.due_at,
    attempt: o.attempt,
    max_attempts: o.max_attempts,
    retry_spacing_minutes: o.retry_spacing_minutes,
    provider_call_id: o.provider_call_id,
    last_attempt_at: o.last_attempt_at,
    ...(o.claim_token === undefined ? {} : { claim_token: o.claim_token }),
    ...(o.dispatched === undefined ? {} : { dispatched: o.dispatched }),
    outcome: o.outcome,
    completed_at: o.completed_at,
    reason: o.reason,
  };
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

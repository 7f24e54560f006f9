import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LeadRecord } from '#shared/domain/leads';
import type { DomainEvent } from '#shared/ports/event-bus';
import type { LeadPageQuery, LeadStore } from '#shared/ports/lead-store';
import { batchPut } from './batch-write';
import { teamPk, timeSortKey } from './keys';
import { queryByOffset } from './offset-query';
import { outboxPuts } from './outbox';
import type { Item } from './query';
import { readTimeOrdered, timeRangeBounds } from './time-range';
import { transactWrite } from './transact';

/**
 * Items: pk TEAM#<team>, sk <datetime>#<team>#<id>. Index byType: typePk TEAM#<team>#<type> + sk.
 * Index byExternalId (sparse): externalPk TEAM#<team>#<external_id> + sk.
 */
export function toLeadItem(lead: LeadRecord): Item {
  const pk = teamPk(lead.team_id);
  return {
    pk,
    sk: timeSortKey(lead.datetime, lead.team_id, lead.id),
    typePk: `${pk}#${lead.type}`,
    ...(lead.external_id ? { externalPk: `${pk}#${lead.external_id}` } : {}),
    ...lead,
  };
}

export function fromLeadItem(item: Item): LeadRecord {
  const { pk: _pk, sk: _sk, typePk: _t, externalPk: _e, ...lead } = item;
  return lead as unknown as LeadRecord;
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
    await batchPut(this.client, this.tableName, leads.map(toLeadItem));
  }

  async putLeadWithEvents(lead: LeadRecord, events: readonly DomainEvent[]): Promise<void> {
    await transactWrite(this.client, {
      TransactItems: [{ Put: { TableName: this.tableName, Item: toLeadItem(lead) } }, ...outboxPuts(events)],
    });
  }
}

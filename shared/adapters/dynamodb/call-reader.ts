import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CallRecord, TransferRecord } from '#shared/domain/calls';
import type { CallPageQuery, CallReads } from '#shared/ports/call-store';
import { callPk, fromCallItem, fromTransferItem, providerCallPk, transfersPk } from './call-items';
import { teamPk, timeSortKey } from './keys';
import { queryByOffset } from './offset-query';
import { readTimeOrdered, timeRangeBounds } from './time-range';

/**
 * The calls and transfers as the read routes read them (the calls table: call-store.ts describes
 * its items): those routes build this reader, not the call store, so they load none of the voice
 * report's writes (its lead, appointment, ticket and outbox items). DynamoCallStore answers the
 * same reads through it.
 */
export class DynamoCallReader implements CallReads {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listCallsByOffset(q: CallPageQuery): Promise<CallRecord[]> {
    const bounds = timeRangeBounds(q);
    if (!bounds) return [];
    const pk = teamPk(q.teamId);
    const byType = q.type !== undefined;
    const items = await queryByOffset(
      this.client,
      {
        TableName: this.tableName,
        IndexName: byType ? 'byType' : undefined,
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
        ExpressionAttributeNames: { '#pk': byType ? 'typePk' : 'pk', '#sk': 'sk' },
        ExpressionAttributeValues: { ':pk': byType ? `${pk}#${q.type}` : pk, ':lo': bounds.lo, ':hi': bounds.hi },
        ScanIndexForward: false,
      },
      byType ? ['pk', 'sk', 'typePk'] : ['pk', 'sk'],
      q.offset,
      q.limit,
    );
    return items.map(fromCallItem);
  }

  async listCallsAfter(q: Parameters<CallReads['listCallsAfter']>[0]): ReturnType<CallReads['listCallsAfter']> {
    const items = await readTimeOrdered(this.client, {
      tableName: this.tableName,
      partitionKeyName: 'pk',
      partitionKeyValue: teamPk(q.teamId),
      sortKeyName: 'sk',
      start: q.start,
      end: q.end,
      after: q.after,
      want: q.limit + 1,
    });
    return items.map((item) => ({ call: fromCallItem(item), position: String(item.sk) }));
  }

  async getCall(teamId: number, callId: string): Promise<CallRecord | null> {
    const result = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'byCallId',
        KeyConditionExpression: 'callPk = :pk',
        ExpressionAttributeValues: { ':pk': callPk(teamId, callId) },
        Limit: 1,
      }),
    );
    const item = result.Items?.[0];
    return item ? fromCallItem(item) : null;
  }

  async listCallTransfers(teamId: number, providerCallId: string): Promise<TransferRecord[]> {
    const transfers: TransferRecord[] = [];
    let start: Record<string, unknown> | undefined;
    // A call is handed over a handful of times at most; the loop only guards against a long tail.
    do {
      const result = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': providerCallPk(teamId, providerCallId), ':prefix': 'TRANSFER#' },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of result.Items ?? []) transfers.push(fromTransferItem(item));
      start = result.LastEvaluatedKey;
    } while (start && transfers.length < 100);
    return transfers.sort((a, b) => a.transferred_at.localeCompare(b.transferred_at) || a.transfer_id.localeCompare(b.transfer_id));
  }

  async listTransfersByOffset(q: {
    teamId: number;
    start?: string;
    end?: string;
    offset: number;
    limit: number;
  }): Promise<TransferRecord[]> {
    const bounds = timeRangeBounds(q);
    if (!bounds) return [];
    const items = await queryByOffset(
      this.client,
      {
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
        ExpressionAttributeValues: { ':pk': transfersPk(q.teamId), ':lo': bounds.lo, ':hi': bounds.hi },
        ScanIndexForward: false,
      },
      ['pk', 'sk'],
      q.offset,
      q.limit,
    );
    return items.map(fromTransferItem);
  }

  /** One call by its full key (the coach worker's request carries it). */
  async getCallAt(teamId: number, startedAt: string, callId: string): Promise<CallRecord | null> {
    const result = await this.client.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { pk: teamPk(teamId), sk: timeSortKey(startedAt, teamId, callId) },
        ConsistentRead: true,
      }),
    );
    return result.Item ? fromCallItem(result.Item) : null;
  }
}

import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CallRecord } from '../../domain/calls';
import type { CallPageQuery, CallStore } from '../../ports/call-store';
import { batchPut } from './batch-write';
import { teamPk, timeSortKey } from './keys';
import { queryByOffset } from './offset-query';
import type { Item } from './query';
import { timeRangeBounds } from './time-range';

/** Items: pk TEAM#<team>, sk <started_at>#<team>#<call>. Index byType: typePk TEAM#<team>#<type> + sk. */
export function toCallItem(call: CallRecord): Item {
  const pk = teamPk(call.team_id);
  return { pk, sk: timeSortKey(call.started_at, call.team_id, call.call_id), typePk: `${pk}#${call.type}`, ...call };
}

export function fromCallItem(item: Item): CallRecord {
  const { pk: _pk, sk: _sk, typePk: _t, ...call } = item;
  return call as unknown as CallRecord;
}

export class DynamoCallStore implements CallStore {
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

  async putCalls(calls: readonly CallRecord[]): Promise<void> {
    await batchPut(this.client, this.tableName, calls.map(toCallItem));
  }
}

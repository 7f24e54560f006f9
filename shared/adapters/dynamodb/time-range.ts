import type { DynamoDBDocumentClient, QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { type Item, queryUpTo } from './query';

const LOWEST = '0';
const HIGHEST = '9999';

/**
 * Key condition for time-ordered sort keys (`<ISO instant>#<team>#<id>`), read newest first:
 * instants in [start, end) and, after a cursor, keys strictly below it. BETWEEN is inclusive, so
 * the cursor row itself is dropped by the caller (see readTimeOrdered). A row stamped exactly at
 * `end` has a key longer than `end` and so sorts above it: excluded, as the spec wants.
 */
export function timeRangeBounds(range: { start?: string; end?: string; after?: string }): { lo: string; hi: string } | null {
  const lo = range.start ?? LOWEST;
  let hi = range.end ?? HIGHEST;
  if (range.after !== undefined && range.after < hi) hi = range.after;
  return lo <= hi ? { lo, hi } : null;
}

export interface TimeOrderedQuery {
  readonly tableName: string;
  readonly indexName?: string;
  readonly partitionKeyName: string;
  readonly partitionKeyValue: string;
  readonly sortKeyName: string;
  readonly start?: string;
  readonly end?: string;
  readonly after?: string;
  readonly want: number;
  readonly filter?: Pick<QueryCommandInput, 'FilterExpression' | 'ExpressionAttributeValues' | 'ExpressionAttributeNames'>;
}

/** Reads up to `want` rows of one partition, newest first, strictly after the cursor position. */
export async function readTimeOrdered(client: DynamoDBDocumentClient, q: TimeOrderedQuery): Promise<Item[]> {
  const bounds = timeRangeBounds(q);
  if (!bounds) return [];
  const items = await queryUpTo(
    client,
    {
      TableName: q.tableName,
      IndexName: q.indexName,
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
      ExpressionAttributeNames: { '#pk': q.partitionKeyName, '#sk': q.sortKeyName, ...(q.filter?.ExpressionAttributeNames ?? {}) },
      ExpressionAttributeValues: {
        ':pk': q.partitionKeyValue,
        ':lo': bounds.lo,
        ':hi': bounds.hi,
        ...(q.filter?.ExpressionAttributeValues ?? {}),
      },
      FilterExpression: q.filter?.FilterExpression,
      ScanIndexForward: false,
    },
    q.want + (q.after !== undefined ? 1 : 0),
  );
  const rows = q.after !== undefined ? items.filter((item) => item[q.sortKeyName] !== q.after) : items;
  return rows.slice(0, q.want);
}

/**
 * Cross-team lists: one query per team (each reads at most `want` rows), merged newest first. The
 * sort keys of different teams never collide, so one cursor position continues every team at once.
 */
export async function readTimeOrderedAcrossPartitions<T>(
  partitions: readonly string[],
  want: number,
  read: (partition: string) => Promise<T[]>,
  positionOf: (row: T) => string,
): Promise<T[]> {
  const lists = await Promise.all(partitions.map((p) => read(p)));
  const all = lists.flat();
  all.sort((a, b) => {
    const pa = positionOf(a);
    const pb = positionOf(b);
    return pa < pb ? 1 : pa > pb ? -1 : 0;
  });
  return all.slice(0, want);
}

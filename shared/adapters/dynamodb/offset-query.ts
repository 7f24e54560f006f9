import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Item } from './query';

/**
 * Offset pagination on DynamoDB: the skipped rows are read with a keys-only projection, then the
 * page reads at most limit + 1 full rows from where the skip ended. `keyAttributes` must name the
 * table's and the index's key attributes so ExclusiveStartKey can be rebuilt.
 * Filters are not supported here: callers pick an index that makes the condition a key condition.
 */
export async function queryByOffset(
  client: DynamoDBDocumentClient,
  input: QueryCommandInput,
  keyAttributes: readonly string[],
  offset: number,
  limit: number,
): Promise<Item[]> {
  let start: Record<string, unknown> | undefined;
  let skipped = 0;
  while (skipped < offset) {
    const names: Record<string, string> = { ...(input.ExpressionAttributeNames ?? {}) };
    keyAttributes.forEach((k, i) => {
      names[`#k${i}`] = k;
    });
    const result = await client.send(
      new QueryCommand({
        ...input,
        ExpressionAttributeNames: names,
        ProjectionExpression: keyAttributes.map((_, i) => `#k${i}`).join(', '),
        Limit: Math.min(offset - skipped, 1000),
        ExclusiveStartKey: start,
      }),
    );
    const items = result.Items ?? [];
    skipped += items.length;
    if (!result.LastEvaluatedKey) return [];
    const last = items[items.length - 1];
    start = last ? Object.fromEntries(keyAttributes.map((k) => [k, last[k]])) : result.LastEvaluatedKey;
  }
  const rows: Item[] = [];
  while (rows.length < limit + 1) {
    const result = await client.send(new QueryCommand({ ...input, Limit: limit + 1 - rows.length, ExclusiveStartKey: start }));
    rows.push(...(result.Items ?? []));
    start = result.LastEvaluatedKey;
    if (!start) break;
  }
  return rows;
}

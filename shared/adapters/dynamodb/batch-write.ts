import { BatchWriteCommand, type BatchWriteCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

type WriteRequest = NonNullable<BatchWriteCommandOutput['UnprocessedItems']>[string][number];

/** Writes items 25 at a time, retrying unprocessed items with backoff. Used by seeding and imports. */
export function batchPut(client: DynamoDBDocumentClient, tableName: string, items: readonly Record<string, unknown>[]): Promise<void> {
  return batchWrite(
    client,
    tableName,
    items.map((Item) => ({ PutRequest: { Item } })),
  );
}

/** Deletes items by key, 25 at a time, with the same retries. */
export function batchDelete(client: DynamoDBDocumentClient, tableName: string, keys: readonly Record<string, unknown>[]): Promise<void> {
  return batchWrite(
    client,
    tableName,
    keys.map((Key) => ({ DeleteRequest: { Key } })),
  );
}

async function batchWrite(client: DynamoDBDocumentClient, tableName: string, writes: readonly WriteRequest[]): Promise<void> {
  for (let i = 0; i < writes.length; i += 25) {
    let requests: BatchWriteCommandOutput['UnprocessedItems'] = { [tableName]: writes.slice(i, i + 25) };
    let attempt = 0;
    while (requests && (requests[tableName]?.length ?? 0) > 0) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
      const result: BatchWriteCommandOutput = await client.send(new BatchWriteCommand({ RequestItems: requests }));
      requests = result.UnprocessedItems;
      attempt++;
    }
  }
}

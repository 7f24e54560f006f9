import { BatchWriteCommand, type BatchWriteCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Writes items 25 at a time, retrying unprocessed items with backoff. Used by seeding and imports. */
export async function batchPut(
  client: DynamoDBDocumentClient,
  tableName: string,
  items: readonly Record<string, unknown>[],
): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let requests: BatchWriteCommandOutput['UnprocessedItems'] = {
      [tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
    };
    let attempt = 0;
    while (requests && (requests[tableName]?.length ?? 0) > 0) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
      const result: BatchWriteCommandOutput = await client.send(new BatchWriteCommand({ RequestItems: requests }));
      requests = result.UnprocessedItems;
      attempt++;
    }
  }
}

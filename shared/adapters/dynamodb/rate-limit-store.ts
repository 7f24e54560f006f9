import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CounterRef, RateLimitStore } from '#shared/ports/rate-limit-store';

/** How long a key's minute counters outlive their window: the usage fold reads a key's last window at its next use. */
const KEY_COUNTER_RETENTION_SECONDS = 7 * 24 * 3600;
/** A team's hour counters are only read by the limiter: they may go soon after their window. */
const TEAM_COUNTER_RETENTION_SECONDS = 3600;

function counterKey(counter: CounterRef): { pk: string; sk: string } {
  return counter.kind === 'key'
    ? { pk: `KEY#${counter.id}`, sk: `M#${counter.windowStart}` }
    : { pk: `TEAM#${counter.id}`, sk: `H#${counter.windowStart}` };
}

/** The limits table (shared/adapters/dynamodb/tables.ts): fixed-window counters with TTL and each key's usage item. */
export class DynamoRateLimitStore implements RateLimitStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async take(counter: CounterRef, limit: number): Promise<{ admitted: boolean; count: number }> {
    const retention = counter.kind === 'key' ? KEY_COUNTER_RETENTION_SECONDS : TEAM_COUNTER_RETENTION_SECONDS;
    try {
      const result = await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: counterKey(counter),
          UpdateExpression: 'ADD #n :one SET expiresAt = :ttl',
          ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit',
          ExpressionAttributeNames: { '#n': 'requests' },
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': counter.windowStart + counter.windowSeconds + retention },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return { admitted: true, count: Number(result.Attributes?.requests ?? 1) };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return { admitted: false, count: limit };
      throw error;
    }
  }

  async count(counter: CounterRef): Promise<number> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: counterKey(counter), ConsistentRead: true }));
    return Number(result.Item?.requests ?? 0);
  }

  async openUsageWindow(keyId: string, windowStart: number, at: string): Promise<number | null> {
    const result = await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: `KEY#${keyId}`, sk: 'USAGE' },
        UpdateExpression: 'SET openWindow = :w, lastUsedAt = :at',
        ExpressionAttributeValues: { ':w': windowStart, ':at': at },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    const previous = result.Attributes?.openWindow;
    return typeof previous === 'number' ? previous : null;
  }

  async addUsage(keyId: string, count: number): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: `KEY#${keyId}`, sk: 'USAGE' },
        UpdateExpression: 'ADD usageCount :n',
        ExpressionAttributeValues: { ':n': count },
      }),
    );
  }

  async getUsage(keyId: string): Promise<{ usageCount: number; lastUsedAt: string | null; openWindow: number | null } | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: `KEY#${keyId}`, sk: 'USAGE' }, ConsistentRead: true }),
    );
    const item = result.Item;
    if (!item) return null;
    return {
      usageCount: Number(item.usageCount ?? 0),
      lastUsedAt: typeof item.lastUsedAt === 'string' ? item.lastUsedAt : null,
      openWindow: typeof item.openWindow === 'number' ? item.openWindow : null,
    };
  }
}

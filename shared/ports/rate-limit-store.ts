/** One fixed window's counter: a key's minute or a team's hour. */
export interface CounterRef {
  readonly kind: 'key' | 'team';
  readonly id: string;
  /** Unix seconds. */
  readonly windowStart: number;
  readonly windowSeconds: number;
}

/** Rate-limit counters and key usage. Implemented on DynamoDB (shared/adapters/dynamodb/rate-limit-store.ts). */
export interface RateLimitStore {
  /** Adds one to the counter unless it already holds `limit`: `count` is the value after, when admitted. */
  take(counter: CounterRef, limit: number): Promise<{ readonly admitted: boolean; readonly count: number }>;
  /** The counter's value (0 when absent), read consistently. */
  count(counter: CounterRef): Promise<number>;
  /** Marks `windowStart` as the key's open usage window and records the use; returns the window open before (null if none). */
  openUsageWindow(keyId: string, windowStart: number, at: string): Promise<number | null>;
  addUsage(keyId: string, count: number): Promise<void>;
  getUsage(
    keyId: string,
  ): Promise<{ readonly usageCount: number; readonly lastUsedAt: string | null; readonly openWindow: number | null } | null>;
}

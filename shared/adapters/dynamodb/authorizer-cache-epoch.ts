import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';
import type { AuthorizerCache } from '#shared/ports/authorizer-cache';
import { parseStoredItem } from './query';

const EPOCH_KEY = { pk: 'AUTHORIZER_CACHE', sk: 'EPOCH' } as const;

/** The counter item in the teams table; `epoch` is absent until the first flush. */
const storedEpoch = /* @__PURE__ */ atLoad(() => z.object({ epoch: z._default(z.number(), 0) }));

/**
 * The local form of API Gateway's FlushStageAuthorizersCache: a counter item in the teams table.
 * `flush()` increments it; the running local gateway remembers the value it read before each
 * authorization and drops a cached entry once the value has moved (see local/gateway/server.ts).
 *
 * The operator CLI revokes keys from another process, against the same DynamoDB endpoint, so the
 * gateway must learn of a revocation through the store both share; a counter it reads with one
 * strongly consistent GetItem per cached request is the cheapest such signal, and it needs no
 * knowledge of keys in the gateway (which only caches what the authorizer returned).
 */
export class DynamoAuthorizerCacheEpoch implements AuthorizerCache {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async flush(): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: EPOCH_KEY,
        UpdateExpression: 'ADD epoch :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  }

  /** The current epoch (0 before the first flush). */
  async read(): Promise<number> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: EPOCH_KEY, ConsistentRead: true }));
    return result.Item ? parseStoredItem(storedEpoch, result.Item, 'authorizer cache epoch').epoch : 0;
  }
}

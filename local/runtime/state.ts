import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchDelete, batchPut } from '#shared/adapters/dynamodb/batch-write';
import { queryAll } from '#shared/adapters/dynamodb/query';

/**
 * Durable state of the local queues and scheduler, kept in a table of the embedded DynamoDB
 * (dynalite on LevelDB) rather than in files of our own format: LevelDB appends each write to
 * its log before dynalite answers, so what a queue or the scheduler has acknowledged survives a
 * SIGKILL of `npm start`; writes of one partition are ordered; and the state can be inspected
 * with the same SDK and CLI as the service's tables. The table exists only locally (SQS and
 * EventBridge Scheduler hold this state in AWS), so it is not one of the stack's tables.
 *
 * Rows are `pk = <kind>#<name>`, `sk = <id>`, plus the row's own attributes.
 */
export const RUNTIME_STATE_TABLE = { partitionKey: 'pk', sortKey: 'sk', indexes: [] } as const;

export function runtimeStateTableName(prefix: string): string {
  return `${prefix}-local-runtime`;
}

export type StateRow = Record<string, unknown> & { readonly sk: string };

export class RuntimeStateStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async list(pk: string): Promise<StateRow[]> {
    const items = await queryAll(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    });
    return items.map(({ pk: _pk, ...row }) => row as StateRow);
  }

  async put(pk: string, rows: readonly StateRow[]): Promise<void> {
    if (rows.length === 0) return;
    await batchPut(
      this.client,
      this.tableName,
      rows.map((row) => ({ ...row, pk })),
    );
  }

  async delete(pk: string, sks: readonly string[]): Promise<void> {
    await batchDelete(
      this.client,
      this.tableName,
      sks.map((sk) => ({ pk, sk })),
    );
  }
}

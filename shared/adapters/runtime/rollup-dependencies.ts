import type { DynamoDBRecord } from 'aws-lambda';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRollupStore } from '#shared/adapters/dynamodb/rollup-store';
import { DynamoSessionStore, sessionChangeOfStreamRecord } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { RollupDependencies } from '#shared/domain/rollups/maintain';
import type { SessionChange } from '#shared/domain/rollups/session-changes';
import { lazy } from '#shared/lazy';

export interface RollupConsumerDependencies extends RollupDependencies {
  /** The change a record of the sessions table's stream tells, decoded by the sessions' adapter. */
  readonly sessionChangeOf: (record: DynamoDBRecord) => SessionChange;
}

/**
 * The stores the rollup maintainer (session-rollups, the sessions stream's consumer) recomputes
 * with. Call it at module load: the tables are looked up then (a function whose row lacks one fails
 * to load, as in AWS); the stores are built on the first call of the returned function and kept
 * for the container's life.
 */
export function rollupDependencies(): () => RollupConsumerDependencies {
  const rollups = physicalTableName('rollups');
  const sessions = physicalTableName('sessions');
  return lazy(() => {
    const client = getDocumentClient();
    return {
      rollups: new DynamoRollupStore(client, rollups),
      sessions: new DynamoSessionStore(client, sessions),
      sessionChangeOf: sessionChangeOfStreamRecord,
    };
  });
}

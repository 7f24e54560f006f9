import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRollupStore } from '#shared/adapters/dynamodb/rollup-store';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { RollupDependencies } from '#shared/domain/rollups/maintain';
import { lazy } from '#shared/lazy';

/**
 * The stores the rollup maintainer (session-rollups, the sessions stream's consumer) recomputes
 * with. Call it at module load: the tables are looked up then (a function whose row lacks one fails
 * to load, as in AWS); the stores are built on the first call of the returned function and kept
 * for the container's life.
 */
export function rollupDependencies(): () => RollupDependencies {
  const rollups = physicalTableName('rollups');
  const sessions = physicalTableName('sessions');
  return lazy(() => {
    const client = getDocumentClient();
    return { rollups: new DynamoRollupStore(client, rollups), sessions: new DynamoSessionStore(client, sessions) };
  });
}

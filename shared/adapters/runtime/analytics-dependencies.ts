import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRollupStore } from '#shared/adapters/dynamodb/rollup-store';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { AnalyticsReadDependencies } from '#shared/domain/rollups/answer';
import { lazy } from '#shared/lazy';

/**
 * The stores the analytics read functions answer from (sessions and their rollups). Call it at
 * module load: the tables are looked up then (a function whose row lacks one fails to load, as in
 * AWS); the stores are built on the first call of the returned function and kept for the
 * container's life.
 */
export function analyticsDependencies(): () => AnalyticsReadDependencies {
  const rollups = physicalTableName('rollups');
  const sessions = physicalTableName('sessions');
  return lazy(() => {
    const client = getDocumentClient();
    return { rollups: new DynamoRollupStore(client, rollups), sessions: new DynamoSessionStore(client, sessions) };
  });
}

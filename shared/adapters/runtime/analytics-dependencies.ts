import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRollupStore } from '#shared/adapters/dynamodb/rollup-store';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { AnalyticsReadDependencies } from '#shared/domain/rollups/answer';

/** The stores the analytics read functions answer from (sessions and their rollups). */
export function analyticsDependencies(): AnalyticsReadDependencies {
  return {
    rollups: new DynamoRollupStore(getDocumentClient(), physicalTableName('rollups')),
    sessions: new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions')),
  };
}

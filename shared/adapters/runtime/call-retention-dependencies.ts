import { DynamoCallRetentionStore } from '#shared/adapters/dynamodb/call-retention-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import type { RetentionSweepDependencies } from '#shared/domain/call-retention';
import { lazy } from '#shared/lazy';

/**
 * The retention-sweeper worker: the teams' settings (teams table) and their calls (calls table).
 * Call it at module load: the tables are looked up then; the stores are built on first use.
 */
export function callRetentionDependencies(): () => RetentionSweepDependencies {
  const teams = physicalTableName('teams');
  const calls = physicalTableName('calls');
  return lazy(() => ({
    teams: new DynamoTenancyStore(getDocumentClient(), teams),
    calls: new DynamoCallRetentionStore(getDocumentClient(), calls),
  }));
}

import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { lazy } from '#shared/lazy';
import type { TenancyStore } from '#shared/ports/tenancy-store';

/** What the tenancy functions read: teams and API keys in the teams table. */
export interface TenancyDependencies {
  readonly tenancy: TenancyStore;
}

/**
 * The tenancy store of the functions that resolve keys and teams (authorizer, list-teams). Call it
 * at module load: the teams table is looked up then (a function whose row lacks it fails to load,
 * as in AWS); the store is built on the first call of the returned function and kept for the
 * container's life.
 */
export function tenancyDependencies(): () => TenancyDependencies {
  const teams = physicalTableName('teams');
  return lazy(() => ({ tenancy: new DynamoTenancyStore(getDocumentClient(), teams) }));
}

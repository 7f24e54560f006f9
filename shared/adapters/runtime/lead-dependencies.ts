import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoLeadStore } from '#shared/adapters/dynamodb/lead-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { lazy } from '#shared/lazy';
import type { LeadStore } from '#shared/ports/lead-store';

/** What the lead read routes read: the leads table. */
export interface LeadReadDependencies {
  readonly leads: LeadStore;
}

/**
 * The store of the lead read routes. Call it at module load: the table is looked up then (a
 * function whose row lacks it fails to load, as in AWS); the store is built on the first call of
 * the returned function and kept for the container's life.
 */
export function leadDependencies(): () => LeadReadDependencies {
  const leads = physicalTableName('leads');
  return lazy(() => ({ leads: new DynamoLeadStore(getDocumentClient(), leads) }));
}

import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { lazy } from '#shared/lazy';
import type { CallStore } from '#shared/ports/call-store';

/** What the call read routes read: the calls table (calls, transcripts, transfers, support tickets). */
export interface CallReadDependencies {
  readonly calls: CallStore;
}

/**
 * The store of the call read routes. Call it at module load: the table is looked up then (a
 * function whose row lacks it fails to load, as in AWS); the store is built on the first call of
 * the returned function and kept for the container's life.
 */
export function callDependencies(): () => CallReadDependencies {
  const calls = physicalTableName('calls');
  return lazy(() => ({ calls: new DynamoCallStore(getDocumentClient(), calls) }));
}

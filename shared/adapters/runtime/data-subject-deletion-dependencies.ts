import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoDataSubjectDeletionStore } from '#shared/adapters/dynamodb/data-subject-deletion-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { lazy } from '#shared/lazy';
import type { DataSubjectDeletionStore } from '#shared/ports/data-subject-deletion-store';
import type { MessageQueue } from '#shared/ports/message-queue';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { queues } from './queues';

/**
 * The routes' stores: the deletions (teams table) and the tenancy (teams of a request). The
 * worker's erasers and the export bucket are data-subject-deletion-worker-dependencies.ts: a route that
 * imported them would read at cold start the SDK code the bucket's first-use S3 client shares
 * with DynamoDB (its XML protocol), which no request of a route uses.
 */
export function dataSubjectDeletionDependencies(): () => { deletions: DataSubjectDeletionStore; tenancy: TenancyStore } {
  const teams = physicalTableName('teams');
  return lazy(() => {
    const client = getDocumentClient();
    return { deletions: new DynamoDataSubjectDeletionStore(client, teams), tenancy: new DynamoTenancyStore(client, teams) };
  });
}

/** The create route's: the stores and the data-deletions queue, from its adapter slot on every call. */
export function dataSubjectDeletionRequestDependencies(): () => {
  deletions: DataSubjectDeletionStore;
  tenancy: TenancyStore;
  queue: MessageQueue;
} {
  const routes = dataSubjectDeletionDependencies();
  return () => ({ ...routes(), queue: queues.get('data-deletions') });
}

import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoExportStore } from '#shared/adapters/dynamodb/export-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { lazy } from '#shared/lazy';
import type { ExportStore } from '#shared/ports/export-store';
import type { MessageQueue } from '#shared/ports/message-queue';
import { queues } from './queues';

/** POST /api/v1/exports: the export records (with their audit entries) and the export queue. */
export interface ExportRequestDependencies {
  readonly exports: ExportStore;
  readonly queue: MessageQueue;
}

/**
 * Call it at module load: the tables are looked up then; the store is built on first use. Apart
 * from the status route's and the worker's dependencies: a module that names the export files
 * brings the S3 client into the request's bundle, and esbuild puts the SDK code S3 shares with the
 * DynamoDB client (the XML protocol, checksums, waiters) in a chunk read at load.
 */
export function exportRequestDependencies(): () => ExportRequestDependencies {
  const [table, auditLog] = [physicalTableName('exports'), physicalTableName('audit-log')];
  return lazy(() => ({ exports: new DynamoExportStore(getDocumentClient(), table, undefined, auditLog), queue: queues.get('exports') }));
}

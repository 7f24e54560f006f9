import { DynamoAuditLogStore } from '#shared/adapters/dynamodb/audit-log-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { lazy } from '#shared/lazy';
import type { AuditLogStore } from '#shared/ports/audit-log-store';

export interface AuditLogDependencies {
  readonly auditLog: AuditLogStore;
}

/** The audit log's store. Call it at module load: the table is looked up then; the store is built on first use. */
export function auditLogDependencies(): () => AuditLogDependencies {
  const table = physicalTableName('audit-log');
  return lazy(() => ({ auditLog: new DynamoAuditLogStore(getDocumentClient(), table) }));
}

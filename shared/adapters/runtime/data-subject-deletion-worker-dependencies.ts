import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSubjectEraser } from '#shared/adapters/dynamodb/data-subject-deletion-erasers';
import { DynamoDataSubjectDeletionStore } from '#shared/adapters/dynamodb/data-subject-deletion-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { lazy } from '#shared/lazy';
import type { DataSubjectDeletionStore, SubjectEraser } from '#shared/ports/data-subject-deletion-store';
import { exportFiles } from './export-files';

/**
 * The worker's: the deletion store (with the outbox and audit-log tables its completion writes)
 * and the erasers over every table a person's data lives in. Call it at module load: the tables
 * are looked up then.
 */
export function dataDeletionWorkerDependencies(): () => { store: DataSubjectDeletionStore; eraser: SubjectEraser; now: () => Date } {
  const tables = {
    teams: physicalTableName('teams'),
    sessions: physicalTableName('sessions'),
    leads: physicalTableName('leads'),
    calls: physicalTableName('calls'),
    campaigns: physicalTableName('campaigns'),
    webhooks: physicalTableName('webhooks'),
    outbox: physicalTableName('outbox'),
    auditLog: physicalTableName('audit-log'),
    exports: physicalTableName('exports'),
  };
  const built = lazy(() => {
    const client = getDocumentClient();
    return {
      store: new DynamoDataSubjectDeletionStore(client, tables.teams, { outbox: tables.outbox, auditLog: tables.auditLog }),
      eraser: new DynamoSubjectEraser(client, tables, () => exportFiles.get('remove')),
    };
  });
  return () => ({ ...built(), now: () => new Date() });
}

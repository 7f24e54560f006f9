import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSubjectEraser } from '#shared/adapters/dynamodb/data-subject-deletion-erasers';
import { DynamoDataSubjectDeletionStore } from '#shared/adapters/dynamodb/data-subject-deletion-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { newAuditEntry } from '#shared/domain/audit-log/entry';
import {
  type DataSubject,
  type DataSubjectDeletion,
  type DeletionKind,
  deletionIdFor,
  zeroCounts,
} from '#shared/domain/data-subject-deletions/request';
import { LocalExportFiles } from '../../local/runtime/export-files';

/**
 * The erasers of a deletion on request over the tables DYNAMODB_ENDPOINT serves (an emulator or
 * a local service started first), for tests of one kind at a time: a deletion recorded as running
 * for one team, and each kind run twice, as a redelivery after a crash would run it.
 */
export interface SubjectErasure {
  readonly store: DynamoDataSubjectDeletionStore;
  readonly eraser: DynamoSubjectEraser;
  deletionOf(teamId: number): Promise<DataSubjectDeletion>;
  /** Runs the kind twice and checks the second run counted nothing more; answers the count. */
  eraseTwice(kind: DeletionKind, deletion: DataSubjectDeletion): Promise<number>;
}

/** `files`: where the exports kind finds the files it withdraws (by default none exists). */
export function subjectErasure(
  enterpriseId: number,
  subject: DataSubject,
  files: LocalExportFiles = new LocalExportFiles(
    '/nonexistent',
    () => 'http://127.0.0.1:1',
    () => 'secret',
  ),
): SubjectErasure {
  const client = getDocumentClient();
  const table = physicalTableName;
  const tables = {
    teams: table('teams'),
    sessions: table('sessions'),
    leads: table('leads'),
    calls: table('calls'),
    campaigns: table('campaigns'),
    webhooks: table('webhooks'),
    outbox: table('outbox'),
    auditLog: table('audit-log'),
    exports: table('exports'),
  };
  const store = new DynamoDataSubjectDeletionStore(client, tables.teams, { outbox: tables.outbox, auditLog: tables.auditLog });
  const eraser = new DynamoSubjectEraser(client, tables, () => files);
  return {
    store,
    eraser,
    async deletionOf(teamId) {
      const deletion: DataSubjectDeletion = {
        id: deletionIdFor(enterpriseId, [teamId], subject),
        enterpriseId,
        teamIds: [teamId],
        subject,
        status: 'running',
        counts: zeroCounts(),
        done: [],
        createdAt: new Date().toISOString(),
        completedAt: null,
      };
      const audit = newAuditEntry(
        {
          enterpriseId,
          teamIds: [teamId],
          action: 'data_subject_deletion.requested',
          actor: { kind: 'system' },
          target: { type: 'data_subject_deletion', id: deletion.id },
          detail: {},
        },
        new Date(),
      );
      await store.createDeletion(deletion, audit);
      return deletion;
    },
    async eraseTwice(kind, deletion) {
      await eraser.erase(kind, deletion);
      const first = (await store.getDeletion(deletion.id))?.counts[kind];
      await eraser.erase(kind, deletion);
      const second = (await store.getDeletion(deletion.id))?.counts[kind];
      if (second !== first) throw new Error(`${kind} counted ${first} then ${second}: a redelivery counted again`);
      return first ?? -1;
    },
  };
}

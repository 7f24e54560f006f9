import type { AuditEntry } from '#shared/domain/audit-log/entry';
import type { DataSubjectDeletion, DeletionKind } from '#shared/domain/data-subject-deletions/request';
import type { DomainEvent } from './event-bus';

/** The deletions on request and their progress (the teams table). */
export interface DataSubjectDeletionStore {
  /**
   * Records a new deletion with its `requested` audit entry in one transaction; when one with its
   * id exists already, writes nothing and answers that one (the same request again).
   */
  createDeletion(deletion: DataSubjectDeletion, audit: AuditEntry): Promise<{ deletion: DataSubjectDeletion; created: boolean }>;
  getDeletion(id: string): Promise<DataSubjectDeletion | null>;
  /** Marks a kind finished (and the deletion running); a kind marked already changes nothing. */
  finishKind(id: string, kind: DeletionKind): Promise<void>;
  /**
   * Completes the deletion, forgets its subject, and writes its event (outbox) and `completed`
   * audit entry in the same transaction; false when it was completed already (nothing written).
   */
  completeDeletion(id: string, at: string, events: readonly DomainEvent[], audit: AuditEntry): Promise<boolean>;
}

/** Removes one kind of the person's data from the deletion's teams, counting each item on the deletion as it goes. */
export interface SubjectEraser {
  erase(kind: DeletionKind, deletion: DataSubjectDeletion): Promise<void>;
}

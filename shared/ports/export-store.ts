import type { AuditEntry } from '#shared/domain/audit-log/entry';
import type { ExportJob, ExportPart } from '#shared/domain/exports/export-job';
import type { DomainEvent } from './event-bus';

/** What one uploaded part adds to an export's record. */
export interface ExportProgress {
  readonly part: ExportPart;
  readonly rows: number;
  readonly bytes: number;
  /** The reading position after the part's last row (null: nothing was left to read). */
  readonly position: string | null;
  readonly allRead: boolean;
}

/** Export records (the `exports` table). */
export interface ExportStore {
  /** Stores a new export with the audit entries recording its request, in one write. */
  createExport(job: ExportJob, audit: readonly AuditEntry[]): Promise<void>;
  getExport(exportId: string): Promise<ExportJob | null>;
  /** Records the upload's id and the running status, unless an upload was started already: then the stored job. */
  startExport(exportId: string, uploadId: string): Promise<ExportJob>;
  /**
   * Records a part after the `partsBefore` parts already recorded: false (nothing written) when
   * the record holds another number of parts (a part recorded by an earlier delivery).
   */
  recordPart(exportId: string, partsBefore: number, progress: ExportProgress): Promise<boolean>;
  /** Marks it completed (kept until `expiresAt`) with the events it makes due; false when it was not running. */
  completeExport(exportId: string, completedAt: string, expiresAt: string, events: readonly DomainEvent[]): Promise<boolean>;
  /** Marks it failed with the reason, unless it completed. */
  failExport(exportId: string, error: string): Promise<void>;
}

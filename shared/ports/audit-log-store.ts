import type { AuditAction, AuditEntry } from '#shared/domain/audit-log/entry';

export interface AuditLogQuery {
  readonly enterpriseIds: readonly number[];
  /** Only entries touching one of these teams are returned (a key sees its own teams' entries). */
  readonly teamIds: readonly number[];
  readonly action?: AuditAction | undefined;
  /** ISO instants: entries with start <= at < end. */
  readonly start?: string | undefined;
  readonly end?: string | undefined;
  readonly after: string | undefined;
  readonly limit: number;
}

export interface AuditLogStore {
  /** Newest first, limit + 1 entries strictly after the position `after`, each with its position. */
  list(query: AuditLogQuery): Promise<{ entry: AuditEntry; position: string }[]>;
}

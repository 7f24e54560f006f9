import type * as z from 'zod';
import type { auditLogEntry } from '#shared/contracts/audit-log';
import type { AuditDetail, AuditEntry } from '#shared/domain/audit-log/entry';
import { presentPage } from './responses';

/** The audit log's wire shape (GET /api/v1/audit-log). */

export type AuditLogEntryData = z.output<ReturnType<typeof auditLogEntry>>;

export function presentAuditLogEntry(entry: AuditEntry): AuditLogEntryData {
  const { actor } = entry;
  return {
    entry_id: entry.id,
    action: entry.action,
    actor: {
      type: actor.kind,
      key_id: actor.kind === 'key' ? actor.keyId : null,
      os_user: actor.kind === 'operator' ? actor.osUser : null,
    },
    target: { type: entry.target.type, id: entry.target.id },
    enterprise_id: entry.enterpriseId,
    team_ids: [...entry.teamIds],
    detail: presentDetail(entry.detail),
    occurred_at: entry.at,
  };
}

function presentDetail(detail: AuditDetail): AuditLogEntryData['detail'] {
  const out: AuditLogEntryData['detail'] = {};
  for (const [key, value] of Object.entries(detail)) out[key] = typeof value === 'object' ? [...value] : value;
  return out;
}

/** A page of the log, with the enterprises it reads. */
export function presentAuditLogPage<Page extends { readonly data: readonly AuditLogEntryData[] }>(
  page: Page,
  enterpriseIds: readonly number[],
) {
  return presentPage(page, { enterprise_ids: [...enterpriseIds] });
}

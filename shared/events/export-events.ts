import type { ExportJob } from '#shared/domain/exports/export-job';
import type { DomainEvent } from '#shared/ports/event-bus';
import { eventIdFor } from './lead-events';

/**
 * export.completed: an export's file is complete (JSON Schema in ./schemas). Due in the outbox in
 * the write that marks the export completed, published at least once, always with the same
 * event_id. It carries no link (links last 15 minutes): GET /api/v1/exports/{export_id} makes one.
 */
export function exportCompleted(job: ExportJob, completedAt: string, expiresAt: string): DomainEvent {
  const type = 'export.completed';
  return {
    type,
    detail: {
      event: type,
      event_id: eventIdFor(type, job.exportId),
      occurred_at: completedAt,
      export_id: job.exportId,
      key_id: job.keyId,
      resource: job.resource,
      format: job.format,
      team_ids: [...job.teamIds],
      start_date: job.start,
      end_date: job.end,
      rows: job.rows,
      bytes: job.bytes,
      expires_at: expiresAt,
    },
  };
}

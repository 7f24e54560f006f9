import type * as z from 'zod';
import type { exportAccepted, exportStatus } from '#shared/contracts/exports';
import type { ExportJob } from '#shared/domain/exports/export-job';

/** Exports (POST /api/v1/exports, GET /api/v1/exports/{exportId}). */

export function presentExportAccepted(job: ExportJob): z.output<ReturnType<typeof exportAccepted>> {
  return { export_id: job.exportId, status: 'queued' };
}

/** The export's progress; its link when completed and not yet removed (null download otherwise). */
export function presentExportStatus(
  job: ExportJob,
  download: { readonly url: string; readonly expiresAt: string } | null,
): z.output<ReturnType<typeof exportStatus>> {
  const completed = job.status === 'completed';
  return {
    export_id: job.exportId,
    resource: job.resource,
    format: job.format,
    team_ids: [...job.teamIds],
    start_date: job.start,
    end_date: job.end,
    status: job.status,
    rows: job.rows,
    bytes: job.bytes,
    created_at: job.createdAt,
    completed_at: job.completedAt,
    download_url: download?.url ?? null,
    download_url_expires_at: download?.expiresAt ?? null,
    expires_at: completed ? job.expiresAt : null,
    error: job.error,
  };
}

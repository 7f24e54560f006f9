import { randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';

/**
 * An asynchronous export: every row of one resource over the key's teams (or a subset) in a date
 * range, written as gzipped NDJSON (one line per item, in the shape its list route gives), run by
 * the export worker off a queue and kept EXPORT_RETENTION_DAYS.
 *
 * Progress is counted in parts: the worker reads bounded pages, gzips them into one part of the
 * file's multipart upload, uploads the part, then records the part and the position after its
 * last row in one conditional write. A crash before that write loses nothing (the part is re-read
 * from the recorded position and uploaded again under the same number, replacing the first
 * attempt); a crash after it repeats nothing (the run resumes after the recorded position).
 */
export const EXPORT_RESOURCES = [
  'sessions',
  'bookings',
  'leads',
  'calls',
  'transcripts',
  'texts',
  'coach_evaluations',
  'appointments',
] as const;
export type ExportResource = (typeof EXPORT_RESOURCES)[number];

export const EXPORT_FORMATS = ['ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** How long a finished file (and its record) is kept; the bucket's lifecycle rule removes the file. */
export const EXPORT_RETENTION_DAYS = 7;

/** One uploaded part of the file: its number (from 1) and the tag the store gave it. */
export interface ExportPart {
  readonly number: number;
  readonly etag: string;
}

export interface ExportJob {
  /** `exp_` + 20 hex. */
  readonly exportId: string;
  /** The key that asked; its field groups and transcript permission shape every line. */
  readonly keyId: string;
  /**
   * The key's enterprises when the export covers every team of the key (their cross-team indexes
   * hold the rows); empty when the request named its teams (read from their own partitions).
   */
  readonly enterpriseIds: readonly number[];
  readonly teamIds: readonly number[];
  /** Test teams among teamIds (the cross-team indexes keep them apart). */
  readonly includeTestTeams: boolean;
  readonly resource: ExportResource;
  readonly format: ExportFormat;
  /** ISO instants: rows with start <= instant < end. */
  readonly start: string;
  readonly end: string;
  /** The key's field groups (null: every group). */
  readonly fieldGroups: readonly string[] | null;
  /** Whether call lines carry their transcript (the key holds read:transcripts). */
  readonly withTranscripts: boolean;
  readonly status: ExportStatus;
  /** Rows in the parts uploaded so far. */
  readonly rows: number;
  /** Bytes (gzipped) of the parts uploaded so far. */
  readonly bytes: number;
  /** Where the file is written. */
  readonly objectKey: string;
  /** The multipart upload, once the worker started it. */
  readonly uploadId: string | null;
  readonly parts: readonly ExportPart[];
  /** The reading position after the last row of the last part (null: from the first row). */
  readonly position: string | null;
  /** Every row is in a part: only the upload's completion is left. */
  readonly allRead: boolean;
  readonly createdAt: string;
  readonly completedAt: string | null;
  /** When the file (and this record) are removed: EXPORT_RETENTION_DAYS after completion, or after the request until then. */
  readonly expiresAt: string;
  /** Why the export failed (failed only). */
  readonly error: string | null;
}

export type NewExportRequest = Pick<
  ExportJob,
  'keyId' | 'enterpriseIds' | 'teamIds' | 'includeTestTeams' | 'resource' | 'format' | 'start' | 'end' | 'fieldGroups' | 'withTranscripts'
>;

const DAY_MS = 86_400_000;

export function retentionEnd(from: Date): string {
  return new Date(from.getTime() + EXPORT_RETENTION_DAYS * DAY_MS).toISOString();
}

export function newExportJob(request: NewExportRequest, now: Date): ExportJob {
  const exportId = `exp_${randomBytes(10).toString('hex')}`;
  return {
    ...request,
    exportId,
    status: 'queued',
    rows: 0,
    bytes: 0,
    objectKey: `exports/${exportId}/${request.resource}.ndjson.gz`,
    uploadId: null,
    parts: [],
    position: null,
    allRead: false,
    createdAt: now.toISOString(),
    completedAt: null,
    expiresAt: retentionEnd(now),
    error: null,
  };
}

/** The file name a download suggests. */
export function exportFileName(job: Pick<ExportJob, 'exportId' | 'resource'>): string {
  return `${job.resource}-${job.exportId}.ndjson.gz`;
}

/** The queue message that runs (or goes on with) an export. */
export const exportMessageSchema = /* @__PURE__ */ atLoad(() => z.object({ export_id: z.string().check(z.regex(/^exp_[0-9a-f]{20}$/)) }));

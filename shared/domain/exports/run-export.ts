import { once } from 'node:events';
import { constants, createGzip } from 'node:zlib';
import { exportCompleted } from '#shared/events/export-events';
import type { ExportFiles } from '#shared/ports/export-files';
import type { ExportProgress, ExportStore } from '#shared/ports/export-store';
import { type ExportJob, retentionEnd } from './export-job';

/** One bounded page of an export's rows, each already a line of the file (JSON, no newline). */
export interface ExportPage {
  readonly lines: readonly string[];
  /** Where the next page starts; null after the last row of the range. */
  readonly next: string | null;
}

/** Reads the page that starts at `position` (null: the first row of the range). */
export type ExportReader = (position: string | null) => Promise<ExportPage>;

export interface RunExportDependencies {
  readonly exports: ExportStore;
  readonly files: ExportFiles;
  /** The reader of the job's rows: its resource over its teams and range, shaped by its key. */
  readonly readerFor: (job: ExportJob) => ExportReader;
}

export type RunExportOutcome = 'completed' | 'failed' | 'missing' | 'paused';

export interface RunExportOptions {
  readonly now: () => Date;
  /** Whether the invocation should stop after the current part (its time is nearly up): the run is then 'paused'. */
  readonly shouldPause?: () => boolean;
}

/**
 * Runs an export from where its record says it stopped, part by part (see export-job.ts): rows of
 * a part not yet recorded are read again, a recorded part is never written again. Completes the
 * upload and marks the export completed with its export.completed event.
 */
export async function runExport(deps: RunExportDependencies, exportId: string, options: RunExportOptions): Promise<RunExportOutcome> {
  let job = await deps.exports.getExport(exportId);
  if (job === null) return 'missing';
  if (job.status === 'completed' || job.status === 'failed') return job.status;
  if (job.uploadId === null) job = await deps.exports.startExport(exportId, await deps.files.startUpload(job.objectKey));
  const read = readingAhead(deps.readerFor(job));
  while (!job.allRead) {
    if (options.shouldPause?.() === true) return 'paused';
    job = await writeNextPart(deps, job, read);
    // Failed meanwhile (withdrawn by a deletion on request): nothing more is written.
    if (job.status === 'failed') return 'failed';
  }
  await deps.files.completeUpload(job.objectKey, requireUpload(job), job.parts);
  const completedAt = options.now().toISOString();
  const expiresAt = retentionEnd(new Date(completedAt));
  await deps.exports.completeExport(exportId, completedAt, expiresAt, [exportCompleted(job, completedAt, expiresAt)]);
  return 'completed';
}

/** Reads, gzips and uploads the next part, then records it; the job as stored afterwards. */
async function writeNextPart(deps: RunExportDependencies, job: ExportJob, read: ExportReader): Promise<ExportJob> {
  const part = await gzipNextPart(read, job.position, deps.files.minPartBytes);
  const number = job.parts.length + 1;
  const etag = await deps.files.uploadPart(job.objectKey, requireUpload(job), number, part.body);
  const progress: ExportProgress = {
    part: { number, etag },
    rows: part.rows,
    bytes: part.body.length,
    position: part.position,
    allRead: part.allRead,
  };
  if (await deps.exports.recordPart(job.exportId, job.parts.length, progress)) {
    return {
      ...job,
      parts: [...job.parts, progress.part],
      rows: job.rows + progress.rows,
      bytes: job.bytes + progress.bytes,
      position: progress.position,
      allRead: progress.allRead,
    };
  }
  // Another delivery recorded this part first: go on from what it recorded.
  const stored = await deps.exports.getExport(job.exportId);
  if (stored === null) throw new Error(`export ${job.exportId} disappeared while running`);
  return stored;
}

/**
 * The reader one page ahead: the next page is read while this one is presented, gzipped and
 * uploaded, so the store's latency and the worker's CPU overlap instead of adding up. Memory holds
 * one more page; a page read ahead and never asked for (the run paused, or failed) is dropped.
 */
function readingAhead(read: ExportReader): ExportReader {
  let ahead: { readonly position: string; readonly page: Promise<ExportPage> } | null = null;
  return async (position) => {
    const pending = ahead !== null && ahead.position === position ? ahead.page : read(position);
    ahead = null;
    const page = await pending;
    if (page.next !== null) {
      const next = read(page.next);
      // Its failure is thrown where it is asked for; never asked for, it is of no consequence.
      next.catch(() => undefined);
      ahead = { position: page.next, page: next };
    }
    return page;
  };
}

function requireUpload(job: ExportJob): string {
  if (job.uploadId === null) throw new Error(`export ${job.exportId} has no upload`);
  return job.uploadId;
}

/**
 * Level 3, not zlib's default 6: on export lines it compresses about 2.7 times faster for a file
 * about 14% larger, and at the default the compression alone took half a core at 5,000 rows/s.
 */
const GZIP_LEVEL = 3;

interface GzippedPart {
  readonly body: Buffer;
  readonly rows: number;
  readonly position: string | null;
  readonly allRead: boolean;
}

/**
 * Pages from `position` on, gzipped as one gzip member, until the member holds `minBytes` or the
 * range ends. The file is the members one after another (a multi-member gzip file, which every
 * gunzip reads as one stream), so each part stands alone and a part read again is the same part.
 * Memory holds one part and two pages (readingAhead), whatever the export's size.
 */
async function gzipNextPart(read: ExportReader, position: string | null, minBytes: number): Promise<GzippedPart> {
  const gzip = createGzip({ level: GZIP_LEVEL });
  const chunks: Buffer[] = [];
  let size = 0;
  gzip.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
  });
  const ended = once(gzip, 'end');
  let rows = 0;
  let at = position;
  let allRead = false;
  while (size < minBytes) {
    const page = await read(at);
    if (page.lines.length > 0) {
      rows += page.lines.length;
      gzip.write(`${page.lines.join('\n')}\n`);
      // Out of zlib's buffers, so the part's size is known (a sync flush keeps the dictionary).
      await new Promise<void>((resolve) => gzip.flush(constants.Z_SYNC_FLUSH, () => resolve()));
    }
    if (page.next === null) {
      allRead = true;
      break;
    }
    at = page.next;
  }
  gzip.end();
  await ended;
  return { body: Buffer.concat(chunks), rows, position: at, allRead };
}

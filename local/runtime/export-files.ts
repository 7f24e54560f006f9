import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { appendFile, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { signExportLink, verifyExportLink } from '#shared/auth/export-link';
import type { ExportPart } from '#shared/domain/exports/export-job';
import type { ExportDownload, ExportFiles } from '#shared/ports/export-files';

/** S3's smallest part but the last. */
const S3_MIN_PART_BYTES = 5 * 1024 * 1024;

/** Where the local gateway serves export files (GET, signed; see shared/auth/export-link.ts). */
export const LOCAL_EXPORT_FILE_PATH = /^\/api\/v1\/exports\/(exp_[0-9a-f]{20})\/file$/;

/**
 * The local stand-in for the export bucket: a multipart upload is a folder of part files under
 * `<data dir>/exports/uploads/<upload id>/`, completed into `<data dir>/exports/<object key>`; a
 * part uploaded again replaces the earlier one, as in S3. Links are signed with the cursor secret
 * and served by the local gateway for 15 minutes. Files older than the retention are not removed
 * (the bucket's lifecycle rule does that in AWS).
 */
export class LocalExportFiles implements ExportFiles {
  private readonly root: string;

  constructor(
    dataDir: string | undefined,
    private readonly baseUrl: () => string,
    private readonly secret: () => string,
    /** @default S3's 5 MiB; tests lower it to see several parts */
    readonly minPartBytes: number = S3_MIN_PART_BYTES,
  ) {
    this.root = dataDir ? path.join(dataDir, 'exports') : mkdtempSync(path.join(tmpdir(), 'local-exports-'));
    mkdirSync(path.join(this.root, 'uploads'), { recursive: true });
  }

  async startUpload(objectKey: string): Promise<string> {
    const uploadId = randomBytes(12).toString('hex');
    mkdirSync(this.uploadDir(uploadId), { recursive: true });
    writeFileSync(path.join(this.uploadDir(uploadId), 'object-key'), objectKey);
    return uploadId;
  }

  async uploadPart(_objectKey: string, uploadId: string, number: number, body: Buffer): Promise<string> {
    const file = path.join(this.uploadDir(uploadId), `part-${String(number).padStart(5, '0')}`);
    // Written whole, then renamed: a part is there complete or not at all, whatever the crash.
    await writeFile(`${file}.tmp`, body);
    await rename(`${file}.tmp`, file);
    return `"${createHash('md5').update(body).digest('hex')}"`;
  }

  async completeUpload(objectKey: string, uploadId: string, parts: readonly ExportPart[]): Promise<void> {
    const target = this.objectPath(objectKey);
    const dir = this.uploadDir(uploadId);
    if (!existsSync(dir)) {
      if (existsSync(target)) return;
      throw new Error(`no upload ${uploadId}`);
    }
    mkdirSync(path.dirname(target), { recursive: true });
    await rm(`${target}.tmp`, { force: true });
    for (const part of parts) {
      const file = path.join(dir, `part-${String(part.number).padStart(5, '0')}`);
      await appendFile(`${target}.tmp`, await readPart(file, part));
    }
    await rename(`${target}.tmp`, target);
    rmSync(dir, { recursive: true, force: true });
  }

  async removeFile(objectKey: string): Promise<void> {
    await rm(this.objectPath(objectKey), { force: true });
  }

  async downloadLink(objectKey: string, _fileName: string, now: Date): Promise<ExportDownload> {
    const { query, expires } = signExportLink(this.secret(), objectKey, now);
    const exportId = objectKey.split('/')[1] ?? '';
    return {
      url: `${this.baseUrl()}/api/v1/exports/${exportId}/file?${query.toString()}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** Answers GET /api/v1/exports/{id}/file when the request is one; false otherwise. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string, search: string, now = new Date()): boolean {
    const match = LOCAL_EXPORT_FILE_PATH.exec(pathname);
    if (!match || req.method !== 'GET') return false;
    req.resume();
    const check = verifyExportLink(this.secret(), new URLSearchParams(search), now);
    const file = check.ok && check.objectKey.split('/')[1] === match[1] ? this.objectPath(check.objectKey) : null;
    if (file === null || !existsSync(file)) {
      const message = check.ok ? 'The export file is gone' : `The link is ${check.reason}`;
      res.writeHead(check.ok ? 404 : 403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: check.ok ? 'not_found' : 'forbidden', message }));
      return true;
    }
    res.writeHead(200, {
      'content-type': 'application/gzip',
      'content-length': statSync(file).size,
      'content-disposition': `attachment; filename="${path.basename(file)}"`,
    });
    createReadStream(file).pipe(res);
    return true;
  }

  private uploadDir(uploadId: string): string {
    if (!/^[0-9a-f]{24}$/.test(uploadId)) throw new Error(`not a local upload id: ${uploadId}`);
    return path.join(this.root, 'uploads', uploadId);
  }

  private objectPath(objectKey: string): string {
    if (!/^exports\/exp_[0-9a-f]{20}\/[a-z_]+\.ndjson\.gz$/.test(objectKey)) throw new Error(`not an export object key: ${objectKey}`);
    return path.join(this.root, objectKey);
  }
}

async function readPart(file: string, part: ExportPart): Promise<Buffer> {
  const body = await readFile(file);
  // The tag the part was recorded with: another upload of the number since (a concurrent delivery) is refused, as S3 does.
  if (`"${createHash('md5').update(body).digest('hex')}"` !== part.etag) throw new Error(`part ${part.number}: InvalidPart (tag differs)`);
  return body;
}

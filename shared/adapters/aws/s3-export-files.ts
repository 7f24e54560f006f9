import type { S3Client } from '@aws-sdk/client-s3';
import type { ExportPart } from '#shared/domain/exports/export-job';
import { lazy } from '#shared/lazy';
import type { ExportDownload, ExportFiles } from '#shared/ports/export-files';

/** S3's smallest part but the last. */
const MIN_PART_BYTES = 5 * 1024 * 1024;
/** How long a download link works. */
const LINK_SECONDS = 15 * 60;

/** The SDK's S3 client and presigner, loaded on first use, not at cold start (docs/benchmarks.md: cold import). */
const sdk = lazy(() => import('@aws-sdk/client-s3'));
const presigner = lazy(() => import('@aws-sdk/s3-request-presigner'));

/**
 * The export bucket (lib/export-files.ts): files written by multipart upload (a part uploaded again
 * under its number replaces the earlier one), read through presigned GETs valid 15 minutes. The
 * bucket's lifecycle rule removes files after 7 days and uploads never completed after 1.
 */
export class S3ExportFiles implements ExportFiles {
  readonly minPartBytes = MIN_PART_BYTES;

  constructor(
    private readonly bucket: string,
    /** @default a new S3Client, built on first use */
    private client?: S3Client,
  ) {}

  private async s3(): Promise<S3Client> {
    const { S3Client } = await sdk();
    this.client ??= new S3Client({});
    return this.client;
  }

  async startUpload(objectKey: string): Promise<string> {
    const { CreateMultipartUploadCommand } = await sdk();
    const result = await (await this.s3()).send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: objectKey, ContentType: 'application/gzip' }),
    );
    if (!result.UploadId) throw new Error('S3 started no upload');
    return result.UploadId;
  }

  async uploadPart(objectKey: string, uploadId: string, number: number, body: Buffer): Promise<string> {
    const { UploadPartCommand } = await sdk();
    const result = await (await this.s3()).send(
      new UploadPartCommand({ Bucket: this.bucket, Key: objectKey, UploadId: uploadId, PartNumber: number, Body: body }),
    );
    if (!result.ETag) throw new Error(`S3 gave part ${number} no tag`);
    return result.ETag;
  }

  async completeUpload(objectKey: string, uploadId: string, parts: readonly ExportPart[]): Promise<void> {
    const { CompleteMultipartUploadCommand, HeadObjectCommand } = await sdk();
    const s3 = await this.s3();
    try {
      await s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: objectKey,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.number, ETag: p.etag })) },
        }),
      );
    } catch (error) {
      // Completed by an earlier delivery that crashed before recording it: the object is there.
      if ((error as Error).name !== 'NoSuchUpload') throw error;
      await s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
    }
  }

  async removeFile(objectKey: string): Promise<void> {
    const { DeleteObjectCommand } = await sdk();
    await (await this.s3()).send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }));
  }

  async downloadLink(objectKey: string, fileName: string, now: Date): Promise<ExportDownload> {
    const [{ GetObjectCommand }, { getSignedUrl }] = await Promise.all([sdk(), presigner()]);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: objectKey,
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
    });
    const url = await getSignedUrl(await this.s3(), command, { expiresIn: LINK_SECONDS, signingDate: now });
    return { url, expiresAt: new Date(now.getTime() + LINK_SECONDS * 1000).toISOString() };
  }
}

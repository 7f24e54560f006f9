import type { ExportPart } from '#shared/domain/exports/export-job';

/** A link to a finished export's file. */
export interface ExportDownload {
  readonly url: string;
  /** ISO instant after which the link no longer works (15 minutes after it was made). */
  readonly expiresAt: string;
}

/**
 * Where export files are written: a multipart upload whose parts are uploaded one by one and may
 * be uploaded again under the same number (the later upload replaces the earlier), then completed
 * into one object (S3 in AWS, files under the local data folder under `npm start`).
 */
export interface ExportFiles {
  /** Parts but the last must hold at least this many bytes (S3: 5 MiB). */
  readonly minPartBytes: number;
  /** Starts the upload of `objectKey`; returns its id. */
  startUpload(objectKey: string): Promise<string>;
  /** Uploads (or uploads again) part `number` of the upload; returns its tag. */
  uploadPart(objectKey: string, uploadId: string, number: number, body: Buffer): Promise<string>;
  /** Joins the parts into the object. Completing an upload already completed into the object is no error. */
  completeUpload(objectKey: string, uploadId: string, parts: readonly ExportPart[]): Promise<void>;
  /** A link that downloads the object for 15 minutes, named `fileName`. */
  downloadLink(objectKey: string, fileName: string, now: Date): Promise<ExportDownload>;
  /** Removes the object before its time (a deletion on request); an object already gone is no error. */
  removeFile(objectKey: string): Promise<void>;
}

import { S3ExportFiles } from '#shared/adapters/aws/s3-export-files';
import { requireEnv } from '#shared/config';
import type { ExportFiles } from '#shared/ports/export-files';
import { EXPORT_BUCKET_ENV } from './resource-env';
import { adapterSlot } from './slot';

/**
 * The export bucket: the worker writes (`export-files`), the status route makes links
 * (`export-downloads`); S3 in AWS (its SDK loaded on first use), the local runtime's files under `npm start`.
 */
export const exportFiles = adapterSlot<'write' | 'download', ExportFiles>(
  (access) => (access === 'write' ? 'export-files' : 'export-downloads'),
  () => new S3ExportFiles(requireEnv(EXPORT_BUCKET_ENV)),
);

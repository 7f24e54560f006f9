import { S3ExportFiles } from '#shared/adapters/aws/s3-export-files';
import { requireEnv } from '#shared/config';
import type { ExportFiles } from '#shared/ports/export-files';
import { EXPORT_BUCKET_ENV } from './resource-env';
import { adapterSlot } from './slot';

/**
 * The export bucket: the worker writes (`export-files`), the status route makes links
 * (`export-downloads`), the deletion worker removes files naming a person (`export-removals`); S3
 * in AWS (its SDK loaded on first use), the local runtime's files under `npm start`.
 */
const USE_OF_ACCESS = { write: 'export-files', download: 'export-downloads', remove: 'export-removals' } as const;

export const exportFiles = adapterSlot<keyof typeof USE_OF_ACCESS, ExportFiles>(
  (access) => USE_OF_ACCESS[access],
  () => new S3ExportFiles(requireEnv(EXPORT_BUCKET_ENV)),
);

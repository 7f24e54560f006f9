import { exportStatusDependencies } from '#shared/adapters/runtime/export-dependencies';
import { getExport } from '#shared/contracts/exports';
import { exportFileName } from '#shared/domain/exports/export-job';
import { NotFoundError } from '#shared/errors';
import { createHttpHandler } from '#shared/http/handler';
import { presentExportStatus } from '#shared/presenters/exports';

const dependencies = exportStatusDependencies();

/**
 * The export's status and progress; once completed, until its file is removed, a new 15-minute
 * link each time. Only the key that requested it sees it: another key's export answers 404.
 */
export const handler = createHttpHandler(getExport, async ({ path, identity }) => {
  const { exports, files } = dependencies();
  const job = await exports.getExport(path.exportId);
  if (job === null || job.keyId !== identity.keyId) throw new NotFoundError(`exportId: no export ${path.exportId} for this key`);
  const now = new Date();
  const available = job.status === 'completed' && Date.parse(job.expiresAt) > now.getTime();
  const download = available ? await files.downloadLink(job.objectKey, exportFileName(job), now) : null;
  return { statusCode: 200, body: presentExportStatus(job, download) };
});

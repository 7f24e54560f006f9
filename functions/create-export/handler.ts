import { exportRequestDependencies } from '#shared/adapters/runtime/export-request-dependencies';
import { createExport } from '#shared/contracts/exports';
import { requestExport } from '#shared/domain/exports/request-export';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';
import { presentExportAccepted } from '#shared/presenters/exports';

const dependencies = exportRequestDependencies();

/** Records and queues an export of the key's teams (202); the export worker writes its file. */
export const handler = createHttpHandler(
  createExport,
  async ({ body, identity }) => {
    const job = await requestExport(dependencies(), identity, body, new Date());
    return { statusCode: 202, body: presentExportAccepted(job) };
  },
  { idempotency: idempotencyKeys() },
);

import { dataSubjectDeletionDependencies } from '#shared/adapters/runtime/data-subject-deletion-dependencies';
import { getDataSubjectDeletion } from '#shared/contracts/data-subject-deletions';
import { requireDeletion } from '#shared/domain/data-subject-deletions/run';
import { createHttpHandler } from '#shared/http/handler';
import { presentDeletionResponse } from '#shared/presenters/data-subject-deletions';

const dependencies = dataSubjectDeletionDependencies();

export const handler = createHttpHandler(getDataSubjectDeletion, async ({ path, identity, requestId }) => {
  const deletion = await requireDeletion(dependencies().deletions, identity.teamIds, path.deletionId);
  return { statusCode: 200, body: presentDeletionResponse(deletion, requestId) };
});

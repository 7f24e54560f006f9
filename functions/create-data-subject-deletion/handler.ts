import { dataSubjectDeletionRequestDependencies } from '#shared/adapters/runtime/data-subject-deletion-dependencies';
import { createDataSubjectDeletion } from '#shared/contracts/data-subject-deletions';
import { keyActor } from '#shared/domain/audit-log/entry';
import { requestDeletion } from '#shared/domain/data-subject-deletions/run';
import { normaliseSubject } from '#shared/domain/data-subject-deletions/subject';
import { deletionTeams } from '#shared/domain/data-subject-deletions/teams';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';
import { presentDeletionResponse } from '#shared/presenters/data-subject-deletions';

const dependencies = dataSubjectDeletionRequestDependencies();

export const handler = createHttpHandler(
  createDataSubjectDeletion,
  async ({ body, identity, requestId }) => {
    const { deletions: store, tenancy, queue } = dependencies();
    const subject = await normaliseSubject(body);
    const scope = await deletionTeams(tenancy, identity, body.team_ids);
    const deletion = await requestDeletion({ store, queue }, { ...scope, subject }, { now: new Date(), actor: keyActor(identity) });
    return { statusCode: 202, body: presentDeletionResponse(deletion, requestId) };
  },
  { idempotency: idempotencyKeys() },
);

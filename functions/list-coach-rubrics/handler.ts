import { coachRubricDependencies } from '#shared/adapters/runtime/coach-dependencies';
import { resolveV0Team } from '#shared/auth/team-access';
import { listCoachRubrics } from '#shared/contracts/coach';
import { listRubricRevisions } from '#shared/domain/coach/rubric-history';
import { createHttpHandler } from '#shared/http/handler';
import { toOffsetPage } from '#shared/pagination/offset';
import { presentRubricRevision } from '#shared/presenters/coach';

const dependencies = coachRubricDependencies();

/** The team's rubric revisions, newest first, the one in force marked current. */
export const handler = createHttpHandler(listCoachRubrics, async ({ query, headers, identity }) => {
  const teamId = resolveV0Team(identity, { header: headers['x-team-id'], query: query.team_id });
  const { current, revisions } = await listRubricRevisions(dependencies().rubrics, teamId, query.offset, query.limit);
  return {
    statusCode: 200,
    body: toOffsetPage(revisions, query.limit, query.offset, (revision) => presentRubricRevision(revision, current)),
  };
});

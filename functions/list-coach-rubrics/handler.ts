import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRubricStore } from '#shared/adapters/dynamodb/rubric-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { resolveV0Team } from '#shared/auth/team-access';
import { listCoachRubrics } from '#shared/contracts/coach';
import { listRubricRevisions } from '#shared/domain/coach/rubric-history';
import { createHttpHandler } from '#shared/http/handler';
import { toOffsetPage } from '#shared/pagination/offset';

const rubrics = new DynamoRubricStore(getDocumentClient(), physicalTableName('teams'));

/** The team's rubric revisions, newest first, the one in force marked current. */
export const handler = createHttpHandler(listCoachRubrics, async ({ query, headers, identity }) => {
  const teamId = resolveV0Team(identity, { header: headers['x-team-id'], query: query.team_id });
  const { current, revisions } = await listRubricRevisions(rubrics, teamId, query.offset, query.limit);
  return {
    statusCode: 200,
    body: toOffsetPage(revisions, query.limit, query.offset, ({ revision, rubric, in_force_from }) => ({
      ...rubric,
      revision,
      in_force_from,
      current: revision === current.revision,
    })),
  };
});

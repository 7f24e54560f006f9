import { coachEvaluationDependencies } from '#shared/adapters/runtime/coach-dependencies';
import { resolveV0Team } from '#shared/auth/team-access';
import { listCoachEvaluations } from '#shared/contracts/coach';
import { createHttpHandler } from '#shared/http/handler';
import { toOffsetPage } from '#shared/pagination/offset';
import { presentCoachEvaluation } from '#shared/presenters/coach';
import { resolveRange } from '#shared/schemas/params';

const dependencies = coachEvaluationDependencies();

/** Evaluations of calls whose started_at lies in [start_date, end_date), newest call first, by score range and rubric. */
export const handler = createHttpHandler(listCoachEvaluations, async ({ query, headers, identity }) => {
  const teamId = resolveV0Team(identity, { header: headers['x-team-id'], query: query.team_id });
  const range = resolveRange(query.start_date, query.end_date);
  const rows = await dependencies().evaluations.listEvaluations({
    teamId,
    ...range,
    rubricId: query.rubric_id,
    minScore: query.min_score,
    maxScore: query.max_score,
    offset: query.offset,
    limit: query.limit,
  });
  return { statusCode: 200, body: toOffsetPage(rows, query.limit, query.offset, presentCoachEvaluation) };
});

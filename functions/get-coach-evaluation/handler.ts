import { coachEvaluationDependencies } from '#shared/adapters/runtime/coach-dependencies';
import { resolveV0Team } from '#shared/auth/team-access';
import { getCoachEvaluation } from '#shared/contracts/coach';
import { NotFoundError } from '#shared/errors';
import { createHttpHandler } from '#shared/http/handler';
import { presentCoachEvaluationResponse } from '#shared/presenters/coach';

const dependencies = coachEvaluationDependencies();

/** One call's evaluation, read under the selected team's key: another team's call is answered like a made-up id (404). */
export const handler = createHttpHandler(getCoachEvaluation, async ({ path, query, headers, identity }) => {
  const teamId = resolveV0Team(identity, { header: headers['x-team-id'], query: query.team_id });
  const evaluation = await dependencies().evaluations.getEvaluation(teamId, path.callId);
  if (!evaluation) throw new NotFoundError(`No coach evaluation for call ${path.callId}`);
  return { statusCode: 200, body: presentCoachEvaluationResponse(evaluation) };
});

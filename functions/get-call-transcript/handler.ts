import { retainedCallDependencies } from '#shared/adapters/runtime/call-dependencies';
import { resolveV0Team } from '#shared/auth/team-access';
import { getCallTranscript } from '#shared/contracts/call-detail';
import { getTeamCall } from '#shared/domain/call-detail';
import { createHttpHandler } from '#shared/http/handler';
import { presentCallTranscriptResponse } from '#shared/presenters/call-detail';

const dependencies = retainedCallDependencies();

export const handler = createHttpHandler(getCallTranscript, async ({ path, query, headers, identity }) => {
  const deps = dependencies();
  const teamId = resolveV0Team(identity, { header: headers['x-team-id'], query: query.team_id });
  const call = await getTeamCall(deps, teamId, path.callId, new Date());
  return { statusCode: 200, body: presentCallTranscriptResponse(call) };
});

import { retainedCallDependencies } from '#shared/adapters/runtime/call-dependencies';
import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { hasPermission } from '#shared/auth/identity';
import { resolveV0Team } from '#shared/auth/team-access';
import { getCall } from '#shared/contracts/call-detail';
import { getTeamCall } from '#shared/domain/call-detail';
import { callerRecordingLinks } from '#shared/http/caller-recording-links';
import { createHttpHandler } from '#shared/http/handler';
import { presentCallDetailResponse } from '#shared/presenters/call-detail';

const dependencies = retainedCallDependencies();
const recordingLinkKey = secretReader(CURSOR_SECRET_ENV);

export const handler = createHttpHandler(getCall, async ({ path, query, headers, identity, event }) => {
  const deps = dependencies();
  const { calls } = deps;
  const teamId = resolveV0Team(identity, { header: headers['x-team-id'], query: query.team_id });
  const call = await getTeamCall(deps, teamId, path.callId, new Date());
  const transfers = await calls.listCallTransfers(teamId, call.provider_call_id);
  // A link for this key, checked again on every fetch: it stops working when the key is revoked.
  const recordingLink = callerRecordingLinks(identity, event, await recordingLinkKey());
  const body = presentCallDetailResponse(call, transfers, {
    includeTranscript: hasPermission(identity, 'read:transcripts'),
    recordingLink,
  });
  return { statusCode: 200, body };
});

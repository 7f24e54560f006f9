import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { hasPermission } from '#shared/auth/identity';
import { resolveV0Team } from '#shared/auth/team-access';
import { getCall } from '#shared/contracts/call-detail';
import { getTeamCall, type RecordingLink, toCallDetail } from '#shared/domain/call-detail';
import { createHttpHandler } from '#shared/http/handler';

const calls = new DynamoCallStore(getDocumentClient(), physicalTableName('calls'));
/** Recording links are built by the recordings route's signer; until it is wired, calls answer recording: null. */
const recordingLink: RecordingLink | undefined = undefined;

export const handler = createHttpHandler(getCall, async ({ path, query, headers, identity }) => {
  const teamId = resolveV0Team(identity, { header: headers['x-team-id'], query: query.team_id });
  const call = await getTeamCall(calls, teamId, path.callId);
  const transfers = await calls.listCallTransfers(teamId, call.provider_call_id);
  const data = toCallDetail(call, transfers, { includeTranscript: hasPermission(identity, 'read:transcripts'), recordingLink });
  return { statusCode: 200, body: { data } };
});

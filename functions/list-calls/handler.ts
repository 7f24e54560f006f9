import { retainedCallDependencies } from '#shared/adapters/runtime/call-dependencies';
import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { hasPermission } from '#shared/auth/identity';
import { resolveV0Team } from '#shared/auth/team-access';
import { listCalls } from '#shared/contracts/calls';
import { retainedCall, retentionOfTeam } from '#shared/domain/call-retention';
import { callerRecordingLinks } from '#shared/http/caller-recording-links';
import { createHttpHandler } from '#shared/http/handler';
import { toOffsetPage } from '#shared/pagination/offset';
import { presentCall } from '#shared/presenters/calls';
import { resolveRange } from '#shared/schemas/params';

const dependencies = retainedCallDependencies();
const recordingLinkKey = secretReader(CURSOR_SECRET_ENV);

/**
 * Calls whose started_at lies in [start_date, end_date), newest first; transcripts need
 * read:transcripts; `recording_url` is a 15-minute link signed for the calling key, as on the detail.
 */
export const handler = createHttpHandler(listCalls, async ({ query, headers, identity, event }) => {
  const { calls, teams } = dependencies();
  const teamId = resolveV0Team(identity, { header: headers['x-team-id'], query: query.team_id });
  const range = resolveRange(query.start_date, query.end_date);
  const [stored, retention] = await Promise.all([
    calls.listCallsByOffset({ teamId, ...range, type: query.type, offset: query.offset, limit: query.limit }),
    retentionOfTeam(teams, teamId),
  ]);
  // An expired transcript or recording is absent at once, before the sweeper removes it for real.
  const now = new Date();
  const rows = stored.map((call) => retainedCall(call, retention, now));
  const withTranscripts = hasPermission(identity, 'read:transcripts');
  const recordingLink = callerRecordingLinks(identity, event, await recordingLinkKey());
  return { statusCode: 200, body: toOffsetPage(rows, query.limit, query.offset, (c) => presentCall(c, withTranscripts, recordingLink)) };
});

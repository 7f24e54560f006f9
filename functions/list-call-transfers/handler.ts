import { callDependencies } from '#shared/adapters/runtime/call-dependencies';
import { resolveV0Team } from '#shared/auth/team-access';
import { listCallTransfers } from '#shared/contracts/call-detail';
import { listTeamTransfers } from '#shared/domain/call-transfers';
import { createHttpHandler } from '#shared/http/handler';
import { toOffsetPage } from '#shared/pagination/offset';
import { presentTransfer } from '#shared/presenters/call-detail';
import { resolveRange } from '#shared/schemas/params';

const dependencies = callDependencies();

/** Transfers whose transferred_at lies in [start_date, end_date), newest first, with the call each belongs to. */
export const handler = createHttpHandler(listCallTransfers, async ({ query, headers, identity }) => {
  const { calls } = dependencies();
  const teamId = resolveV0Team(identity, { header: headers['x-team-id'], query: query.team_id });
  const range = resolveRange(query.start_date, query.end_date);
  const rows = await listTeamTransfers(calls, { teamId, ...range, offset: query.offset, limit: query.limit });
  const page = toOffsetPage(rows, query.limit, query.offset, ({ transfer, callId }) => presentTransfer(transfer, callId));
  return { statusCode: 200, body: page };
});

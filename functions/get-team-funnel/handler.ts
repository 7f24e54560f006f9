import { analyticsDependencies } from '#shared/adapters/runtime/analytics-dependencies';
import { requireTeamAccess } from '#shared/auth/team-access';
import { getTeamFunnel } from '#shared/contracts/analytics';
import { teamFunnelFromRollups } from '#shared/domain/rollups/answer';
import { createHttpHandler } from '#shared/http/handler';
import { presentTeamFunnelResponse } from '#shared/presenters/analytics';
import { resolveRange } from '#shared/schemas/params';

const dependencies = analyticsDependencies();

export const handler = createHttpHandler(getTeamFunnel, async ({ path, query, identity }) => {
  const teamId = requireTeamAccess(identity, path.teamId);
  const range = resolveRange(query.start_date, query.end_date);
  const funnel = await teamFunnelFromRollups(dependencies(), teamId, range, query.scheduler_id);
  return { statusCode: 200, body: presentTeamFunnelResponse(funnel, teamId, { ...range, timezone: query.timezone }) };
});

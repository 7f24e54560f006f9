import { analyticsDependencies } from '#shared/adapters/runtime/analytics-dependencies';
import { resolveCrossTeams } from '#shared/auth/team-access';
import { getFunnel } from '#shared/contracts/analytics';
import { sumFunnels } from '#shared/domain/analytics';
import { crossTeamFunnelsFromRollups, teamFunnelFromRollups } from '#shared/domain/rollups/answer';
import { createHttpHandler } from '#shared/http/handler';
import { presentCrossTeamFunnelResponse } from '#shared/presenters/analytics';
import { resolveRange } from '#shared/schemas/params';

const dependencies = analyticsDependencies();

/** The funnel over every team the key reaches: per-team counts summed, rates recomputed from the sums. */
export const handler = createHttpHandler(getFunnel, async ({ query, identity }) => {
  const teamIds = resolveCrossTeams(identity, { teamId: query.team_id, includeTestTeams: query.include_test_teams });
  const range = resolveRange(query.start_date, query.end_date);
  const funnels =
    teamIds.length === 1
      ? [
          {
            teamId: teamIds[0] as number,
            funnel: await teamFunnelFromRollups(dependencies(), teamIds[0] as number, range, query.scheduler_id),
          },
        ]
      : await crossTeamFunnelsFromRollups(dependencies(), {
          teamIds,
          enterpriseIds: identity.enterpriseIds,
          includeTestTeams: teamIds.some((id) => identity.testTeamIds.includes(id)),
          range,
          schedulerId: query.scheduler_id,
        });
  const total = sumFunnels(funnels.map((f) => f.funnel));
  return { statusCode: 200, body: presentCrossTeamFunnelResponse(total, funnels, teamIds, { ...range, timezone: query.timezone }) };
});

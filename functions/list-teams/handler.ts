import { tenancyDependencies } from '#shared/adapters/runtime/tenancy-dependencies';
import { listTeams } from '#shared/contracts/teams';
import { createHttpHandler } from '#shared/http/handler';
import { presentTeamList } from '#shared/presenters/teams';

const dependencies = tenancyDependencies();

/** Every team the key reaches, test teams included and flagged; no team selection needed. */
export const handler = createHttpHandler(listTeams, async ({ identity }) => {
  const teams = await dependencies().tenancy.getTeams(identity.teamIds);
  return { statusCode: 200, body: presentTeamList(teams) };
});

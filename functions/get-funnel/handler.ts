import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { resolveCrossTeams } from '#shared/auth/team-access';
import { getFunnel } from '#shared/contracts/analytics';
import { computeFunnel, sumFunnels } from '#shared/domain/analytics';
import { createHttpHandler } from '#shared/http/handler';
import { resolveRange } from '#shared/schemas/params';

const sessions = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));

/** The funnel over every team the key reaches: per-team counts summed, rates recomputed from the sums. */
export const handler = createHttpHandler(getFunnel, async ({ query, identity }) => {
  const teamIds = resolveCrossTeams(identity, { teamId: query.team_id, includeTestTeams: query.include_test_teams });
  const range = resolveRange(query.start_date, query.end_date);
  const perTeam = await Promise.all(
    teamIds.map(async (teamId) => ({
      team_id: teamId,
      ...computeFunnel(await sessions.readSessionsStartedIn(teamId, range, query.scheduler_id)),
    })),
  );
  return {
    statusCode: 200,
    body: {
      data: { ...sumFunnels(perTeam), teams: perTeam },
      meta: { team_ids: teamIds, start_date: range.start, end_date: range.end, timezone: query.timezone },
    },
  };
});

import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { requireTeamAccess } from '#shared/auth/team-access';
import { getTeamFunnel } from '#shared/contracts/analytics';
import { computeFunnel } from '#shared/domain/analytics';
import { createHttpHandler } from '#shared/http/handler';
import { resolveRange } from '#shared/schemas/params';

const sessions = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));

export const handler = createHttpHandler(getTeamFunnel, async ({ path, query, identity }) => {
  const teamId = requireTeamAccess(identity, path.teamId);
  const range = resolveRange(query.start_date, query.end_date);
  const rows = await sessions.readSessionsStartedIn(teamId, range, query.scheduler_id);
  return {
    statusCode: 200,
    body: {
      data: computeFunnel(rows),
      meta: { team_id: teamId, start_date: range.start, end_date: range.end, timezone: query.timezone },
    },
  };
});

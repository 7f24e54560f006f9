import { getDocumentClient } from '../../shared/adapters/dynamodb/client';
import { DynamoSessionStore } from '../../shared/adapters/dynamodb/session-store';
import { physicalTableName } from '../../shared/adapters/dynamodb/tables';
import { resolveCrossTeams } from '../../shared/auth/team-access';
import { requireEnv } from '../../shared/config';
import { readSessionPage } from '../../shared/domain/session-pages';
import { createHttpHandler } from '../../shared/http/handler';
import { crossTeamSessionsQuery } from '../../shared/schemas/queries';

const sessions = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));
const cursorSecret = requireEnv('CURSOR_SECRET');

/** Sessions of every team the key reaches (test teams only when asked), newest first. */
export const handler = createHttpHandler({ surface: 'read', query: crossTeamSessionsQuery }, async ({ query, identity }) => {
  const { cursor, limit, ...filters } = query;
  const teamIds = resolveCrossTeams(identity, { teamId: filters.team_id, includeTestTeams: filters.include_test_teams });
  const page = await readSessionPage(sessions, {
    secret: cursorSecret,
    identity,
    routeId: 'listSessions',
    teamIds,
    filters,
    cursor,
    limit,
  });
  return { statusCode: 200, body: { ...page, meta: { team_ids: teamIds } } };
});

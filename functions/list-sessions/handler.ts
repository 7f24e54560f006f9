import { getDocumentClient } from '../../shared/adapters/dynamodb/client';
import { DynamoSessionStore } from '../../shared/adapters/dynamodb/session-store';
import { physicalTableName } from '../../shared/adapters/dynamodb/tables';
import { resolveCrossTeams } from '../../shared/auth/team-access';
import { requireEnv } from '../../shared/config';
import { toPublicSession } from '../../shared/domain/sessions';
import { createHttpHandler } from '../../shared/http/handler';
import { readCursorPage } from '../../shared/pagination/cursor';
import { crossTeamSessionsQuery } from '../../shared/schemas/queries';

const sessions = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));
const cursorSecret = requireEnv('CURSOR_SECRET');

export const handler = createHttpHandler({ surface: 'read', query: crossTeamSessionsQuery }, async ({ query, identity }) => {
  const { cursor, limit, ...filters } = query;
  const teamIds = resolveCrossTeams(identity, { teamId: filters.team_id, includeTestTeams: filters.include_test_teams });
  const page = await readCursorPage({
    secret: cursorSecret,
    binding: { keyId: identity.keyId, routeId: 'listSessions', filters: { ...filters, teamIds } },
    cursor,
    limit,
    fetch: (after) =>
      sessions.listSessions({
        teamIds,
        status: filters.status,
        schedulerId: filters.scheduler_id,
        start: filters.start_date,
        end: filters.end_date,
        after,
        limit,
      }),
    positionOf: (row) => row.position,
    map: (row) => toPublicSession(row.session),
  });
  return { statusCode: 200, body: { ...page, meta: { team_ids: teamIds } } };
});

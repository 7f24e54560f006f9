import { getDocumentClient } from '../../shared/adapters/dynamodb/client';
import { DynamoSessionStore } from '../../shared/adapters/dynamodb/session-store';
import { physicalTableName } from '../../shared/adapters/dynamodb/tables';
import { requireTeamAccess } from '../../shared/auth/team-access';
import { requireEnv } from '../../shared/config';
import { toPublicSession } from '../../shared/domain/sessions';
import { createHttpHandler } from '../../shared/http/handler';
import { readCursorPage } from '../../shared/pagination/cursor';
import { teamPath, teamSessionsQuery } from '../../shared/schemas/queries';

const sessions = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));
const cursorSecret = requireEnv('CURSOR_SECRET');

export const handler = createHttpHandler(
  { surface: 'read', path: teamPath, query: teamSessionsQuery },
  async ({ path, query, identity }) => {
    const teamId = requireTeamAccess(identity, path.teamId);
    const { cursor, limit, ...filters } = query;
    const page = await readCursorPage({
      secret: cursorSecret,
      binding: { keyId: identity.keyId, routeId: 'listTeamSessions', filters: { ...filters, teamId } },
      cursor,
      limit,
      fetch: (after) =>
        sessions.listSessions({
          teamIds: [teamId],
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
    return { statusCode: 200, body: { ...page, meta: { team_id: teamId } } };
  },
);

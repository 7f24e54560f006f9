import { getDocumentClient } from '../../shared/adapters/dynamodb/client';
import { DynamoSessionStore } from '../../shared/adapters/dynamodb/session-store';
import { physicalTableName } from '../../shared/adapters/dynamodb/tables';
import { requireTeamAccess } from '../../shared/auth/team-access';
import { requireEnv } from '../../shared/config';
import { readSessionPage } from '../../shared/domain/session-pages';
import { createHttpHandler } from '../../shared/http/handler';
import { teamPath, teamSessionsQuery } from '../../shared/schemas/queries';

const sessions = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));
const cursorSecret = requireEnv('CURSOR_SECRET');

/** Sessions whose started_at lies in [start_date, end_date), newest first. */
export const handler = createHttpHandler(
  { surface: 'read', path: teamPath, query: teamSessionsQuery },
  async ({ path, query, identity }) => {
    const teamId = requireTeamAccess(identity, path.teamId);
    const { cursor, limit, ...filters } = query;
    const page = await readSessionPage(sessions, {
      secret: cursorSecret,
      identity,
      routeId: 'listTeamSessions',
      teamIds: [teamId],
      filters,
      cursor,
      limit,
    });
    return { statusCode: 200, body: { ...page, meta: { team_id: teamId } } };
  },
);

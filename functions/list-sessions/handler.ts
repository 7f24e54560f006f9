import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { resolveCrossTeamScope } from '#shared/auth/team-access';
import { listSessions } from '#shared/contracts/sessions';
import { toPublicSession } from '#shared/domain/sessions';
import { createHttpHandler } from '#shared/http/handler';
import { readCursorList } from '#shared/pagination/cursor';

const sessions = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));
const cursorSecret = secretReader(CURSOR_SECRET_ENV);

/** Sessions of every team the key reaches (test teams only when asked), newest first. */
export const handler = createHttpHandler(listSessions, async (input) => {
  const { query, identity } = input;
  const crossTeams = resolveCrossTeamScope(identity, { teamId: query.team_id, includeTestTeams: query.include_test_teams });
  const { teamIds } = crossTeams;
  const page = await readCursorList(input, {
    secret: await cursorSecret(),
    scope: { teamIds },
    fetch: (filters, pageQuery) =>
      sessions.listSessions({
        ...crossTeams,
        status: filters.status,
        schedulerId: filters.scheduler_id,
        start: filters.start_date,
        end: filters.end_date,
        ...pageQuery,
      }),
    map: (row) => toPublicSession(row.session),
  });
  return { statusCode: 200, body: { ...page, meta: { team_ids: teamIds } } };
});

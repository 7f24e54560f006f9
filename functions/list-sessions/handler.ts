import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { sessionDependencies } from '#shared/adapters/runtime/session-dependencies';
import { resolveCrossTeamScope } from '#shared/auth/team-access';
import { listSessions } from '#shared/contracts/sessions';
import { createHttpHandler } from '#shared/http/handler';
import { changeFeedMeta, changeWindowOf } from '#shared/pagination/change-feed';
import { readCursorList } from '#shared/pagination/cursor';
import { presentTeamsPage } from '#shared/presenters/responses';
import { presentSession } from '#shared/presenters/sessions';

const dependencies = sessionDependencies();
const cursorSecret = secretReader(CURSOR_SECRET_ENV);

/** Sessions of every team the key reaches (test teams only when asked), newest first; with updated_since, oldest change first. */
export const handler = createHttpHandler(listSessions, async (input) => {
  const { query, identity } = input;
  const crossTeams = resolveCrossTeamScope(identity, { teamId: query.team_id, includeTestTeams: query.include_test_teams });
  const { teamIds } = crossTeams;
  const { sessions } = dependencies();
  const changedIn = changeWindowOf(input.query);
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
        changedIn,
        ...pageQuery,
      }),
    map: (row) => presentSession(row.session),
  });
  return { statusCode: 200, body: presentTeamsPage(page, teamIds, changeFeedMeta(changedIn)) };
});

import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { sessionDependencies } from '#shared/adapters/runtime/session-dependencies';
import { requireTeamAccess } from '#shared/auth/team-access';
import { listTeamSessions } from '#shared/contracts/sessions';
import { createHttpHandler } from '#shared/http/handler';
import { changeFeedMeta, changeWindowOf } from '#shared/pagination/change-feed';
import { readCursorList } from '#shared/pagination/cursor';
import { presentTeamPage } from '#shared/presenters/responses';
import { presentSession } from '#shared/presenters/sessions';

const dependencies = sessionDependencies();
const cursorSecret = secretReader(CURSOR_SECRET_ENV);

/** Sessions whose started_at lies in [start_date, end_date), newest first; with updated_since, those changed since, oldest change first. */
export const handler = createHttpHandler(listTeamSessions, async (input) => {
  const teamId = requireTeamAccess(input.identity, input.path.teamId);
  const { sessions } = dependencies();
  const changedIn = changeWindowOf(input.query);
  const page = await readCursorList(input, {
    secret: await cursorSecret(),
    scope: { teamIds: [teamId] },
    fetch: (filters, pageQuery) =>
      sessions.listSessions({
        teamIds: [teamId],
        status: filters.status,
        schedulerId: filters.scheduler_id,
        start: filters.start_date,
        end: filters.end_date,
        changedIn,
        ...pageQuery,
      }),
    map: (row) => presentSession(row.session),
  });
  return { statusCode: 200, body: presentTeamPage(page, teamId, changeFeedMeta(changedIn)) };
});

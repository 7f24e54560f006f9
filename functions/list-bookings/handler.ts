import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { sessionDependencies } from '#shared/adapters/runtime/session-dependencies';
import { resolveCrossTeamScope } from '#shared/auth/team-access';
import { listBookings } from '#shared/contracts/sessions';
import { createHttpHandler } from '#shared/http/handler';
import { changeFeedMeta, changeWindowOf } from '#shared/pagination/change-feed';
import { readCursorList } from '#shared/pagination/cursor';
import { presentPage } from '#shared/presenters/responses';
import { presentSession } from '#shared/presenters/sessions';

const dependencies = sessionDependencies();
const cursorSecret = secretReader(CURSOR_SECRET_ENV);

/**
 * Completed bookings: booked sessions whose completed_at lies in [start_date, end_date), newest
 * first; with updated_since, the booked sessions changed since, oldest change first.
 */
export const handler = createHttpHandler(listBookings, async (input) => {
  const { query, identity } = input;
  const crossTeams = resolveCrossTeamScope(identity, { teamId: query.team_id, includeTestTeams: query.include_test_teams });
  const { teamIds } = crossTeams;
  const { sessions } = dependencies();
  const changedIn = changeWindowOf(query);
  const page = await readCursorList(input, {
    secret: await cursorSecret(),
    scope: { teamIds },
    fetch: (filters, pageQuery) =>
      sessions.listBookings({ ...crossTeams, start: filters.start_date, end: filters.end_date, changedIn, ...pageQuery }),
    map: (row) => presentSession(row.session),
  });
  return { statusCode: 200, body: changedIn ? presentPage(page, changeFeedMeta(changedIn)) : page };
});

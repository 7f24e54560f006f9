import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { bookingRequestDependencies } from '#shared/adapters/runtime/scheduler-dependencies';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { requireTeamAccess } from '#shared/auth/team-access';
import { listTeamBookingRequests } from '#shared/contracts/schedulers';
import { createHttpHandler } from '#shared/http/handler';
import { readCursorList } from '#shared/pagination/cursor';
import { presentTeamPage } from '#shared/presenters/responses';
import { presentBookingRequest } from '#shared/presenters/schedulers';

const dependencies = bookingRequestDependencies();
const cursorSecret = secretReader(CURSOR_SECRET_ENV);

/** Booking requests whose requested_at lies in [start_date, end_date), newest first. */
export const handler = createHttpHandler(listTeamBookingRequests, async (input) => {
  const teamId = requireTeamAccess(input.identity, input.path.teamId);
  const page = await readCursorList(input, {
    secret: await cursorSecret(),
    scope: { teamIds: [teamId] },
    fetch: (filters, pageQuery) =>
      dependencies().bookingRequests.listBookingRequests({
        teamId,
        status: filters.status,
        schedulerId: filters.scheduler_id,
        start: filters.start_date,
        end: filters.end_date,
        ...pageQuery,
      }),
    map: (row) => presentBookingRequest(row.request),
  });
  return { statusCode: 200, body: presentTeamPage(page, teamId) };
});

import { appointmentDependencies } from '#shared/adapters/runtime/appointment-dependencies';
import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { requireTeamAccess } from '#shared/auth/team-access';
import { listTeamAppointments } from '#shared/contracts/appointments';
import { manageUrl, sealedToken } from '#shared/domain/appointments/manage-token';
import { createHttpHandler } from '#shared/http/handler';
import { publicBaseUrl } from '#shared/http/public-base-url';
import { changeFeedMeta, changeWindowOf } from '#shared/pagination/change-feed';
import { readCursorList } from '#shared/pagination/cursor';
import { presentAppointment } from '#shared/presenters/appointments';
import { presentTeamPage } from '#shared/presenters/responses';

const dependencies = appointmentDependencies();
// The cursors and the manage links are both keyed with the cursor secret (under their own labels).
const cursorSecret = secretReader(CURSOR_SECRET_ENV);

/** Visits whose start lies in [start_date, end_date), latest start first (with updated_since, oldest change first), each with its manage link. */
export const handler = createHttpHandler(listTeamAppointments, async (input) => {
  const teamId = requireTeamAccess(input.identity, input.path.teamId);
  const { appointments } = dependencies();
  const changedIn = changeWindowOf(input.query);
  const [secret, origin] = [await cursorSecret(), publicBaseUrl(input.event)];
  const page = await readCursorList(input, {
    secret,
    scope: { teamIds: [teamId] },
    fetch: (filters, pageQuery) =>
      appointments.listAppointments({
        teamId,
        status: filters.status,
        start: filters.start_date,
        end: filters.end_date,
        changedIn,
        ...pageQuery,
      }),
    map: ({ stored }) => {
      const token = sealedToken(secret, stored.appointment.appointment_id, stored.manage);
      return presentAppointment(stored, token === null ? null : manageUrl(origin, token));
    },
  });
  return { statusCode: 200, body: presentTeamPage(page, teamId, changeFeedMeta(changedIn)) };
});

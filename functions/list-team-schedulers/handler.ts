import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { schedulerDependencies } from '#shared/adapters/runtime/scheduler-dependencies';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { requireTeamAccess } from '#shared/auth/team-access';
import { listTeamSchedulers } from '#shared/contracts/schedulers';
import { createHttpHandler } from '#shared/http/handler';
import { publicBaseUrl } from '#shared/http/public-base-url';
import { readCursorList } from '#shared/pagination/cursor';
import { presentTeamPage } from '#shared/presenters/responses';
import { presentScheduler } from '#shared/presenters/schedulers';

const dependencies = schedulerDependencies();
const cursorSecret = secretReader(CURSOR_SECRET_ENV);

/** The team's scheduler configurations, by scheduler id ascending, each with its booking page and embed code. */
export const handler = createHttpHandler(listTeamSchedulers, async (input) => {
  const teamId = requireTeamAccess(input.identity, input.path.teamId);
  const base = publicBaseUrl(input.event);
  const { schedulers } = dependencies();
  const page = await readCursorList(input, {
    secret: await cursorSecret(),
    scope: { teamIds: [teamId] },
    fetch: (_filters, pageQuery) => schedulers.listSchedulers({ teamId, ...pageQuery }),
    map: ({ scheduler }) => presentScheduler(scheduler, base),
  });
  return { statusCode: 200, body: presentTeamPage(page, teamId) };
});

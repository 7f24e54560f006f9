import { outboundFeedDependencies } from '#shared/adapters/runtime/outbound-feed-dependencies';
import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { requireTeamAccess } from '#shared/auth/team-access';
import { listSubscriptionEvents } from '#shared/contracts/outbound';
import { createHttpHandler } from '#shared/http/handler';
import { readCursorList } from '#shared/pagination/cursor';
import { presentSubscriptionEvent } from '#shared/presenters/outbound';
import { presentTeamPage } from '#shared/presenters/responses';

const dependencies = outboundFeedDependencies();
const cursorSecret = secretReader(CURSOR_SECRET_ENV);

/** Subscription events that occurred in [start_date, end_date), newest first. */
export const handler = createHttpHandler(listSubscriptionEvents, async (input) => {
  const { feed } = dependencies();
  const teamId = requireTeamAccess(input.identity, input.path.teamId);
  const page = await readCursorList(input, {
    secret: await cursorSecret(),
    scope: { teamIds: [teamId] },
    fetch: (filters, pageQuery) =>
      feed.listSubscriptionEvents({ teamId, type: filters.type, start: filters.start_date, end: filters.end_date, ...pageQuery }),
    map: (row) => presentSubscriptionEvent(row.event),
  });
  return { statusCode: 200, body: presentTeamPage(page, teamId) };
});

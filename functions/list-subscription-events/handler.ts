import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoOutboundFeedStore } from '#shared/adapters/dynamodb/outbound-feed-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { requireTeamAccess } from '#shared/auth/team-access';
import { listSubscriptionEvents } from '#shared/contracts/outbound';
import { createHttpHandler } from '#shared/http/handler';
import { readCursorList } from '#shared/pagination/cursor';

const feed = new DynamoOutboundFeedStore(getDocumentClient(), physicalTableName('campaigns'));
const cursorSecret = secretReader(CURSOR_SECRET_ENV);

/** Subscription events that occurred in [start_date, end_date), newest first. */
export const handler = createHttpHandler(listSubscriptionEvents, async (input) => {
  const teamId = requireTeamAccess(input.identity, input.path.teamId);
  const page = await readCursorList(input, {
    secret: await cursorSecret(),
    scope: { teamIds: [teamId] },
    fetch: (filters, pageQuery) =>
      feed.listSubscriptionEvents({ teamId, type: filters.type, start: filters.start_date, end: filters.end_date, ...pageQuery }),
    map: (row) => row.event,
  });
  return { statusCode: 200, body: { ...page, meta: { team_id: teamId } } };
});

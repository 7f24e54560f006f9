import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { requireTeamAccess } from '#shared/auth/team-access';
import { listTeamSchedulers } from '#shared/contracts/schedulers';
import { bookingPageUrl, embedCode } from '#shared/domain/widget/embed';
import { createHttpHandler } from '#shared/http/handler';
import { publicBaseUrl } from '#shared/http/public-base-url';
import { readCursorList } from '#shared/pagination/cursor';

const schedulers = new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams'));
const cursorSecret = secretReader(CURSOR_SECRET_ENV);

/** The team's scheduler configurations, by scheduler id ascending, each with its booking page and embed code. */
export const handler = createHttpHandler(listTeamSchedulers, async (input) => {
  const teamId = requireTeamAccess(input.identity, input.path.teamId);
  const base = publicBaseUrl(input.event);
  const page = await readCursorList(input, {
    secret: await cursorSecret(),
    scope: { teamIds: [teamId] },
    fetch: (_filters, pageQuery) => schedulers.listSchedulers({ teamId, ...pageQuery }),
    map: ({ scheduler }) => {
      const { created_at, updated_at, ...settings } = scheduler;
      return {
        ...settings,
        booking_page_url: bookingPageUrl(base, teamId, scheduler.scheduler_id),
        embed_code: embedCode(base, teamId, scheduler.scheduler_id),
        created_at,
        updated_at,
      };
    },
  });
  return { statusCode: 200, body: { ...page, meta: { team_id: teamId } } };
});

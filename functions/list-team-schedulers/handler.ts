import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { requireTeamAccess } from '#shared/auth/team-access';
import { listTeamSchedulers } from '#shared/contracts/schedulers';
import { createHttpHandler } from '#shared/http/handler';
import { readCursorList } from '#shared/pagination/cursor';

const schedulers = new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams'));
const cursorSecret = secretReader(CURSOR_SECRET_ENV);

/** The team's scheduler configurations, by scheduler id ascending. */
export const handler = createHttpHandler(listTeamSchedulers, async (input) => {
  const teamId = requireTeamAccess(input.identity, input.path.teamId);
  const page = await readCursorList(input, {
    secret: await cursorSecret(),
    scope: { teamIds: [teamId] },
    fetch: (_filters, pageQuery) => schedulers.listSchedulers({ teamId, ...pageQuery }),
    map: (row) => row.scheduler,
  });
  return { statusCode: 200, body: { ...page, meta: { team_id: teamId } } };
});

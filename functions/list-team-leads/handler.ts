import { leadDependencies } from '#shared/adapters/runtime/lead-dependencies';
import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { requireTeamAccess } from '#shared/auth/team-access';
import { listTeamLeads } from '#shared/contracts/leads';
import { createHttpHandler } from '#shared/http/handler';
import { changeFeedMeta, changeWindowOf } from '#shared/pagination/change-feed';
import { readCursorList } from '#shared/pagination/cursor';
import { presentCanonicalLead } from '#shared/presenters/leads';
import { presentTeamPage } from '#shared/presenters/responses';

const dependencies = leadDependencies();
const cursorSecret = secretReader(CURSOR_SECRET_ENV);

/** The canonical leads feed: every channel, newest first, no default date range (the whole history); with updated_since, oldest change first. */
export const handler = createHttpHandler(listTeamLeads, async (input) => {
  const { leads } = dependencies();
  const teamId = requireTeamAccess(input.identity, input.path.teamId);
  const changedIn = changeWindowOf(input.query);
  const page = await readCursorList(input, {
    secret: await cursorSecret(),
    scope: { teamId },
    fetch: (filters, pageQuery) =>
      leads.listLeads({
        teamId,
        start: filters.start_date,
        end: filters.end_date,
        type: filters.type,
        externalId: filters.external_id,
        changedIn,
        ...pageQuery,
      }),
    map: (row) => presentCanonicalLead(row.lead),
  });
  return { statusCode: 200, body: presentTeamPage(page, teamId, changeFeedMeta(changedIn)) };
});

import { supportTicketDependencies } from '#shared/adapters/runtime/call-dependencies';
import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { requireEnterpriseAccess, resolveCrossTeams } from '#shared/auth/team-access';
import { listSupportTickets } from '#shared/contracts/support-tickets';
import { createHttpHandler } from '#shared/http/handler';
import { readCursorList } from '#shared/pagination/cursor';
import { presentSupportTicket, presentSupportTicketPage } from '#shared/presenters/support-tickets';

const dependencies = supportTicketDependencies();
const cursorSecret = secretReader(CURSOR_SECRET_ENV);

/** Tickets created in [start_date, end_date), newest first, across the enterprise's teams. */
export const handler = createHttpHandler(listSupportTickets, async (input) => {
  const { tickets } = dependencies();
  const { path, query, identity } = input;
  const enterpriseId = requireEnterpriseAccess(identity, path.enterpriseId);
  const teamIds = resolveCrossTeams(identity, { teamId: query.team_id, includeTestTeams: query.include_test_teams });
  const page = await readCursorList(input, {
    secret: await cursorSecret(),
    scope: { enterpriseId, teamIds },
    fetch: (filters, pageQuery) =>
      tickets.listTickets({ enterpriseId, teamIds, start: filters.start_date, end: filters.end_date, ...pageQuery }),
    map: (row) => presentSupportTicket(row.ticket),
  });
  return { statusCode: 200, body: presentSupportTicketPage(page, enterpriseId, teamIds) };
});

import { leadDependencies } from '#shared/adapters/runtime/lead-dependencies';
import { resolveV0Team } from '#shared/auth/team-access';
import { listUnifiedLeads } from '#shared/contracts/leads';
import { createHttpHandler } from '#shared/http/handler';
import { toOffsetPage } from '#shared/pagination/offset';
import { presentUnifiedLead } from '#shared/presenters/leads';
import { resolveRange } from '#shared/schemas/params';

const dependencies = leadDependencies();

/** Leads whose datetime lies in [start_date, end_date), newest first. */
export const handler = createHttpHandler(listUnifiedLeads, async ({ query, headers, identity }) => {
  const { leads } = dependencies();
  const teamId = resolveV0Team(identity, { header: headers['x-team-id'], query: query.team_id });
  const range = resolveRange(query.start_date, query.end_date);
  const rows = await leads.listLeadsByOffset({ teamId, ...range, type: query.type, offset: query.offset, limit: query.limit });
  return { statusCode: 200, body: toOffsetPage(rows, query.limit, query.offset, presentUnifiedLead) };
});

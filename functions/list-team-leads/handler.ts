import { getDocumentClient } from '../../shared/adapters/dynamodb/client';
import { DynamoLeadStore } from '../../shared/adapters/dynamodb/lead-store';
import { physicalTableName } from '../../shared/adapters/dynamodb/tables';
import { requireTeamAccess } from '../../shared/auth/team-access';
import { requireEnv } from '../../shared/config';
import { toCanonicalLead } from '../../shared/domain/leads';
import { createHttpHandler } from '../../shared/http/handler';
import { readCursorPage } from '../../shared/pagination/cursor';
import { teamLeadsQuery, teamPath } from '../../shared/schemas/queries';

const leads = new DynamoLeadStore(getDocumentClient(), physicalTableName('leads'));
const cursorSecret = requireEnv('CURSOR_SECRET');

/** The canonical leads feed: every channel, newest first; no default date range (the whole history). */
export const handler = createHttpHandler({ surface: 'read', path: teamPath, query: teamLeadsQuery }, async ({ path, query, identity }) => {
  const teamId = requireTeamAccess(identity, path.teamId);
  const { cursor, limit, ...filters } = query;
  const page = await readCursorPage({
    secret: cursorSecret,
    binding: { keyId: identity.keyId, routeId: 'listTeamLeads', filters: { ...filters, teamId } },
    cursor,
    limit,
    fetch: (after) =>
      leads.listLeads({
        teamId,
        start: filters.start_date,
        end: filters.end_date,
        type: filters.type,
        externalId: filters.external_id,
        after,
        limit,
      }),
    positionOf: (row) => row.position,
    map: (row) => toCanonicalLead(row.lead),
  });
  return { statusCode: 200, body: { ...page, meta: { team_id: teamId } } };
});

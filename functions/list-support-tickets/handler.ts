import { DynamoCallStore } from '../../shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '../../shared/adapters/dynamodb/client';
import { physicalTableName } from '../../shared/adapters/dynamodb/tables';
import { requireEnterpriseAccess, resolveCrossTeams } from '../../shared/auth/team-access';
import { requireEnv } from '../../shared/config';
import { createHttpHandler } from '../../shared/http/handler';
import { readCursorPage } from '../../shared/pagination/cursor';
import { enterprisePath, supportTicketsQuery } from '../../shared/schemas/queries';

const calls = new DynamoCallStore(getDocumentClient(), physicalTableName('calls'));
const cursorSecret = requireEnv('CURSOR_SECRET');

/** Tickets created in [start_date, end_date), newest first, across the enterprise's teams. */
export const handler = createHttpHandler(
  { surface: 'read', path: enterprisePath, query: supportTicketsQuery },
  async ({ path, query, identity }) => {
    const enterpriseId = requireEnterpriseAccess(identity, path.enterpriseId);
    const { cursor, limit, ...filters } = query;
    const teamIds = resolveCrossTeams(identity, { teamId: filters.team_id, includeTestTeams: filters.include_test_teams });
    const page = await readCursorPage({
      secret: cursorSecret,
      binding: { keyId: identity.keyId, routeId: 'listSupportTickets', filters: { ...filters, enterpriseId, teamIds } },
      cursor,
      limit,
      fetch: (after) => calls.listTickets({ enterpriseId, teamIds, start: filters.start_date, end: filters.end_date, after, limit }),
      positionOf: (row) => row.position,
      map: (row) => row.ticket,
    });
    return { statusCode: 200, body: { ...page, meta: { enterprise_id: enterpriseId, team_ids: teamIds } } };
  },
);

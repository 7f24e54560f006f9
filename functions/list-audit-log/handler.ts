import { auditLogDependencies } from '#shared/adapters/runtime/audit-log-dependencies';
import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { requireTeamAccess } from '#shared/auth/team-access';
import { listAuditLog } from '#shared/contracts/audit-log';
import { createHttpHandler } from '#shared/http/handler';
import { readCursorList } from '#shared/pagination/cursor';
import { presentAuditLogEntry, presentAuditLogPage } from '#shared/presenters/audit-log';

const dependencies = auditLogDependencies();
const cursorSecret = secretReader(CURSOR_SECRET_ENV);

/**
 * Entries of the key's enterprises whose change lies in [start_date, end_date), newest first; of
 * those, only the entries touching a team the key reaches (a single-team key sees its team's), or
 * the one team `team_id` names.
 */
export const handler = createHttpHandler(listAuditLog, async (input) => {
  const { auditLog } = dependencies();
  const { enterpriseIds } = input.identity;
  // One team, as on the other cross-team lists: a team the key does not reach is a 403, never an empty page.
  const teamIds = input.query.team_id === undefined ? input.identity.teamIds : [requireTeamAccess(input.identity, input.query.team_id)];
  const page = await readCursorList(input, {
    secret: await cursorSecret(),
    scope: { enterpriseIds, teamIds },
    fetch: (filters, pageQuery) =>
      auditLog.list({ enterpriseIds, teamIds, action: filters.action, start: filters.start_date, end: filters.end_date, ...pageQuery }),
    map: (row) => presentAuditLogEntry(row.entry),
  });
  return { statusCode: 200, body: presentAuditLogPage(page, enterpriseIds) };
});

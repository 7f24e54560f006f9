import type * as z from 'zod';
import type { team } from '#shared/contracts/teams';
import type { Team } from '#shared/domain/tenancy';

/** A team as the API answers it (shared/contracts/teams.ts `team`). */
export type TeamBody = z.output<ReturnType<typeof team>>;

/** A team on the wire: its configuration (rate-limit override, creation time) stays out. */
export function presentTeam(t: Team): TeamBody {
  return {
    id: t.id,
    name: t.name,
    timezone: t.timezone,
    enterprise_id: t.enterpriseId,
    workspace_id: t.workspaceId,
    is_test: t.isTest,
  };
}

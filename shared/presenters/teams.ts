import type * as z from 'zod';
import type { team } from '#shared/contracts/teams';
import type { Team } from '#shared/domain/tenancy';
import { presentBody } from '#shared/presenters/responses';

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

/** GET /api/teams: every team the key reaches, one list, no pagination. */
export function presentTeamList(teams: readonly Team[]) {
  return presentBody(teams.map(presentTeam));
}

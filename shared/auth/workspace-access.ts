import type { Team } from '#shared/domain/tenancy';
import { ForbiddenError } from '#shared/errors';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import type { Identity } from './identity';

/**
 * The platform surface addresses a team by X-Workspace-ID (the contracts validate the header:
 * shared/contracts/headers.ts). A workspace that does not exist and one the key cannot reach get
 * the same 403.
 */
export async function resolveWorkspaceTeam(
  identity: Identity,
  workspaceId: string,
  tenancy: Pick<TenancyStore, 'getTeamByWorkspace'>,
): Promise<Team> {
  const team = await tenancy.getTeamByWorkspace(workspaceId);
  if (!team || !identity.teamIds.includes(team.id)) {
    throw new ForbiddenError(`Workspace ${workspaceId} is not accessible with this API key`);
  }
  return team;
}

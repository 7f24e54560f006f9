import type { Team } from '../domain/tenancy';
import { BadRequestError, ForbiddenError } from '../errors';
import type { TenancyStore } from '../ports/tenancy-store';
import type { Identity } from './identity';

/**
 * The platform surface addresses a team by X-Workspace-ID. Missing header: 400. A workspace that
 * does not exist and one the key cannot reach get the same 403.
 */
export async function resolveWorkspaceTeam(
  identity: Identity,
  headers: Readonly<Record<string, string>>,
  tenancy: TenancyStore,
): Promise<Team> {
  const workspaceId = headers['x-workspace-id']?.trim();
  if (!workspaceId)
    throw new BadRequestError('X-Workspace-ID header is required: it names the team (workspace) the request is for', 'x-workspace-id');
  if (workspaceId.length > 128) throw new BadRequestError('x-workspace-id: must be at most 128 characters', 'x-workspace-id');
  const team = await tenancy.getTeamByWorkspace(workspaceId);
  if (!team || !identity.teamIds.includes(team.id)) {
    throw new ForbiddenError(`Workspace ${workspaceId} is not accessible with this API key`);
  }
  return team;
}

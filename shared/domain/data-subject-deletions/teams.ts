import type { Identity } from '#shared/auth/identity';
import { requireTeamAccess } from '#shared/auth/team-access';
import { BadRequestError } from '#shared/errors';
import type { TenancyStore } from '#shared/ports/tenancy-store';

/**
 * The teams a deletion reaches: those named (each reachable by the key, else 403), or the key's
 * teams of its anchor team's enterprise; all of one enterprise, whose audit log records it.
 */
export async function deletionTeams(
  tenancy: Pick<TenancyStore, 'getTeam'>,
  identity: Identity,
  named: readonly number[] | undefined,
): Promise<{ enterpriseId: number; teamIds: number[] }> {
  const anchor = await tenancy.getTeam(identity.anchorTeamId);
  if (!anchor) throw new BadRequestError('the key’s anchor team no longer exists', 'team_ids');
  const asked = named === undefined ? null : [...new Set(named)].map((teamId) => requireTeamAccess(identity, teamId));
  const candidates = asked ?? identity.teamIds;
  const teams = await Promise.all(candidates.map((teamId) => tenancy.getTeam(teamId)));
  const enterpriseId = asked === null ? anchor.enterpriseId : (teams[0]?.enterpriseId ?? anchor.enterpriseId);
  const teamIds: number[] = [];
  for (const team of teams) {
    if (!team) continue;
    if (team.enterpriseId === enterpriseId) teamIds.push(team.id);
    else if (asked !== null) throw new BadRequestError('team_ids must all be teams of one enterprise', 'team_ids');
  }
  if (teamIds.length === 0) throw new BadRequestError('team_ids names no team', 'team_ids');
  return { enterpriseId, teamIds };
}

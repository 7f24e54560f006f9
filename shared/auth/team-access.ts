import { BadRequestError, ForbiddenError } from '#shared/errors';
import { type Identity, isMultiTeamKey } from './identity';

/** The same answer for a team outside the key's scope and a team that does not exist. */
function teamNotAccessible(teamId: number): ForbiddenError {
  return new ForbiddenError(`Team ${teamId} is not accessible with this API key`);
}

/** v1: the team is in the path. */
export function requireTeamAccess(identity: Identity, teamId: number): number {
  if (!identity.teamIds.includes(teamId)) throw teamNotAccessible(teamId);
  return teamId;
}

/**
 * v0: multi-team keys name the team in the x-team-id header or the team_id query parameter (both
 * validated by the route's contract); single-team keys may omit it (and naming another team is a 403).
 */
export function resolveV0Team(
  identity: Identity,
  named: { readonly header: number | undefined; readonly query: number | undefined },
): number {
  if (named.header !== undefined && named.query !== undefined && named.header !== named.query) {
    throw new BadRequestError('x-team-id and team_id name different teams; send one of them', 'team_id');
  }
  const teamId = named.header ?? named.query;
  if (teamId === undefined) {
    if (isMultiTeamKey(identity)) {
      throw new BadRequestError(
        'This API key reaches several teams: name one with the x-team-id header or the team_id query parameter',
        'x-team-id',
      );
    }
    return identity.anchorTeamId;
  }
  return requireTeamAccess(identity, teamId);
}

/**
 * Cross-team v1 lists and aggregations: every team the key reaches, without test teams unless
 * asked; a team named with team_id is addressed explicitly and never filtered.
 */
export function resolveCrossTeams(identity: Identity, options: { teamId?: number; includeTestTeams: boolean }): number[] {
  if (options.teamId !== undefined) return [requireTeamAccess(identity, options.teamId)];
  if (options.includeTestTeams) return [...identity.teamIds];
  return identity.teamIds.filter((id) => !identity.testTeamIds.includes(id));
}

/** What a cross-team list reads: the teams (resolveCrossTeams) and, over the key's teams, their enterprises. */
export interface CrossTeamScope {
  readonly teamIds: readonly number[];
  /**
   * Absent when a team is named (it is read from its own partition); otherwise the key's
   * enterprises, which hold every team of the key, and whether test teams are among the teams.
   */
  readonly enterprises?: { readonly ids: readonly number[]; readonly includeTestTeams: boolean };
}

/**
 * The scope of a cross-team list (sessions, bookings): the session store decides from it whether to
 * read the enterprise index or the teams' partitions (listPartitions in its adapter).
 */
export function resolveCrossTeamScope(identity: Identity, options: { teamId?: number; includeTestTeams: boolean }): CrossTeamScope {
  const teamIds = resolveCrossTeams(identity, options);
  if (options.teamId !== undefined) return { teamIds };
  return {
    teamIds,
    enterprises: { ids: identity.enterpriseIds, includeTestTeams: teamIds.some((id) => identity.testTeamIds.includes(id)) },
  };
}

/** /api/v1/enterprise/{enterpriseId}/...: an enterprise_all_teams key of that very enterprise. */
export function requireEnterpriseAccess(identity: Identity, enterpriseId: number): number {
  if (identity.keyType !== 'enterprise_all_teams') {
    throw new ForbiddenError('Enterprise routes need an enterprise_all_teams key');
  }
  if (identity.enterpriseId !== enterpriseId) {
    throw new ForbiddenError(`Enterprise ${enterpriseId} is not accessible with this API key`);
  }
  return enterpriseId;
}

import {
  requireEnterpriseAccess,
  requireTeamAccess,
  resolveCrossTeamScope,
  resolveCrossTeams,
  resolveV0Team,
} from '#shared/auth/team-access';
import { listUnifiedLeads } from '#shared/contracts/leads';
import { BadRequestError, ForbiddenError } from '#shared/errors';
import { parseHeaders, parseOrThrow } from '#shared/http/validation';
import { identity } from '../../../support/factories';

const single = identity({ keyType: 'enterprise', scope: { kind: 'team', id: 1 }, teamIds: [1], testTeamIds: [] });
const multi = identity();

/** What a v0 route hands resolveV0Team: the x-team-id header and the team_id query parameter, validated by its contract. */
function named(headers: Record<string, string>, query: Record<string, string> | null) {
  return {
    header: parseHeaders(listUnifiedLeads.headers, headers)['x-team-id'],
    query: parseOrThrow(listUnifiedLeads.query, query ?? {}, 'query').team_id,
  };
}

describe('v0 team selection', () => {
  it('uses the anchor team for a single-team key that names no team', () => {
    expect(resolveV0Team(single, named({}, null))).toBe(1);
  });

  it('refuses a single-team key naming another team with 403', () => {
    expect(() => resolveV0Team(single, named({ 'x-team-id': '2' }, null))).toThrow(ForbiddenError);
  });

  it('asks a multi-team key that names no team for one with a 400', () => {
    expect(() => resolveV0Team(multi, named({}, null))).toThrow(/x-team-id header or the team_id query parameter/);
  });

  it('accepts the team from the header or from the query', () => {
    expect(resolveV0Team(multi, named({ 'x-team-id': '2' }, null))).toBe(2);
    expect(resolveV0Team(multi, named({}, { team_id: '2' }))).toBe(2);
  });

  it('refuses a header and a query that name different teams', () => {
    expect(() => resolveV0Team(multi, named({ 'x-team-id': '1' }, { team_id: '2' }))).toThrow(BadRequestError);
  });

  it('refuses a non-integer team id with a 400 naming the header', () => {
    expect(() => resolveV0Team(multi, named({ 'x-team-id': 'abc' }, null))).toThrow(/x-team-id: must be a positive integer/);
  });

  it('answers a team outside the scope and a team that does not exist alike', () => {
    const messageFor = (teamId: number) => {
      try {
        requireTeamAccess(multi, teamId);
      } catch (error) {
        return (error as Error).message.replace(String(teamId), 'N');
      }
      return 'allowed';
    };
    expect(messageFor(99)).toBe(messageFor(12345));
    expect(messageFor(99)).not.toBe('allowed');
  });
});

describe('cross-team selection', () => {
  it('leaves test teams out unless include_test_teams is true', () => {
    expect(resolveCrossTeams(multi, { includeTestTeams: false })).toEqual([1, 2]);
    expect(resolveCrossTeams(multi, { includeTestTeams: true })).toEqual([1, 2, 3]);
  });

  it('never filters a test team that is addressed explicitly', () => {
    expect(resolveCrossTeams(multi, { teamId: 3, includeTestTeams: false })).toEqual([3]);
  });

  it('gives a list over the key’s teams their enterprises, with the test partitions only when test teams are in it', () => {
    expect(resolveCrossTeamScope(multi, { includeTestTeams: false })).toEqual({
      teamIds: [1, 2],
      enterprises: { ids: [1], includeTestTeams: false },
    });
    expect(resolveCrossTeamScope(multi, { includeTestTeams: true })).toEqual({
      teamIds: [1, 2, 3],
      enterprises: { ids: [1], includeTestTeams: true },
    });
    const noTestTeams = identity({ testTeamIds: [] });
    expect(resolveCrossTeamScope(noTestTeams, { includeTestTeams: true }).enterprises).toEqual({ ids: [1], includeTestTeams: false });
  });

  it('reads a named team from its own partition', () => {
    expect(resolveCrossTeamScope(multi, { teamId: 2, includeTestTeams: true })).toEqual({ teamIds: [2] });
    expect(() => resolveCrossTeamScope(multi, { teamId: 9, includeTestTeams: true })).toThrow(ForbiddenError);
  });
});

describe('enterprise routes', () => {
  it('refuses portfolio keys', () => {
    expect(() => requireEnterpriseAccess(identity({ keyType: 'portfolio_all_teams', enterpriseId: null }), 1)).toThrow(ForbiddenError);
  });

  it('refuses an enterprise key of another enterprise', () => {
    expect(() => requireEnterpriseAccess(multi, 2)).toThrow(ForbiddenError);
  });

  it("accepts an enterprise_all_teams key of the path's enterprise", () => {
    expect(requireEnterpriseAccess(multi, 1)).toBe(1);
  });
});

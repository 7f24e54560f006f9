import { team as teamSchema } from '#shared/contracts/teams';
import type { Team } from '#shared/domain/tenancy';
import { presentTeam } from '#shared/presenters/teams';

describe('presentTeam', () => {
  const team: Team = {
    id: 4,
    name: 'Acme North',
    timezone: 'America/Chicago',
    isTest: false,
    enterpriseId: 2,
    workspaceId: 'ws-4',
    createdAt: '2026-01-01T00:00:00.000Z',
    rateLimitPerHour: 500,
  };

  it('renames to the wire’s snake_case and answers what the schema accepts', () => {
    const body = presentTeam(team);
    expect(teamSchema().safeParse(body).success).toBe(true);
    expect(body).toEqual({
      id: 4,
      name: 'Acme North',
      timezone: 'America/Chicago',
      enterprise_id: 2,
      workspace_id: 'ws-4',
      is_test: false,
    });
  });

  it('leaves out the team’s configuration (rate-limit override, creation time)', () => {
    const body = presentTeam(team) as Record<string, unknown>;
    expect(body).not.toHaveProperty('rateLimitPerHour');
    expect(body).not.toHaveProperty('createdAt');
  });
});

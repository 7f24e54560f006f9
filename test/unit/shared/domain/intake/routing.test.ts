import { routeLead, routingMembershipProblems } from '#shared/domain/intake/routing';

const routing = {
  rules: [
    { field: 'brand', equals: ['Summit HVAC', 'summit heating'], team_id: 2 },
    { field: 'meta.site', equals: ['plumbing'], team_id: 1 },
  ],
  default_team_id: null,
};

describe('routeLead', () => {
  it('takes the first rule whose field matches, case-insensitively and trimmed', () => {
    expect(routeLead(routing, { brand: '  summit hvac ', meta: { site: 'plumbing' } })).toMatchObject({
      kind: 'rule',
      teamId: 2,
      ruleIndex: 0,
    });
  });

  it('reads nested paths', () => {
    expect(routeLead(routing, { meta: { site: 'Plumbing' } })).toMatchObject({ kind: 'rule', teamId: 1, ruleIndex: 1 });
  });

  it('falls back to the default team, else reports no match', () => {
    expect(routeLead({ ...routing, default_team_id: 9 }, { brand: 'other' })).toEqual({ kind: 'default', teamId: 9 });
    expect(routeLead(routing, { brand: 'other' })).toEqual({ kind: 'unmatched' });
  });
});

describe('routingMembershipProblems', () => {
  const teams = new Map([
    [1, { enterpriseId: 10 }],
    [2, { enterpriseId: 10 }],
    [3, { enterpriseId: 20 }],
  ]);

  it('accepts targets of the anchor enterprise', () => {
    expect(routingMembershipProblems(10, routing, teams)).toEqual([]);
  });

  it('names missing teams and teams of another enterprise, with the rule that names them', () => {
    const bad = { rules: [{ field: 'brand', equals: ['x'], team_id: 3 }], default_team_id: 99 };
    expect(routingMembershipProblems(10, bad, teams)).toEqual([
      { teamId: 3, ruleIndex: 0, kind: 'other_enterprise' },
      { teamId: 99, ruleIndex: null, kind: 'missing' },
    ]);
  });
});

import { allowedRoutes, buildPolicy, policyAllows } from '#shared/auth/policy';
import { ROUTES } from '#shared/routes';

const arn = (method: string, path: string) => `arn:aws:execute-api:us-east-1:123456789012:abc123/v1/${method}${path}`;

describe('authorizer policy', () => {
  it('lists every route the key may call, not only the requested one', () => {
    const policy = buildPolicy(arn('GET', '/api/leads'), allowedRoutes(['read:scheduler_analytics', 'read:leads'], 'enterprise'));
    expect(policyAllows(policy, arn('GET', '/api/v1/teams/7/sessions'))).toBe(true);
    expect(policyAllows(policy, arn('GET', '/api/scheduler-analytics'))).toBe(true);
    expect(policyAllows(policy, arn('GET', '/api/v1/teams/7/leads'))).toBe(true);
  });

  it('leaves out routes whose permission the key lacks', () => {
    const policy = buildPolicy(arn('GET', '/api/leads'), allowedRoutes(['read:leads'], 'enterprise'));
    expect(policyAllows(policy, arn('GET', '/api/calls'))).toBe(false);
    expect(policyAllows(policy, arn('GET', '/api/teams'))).toBe(false);
  });

  it('denies everything with an explicit Deny when the key allows no route', () => {
    const policy = buildPolicy(arn('GET', '/api/leads'), []);
    expect(policy.Statement[0]?.Effect).toBe('Deny');
    expect(policyAllows(policy, arn('GET', '/api/leads'))).toBe(false);
  });

  it('grants only routes of the same API and stage', () => {
    const policy = buildPolicy(arn('GET', '/api/leads'), allowedRoutes(['read:leads'], 'enterprise'));
    expect(policyAllows(policy, 'arn:aws:execute-api:us-east-1:123456789012:other/v1/GET/api/leads')).toBe(false);
  });

  it('leaves out routes restricted to other key types', () => {
    const restricted = ROUTES.filter((r) => r.keyTypes && !r.keyTypes.includes('portfolio_all_teams'));
    const allowed = allowedRoutes(['read:support_tickets'], 'portfolio_all_teams');
    for (const route of restricted) expect(allowed).not.toContain(route);
  });
});

import { me as meSchema } from '#shared/contracts/meta-me';
import type { RateLimitDecision } from '#shared/domain/rate-limit';
import { presentMe } from '#shared/presenters/meta';
import { identity } from '../../../support/factories';

const window = (scope: 'key' | 'workspace', limit: number) => ({
  scope,
  limit,
  used: 1,
  remaining: limit - 1,
  reset: 1_800_000_000,
  admitted: true,
});

describe('presentMe', () => {
  const decision = {
    admitted: true,
    binding: window('key', 1000),
    windows: [window('key', 1000), window('workspace', 10_000)],
    retryAfter: 0,
  } as RateLimitDecision;

  it('answers the key with both limit windows, as the schema accepts it', () => {
    const body = presentMe(identity({ rateLimitPerMinute: 50 }), decision);
    expect(meSchema().safeParse(body).success).toBe(true);
    expect(body.rate_limits?.per_key_per_minute).toEqual({
      limit: 1000,
      remaining: 999,
      reset: 1_800_000_000,
      window_seconds: 60,
      overridden: true,
    });
    expect(body.rate_limits?.per_workspace_per_hour.window_seconds).toBe(3600);
  });

  it('answers null limits when the request was not counted, and every field group without an allow-list', () => {
    const body = presentMe(identity(), undefined);
    expect(body.rate_limits).toBeNull();
    expect(body.fields.restricted).toBe(false);
    expect(body.fields.groups[0]).toBe('core');
  });

  it('does not leak the identity’s internal members', () => {
    const body = presentMe(identity(), undefined) as Record<string, unknown>;
    expect(body).not.toHaveProperty('anchorTeamRateLimitPerHour');
    expect(body).not.toHaveProperty('rateLimitPerMinute');
  });
});

import { FIELD_GROUP_NAMES } from '#shared/auth/field-groups';
import { getMe } from '#shared/contracts/me';
import type { WindowState } from '#shared/domain/rate-limit';
import { createHttpHandler } from '#shared/http/handler';

/** The calling key, as the authorizer resolved it, with the limits the handler factory just counted. */
export const handler = createHttpHandler(getMe, async ({ identity, rateLimit }) => {
  const window = (scope: WindowState['scope'], seconds: number, overridden: boolean) => {
    const state = rateLimit?.windows.find((w) => w.scope === scope);
    return state ? { limit: state.limit, remaining: state.remaining, reset: state.reset, window_seconds: seconds, overridden } : null;
  };
  const perKey = window('key', 60, identity.rateLimitPerMinute !== null);
  const perWorkspace = window('workspace', 3600, identity.anchorTeamRateLimitPerHour !== null);
  return {
    statusCode: 200,
    body: {
      data: {
        key_id: identity.keyId,
        name: identity.keyName,
        prefix: identity.keyPrefix,
        type: identity.keyType,
        scope: identity.scope,
        permissions: identity.permissions,
        anchor_team_id: identity.anchorTeamId,
        team_ids: identity.teamIds,
        test_team_ids: identity.testTeamIds,
        enterprise_id: identity.enterpriseId,
        enterprise_ids: identity.enterpriseIds,
        portfolio_id: identity.portfolioId,
        expires_at: identity.expiresAt,
        fields: {
          groups: ['core', ...(identity.fieldGroups === null ? FIELD_GROUP_NAMES : identity.fieldGroups)],
          restricted: identity.fieldGroups !== null,
        },
        rate_limits: perKey && perWorkspace ? { per_key_per_minute: perKey, per_workspace_per_hour: perWorkspace } : null,
      },
    },
  };
});

import type * as z from 'zod';
import { FIELD_GROUP_NAMES } from '#shared/auth/field-groups';
import type { Identity } from '#shared/auth/identity';
import type { me } from '#shared/contracts/meta-me';
import type { RateLimitDecision, WindowState } from '#shared/domain/rate-limit';
import { presentBody } from '#shared/presenters/responses';

/** The calling key as the API answers it (shared/contracts/meta-me.ts `me`). */
export type MeBody = z.output<ReturnType<typeof me>>;

const WINDOW_SECONDS: Record<WindowState['scope'], number> = { key: 60, workspace: 3600 };

function presentWindow(decision: RateLimitDecision | undefined, scope: WindowState['scope'], overridden: boolean) {
  const state = decision?.windows.find((w) => w.scope === scope);
  return state
    ? { limit: state.limit, remaining: state.remaining, reset: state.reset, window_seconds: WINDOW_SECONDS[scope], overridden }
    : null;
}

/**
 * The calling key, as the authorizer resolved it, with the limits the handler factory counted for
 * this request (`rateLimit`; absent where the route is not counted: no rate_limits then).
 */
export function presentMe(identity: Identity, rateLimit: RateLimitDecision | undefined): MeBody {
  const perKey = presentWindow(rateLimit, 'key', identity.rateLimitPerMinute !== null);
  const perWorkspace = presentWindow(rateLimit, 'workspace', identity.anchorTeamRateLimitPerHour !== null);
  return {
    key_id: identity.keyId,
    name: identity.keyName,
    prefix: identity.keyPrefix,
    type: identity.keyType,
    scope: { kind: identity.scope.kind, id: identity.scope.id },
    permissions: [...identity.permissions],
    anchor_team_id: identity.anchorTeamId,
    team_ids: [...identity.teamIds],
    test_team_ids: [...identity.testTeamIds],
    enterprise_id: identity.enterpriseId,
    enterprise_ids: [...identity.enterpriseIds],
    portfolio_id: identity.portfolioId,
    expires_at: identity.expiresAt,
    fields: {
      groups: ['core', ...(identity.fieldGroups === null ? FIELD_GROUP_NAMES : identity.fieldGroups)] as MeBody['fields']['groups'],
      restricted: identity.fieldGroups !== null,
    },
    rate_limits: perKey && perWorkspace ? { per_key_per_minute: perKey, per_workspace_per_hour: perWorkspace } : null,
  };
}

/** GET /api/v1/me. */
export function presentMeResponse(identity: Identity, rateLimit: RateLimitDecision | undefined) {
  return presentBody(presentMe(identity, rateLimit));
}

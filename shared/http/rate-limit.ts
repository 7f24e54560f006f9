import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRateLimitStore } from '#shared/adapters/dynamodb/rate-limit-store';
import { physicalTableName, tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import { DynamoTeamReader } from '#shared/adapters/dynamodb/team-reader';
import { RATE_LIMIT_ENV } from '#shared/adapters/runtime/resource-env';
import type { Identity } from '#shared/auth/identity';
import { envVar } from '#shared/config';
import { DEFAULT_RATE_LIMITS, type RateLimitDecision, type RateLimitDefaults, recordUsage, takeRequest } from '#shared/domain/rate-limit';
import type { RateLimitStore } from '#shared/ports/rate-limit-store';
import type { Surface } from '#shared/routes';

/**
 * The per-request rate limit, run by the handler factory (shared/http/handler.ts) before anything
 * else of an authenticated route. Why there and not in the authorizer: API Gateway caches the
 * authorizer's answer per key for 300 seconds on the read and platform APIs, so the authorizer does
 * not run per request and cannot count requests; every route's function does run through the
 * handler factory, on every surface, in AWS and behind the local gateway alike.
 */
export interface RateLimiter {
  check(request: {
    readonly identity: Identity;
    readonly surface: Surface;
    readonly workspaceId: string | undefined;
  }): Promise<RateLimitDecision>;
}

/** The defaults of the function's environment (the stack sets both; absent: 1,000 and 10,000). */
export function rateLimitDefaults(): RateLimitDefaults {
  return {
    perKeyPerMinute: positiveInteger(RATE_LIMIT_ENV.perKeyPerMinute, DEFAULT_RATE_LIMITS.perKeyPerMinute),
    perWorkspacePerHour: positiveInteger(RATE_LIMIT_ENV.perWorkspacePerHour, DEFAULT_RATE_LIMITS.perWorkspacePerHour),
  };
}

function positiveInteger(name: string, fallback: number): number {
  const raw = envVar(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer; got '${raw}'`);
  return value;
}

/** How long a Lambda instance keeps a workspace's team (ids never change; an override changes within this time). */
const WORKSPACE_CACHE_MS = 60_000;

/**
 * The limiter on the limits table, with the defaults of the environment. The platform surface
 * counts the team behind X-Workspace-ID (when the key reaches it; otherwise, as on the read and
 * intake surfaces, the key's anchor team), read from the teams table its routes all declare.
 */
export function dynamoRateLimiter(store: RateLimitStore, defaults: RateLimitDefaults, now: () => number = Date.now): RateLimiter {
  const workspaces = new Map<string, { teamId: number; limit: number | null; until: number } | null>();
  let teams: DynamoTeamReader | undefined;
  const workspaceTeam = async (identity: Identity, workspaceId: string): Promise<{ teamId: number; limit: number | null } | null> => {
    const cached = workspaces.get(workspaceId);
    if (cached && cached.until > now()) return identity.teamIds.includes(cached.teamId) ? cached : null;
    teams ??= new DynamoTeamReader(getDocumentClient(), physicalTableName('teams'));
    const team = await teams.getTeamByWorkspace(workspaceId);
    if (!team) return null;
    const entry = { teamId: team.id, limit: team.rateLimitPerHour ?? null, until: now() + WORKSPACE_CACHE_MS };
    workspaces.set(workspaceId, entry);
    return identity.teamIds.includes(team.id) ? entry : null;
  };
  return {
    async check({ identity, surface, workspaceId }) {
      const workspace = surface === 'platform' && workspaceId ? await workspaceTeam(identity, workspaceId) : null;
      const at = now();
      const decision = await takeRequest(
        store,
        {
          keyId: identity.keyId,
          keyLimit: identity.rateLimitPerMinute,
          teamId: workspace?.teamId ?? identity.anchorTeamId,
          teamLimit: workspace ? workspace.limit : identity.anchorTeamRateLimitPerHour,
        },
        defaults,
        at,
      );
      await recordUsage(store, identity.keyId, decision, at);
      return decision;
    },
  };
}

let fromEnvironment: RateLimiter | null | undefined;

/**
 * The limiter of the function's environment, built on first use: the stack gives every
 * authenticated route's function the limits table (a template test checks it). A handler run
 * without it (a unit test calling a handler directly) counts nothing.
 */
export function environmentRateLimiter(): RateLimiter | null {
  if (fromEnvironment === undefined) {
    fromEnvironment =
      envVar(tableNameEnvVar('limits')) === undefined
        ? null
        : dynamoRateLimiter(new DynamoRateLimitStore(getDocumentClient(), physicalTableName('limits')), rateLimitDefaults());
  }
  return fromEnvironment;
}

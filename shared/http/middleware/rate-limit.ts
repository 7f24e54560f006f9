import type { APIGatewayProxyEvent } from 'aws-lambda';
import { decodeIdentity } from '#shared/auth/identity';
import { isExpired } from '#shared/domain/identity-resolver';
import { WORKSPACE_ID_MAX_LENGTH } from '#shared/domain/tenancy';
import type { Surface } from '#shared/routes';
import { HttpError } from '../errors';
import type { RateLimiter } from '../rate-limit';
import type { HttpMiddleware } from './route-request';

/**
 * X-Workspace-ID as sent (any letter case): the platform surface's workspace, counted by the
 * limiter. One longer than any workspace id is left out (the key's own team is counted): the
 * limiter runs before validation, which answers it 400, and it must not reach a DynamoDB key.
 */
function workspaceIdOf(event: APIGatewayProxyEvent): string | undefined {
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (name.toLowerCase() !== 'x-workspace-id' || typeof value !== 'string') continue;
    const trimmed = value.trim();
    return trimmed !== '' && trimmed.length <= WORKSPACE_ID_MAX_LENGTH ? trimmed : undefined;
  }
  return undefined;
}

/**
 * Before anything else of an authenticated route: an expired key is a 401 even while API Gateway
 * still holds its cached policy, and a request over a limit is a 429 before any input is read or
 * any work done. Records the key's identity and the limiter's decision for the middlewares after it.
 * Not used on public routes (they carry no key).
 */
export function rateLimit(options: { readonly surface: Surface; readonly limiter: () => RateLimiter | null }): HttpMiddleware {
  return {
    name: 'rate-limit',
    before: async (request) => {
      const identity = decodeIdentity(request.event.requestContext?.authorizer);
      request.internal.identity = identity;
      if (isExpired(identity.expiresAt, new Date())) throw new HttpError(401, 'unauthorized', 'Missing or invalid API key');
      const limiter = options.limiter();
      if (!limiter) return;
      const decision = await limiter.check({ identity, surface: options.surface, workspaceId: workspaceIdOf(request.event) });
      request.internal.rateLimit = decision;
      if (!decision.admitted) {
        const window = decision.binding;
        throw new HttpError(
          429,
          'rate_limited',
          `Rate limit exceeded: ${window.limit} requests per ${window.scope === 'key' ? 'minute for this API key' : 'hour for this workspace'}; retry after ${decision.retryAfter} seconds`,
        );
      }
    },
  };
}

import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';
import { tenancyDependencies } from '#shared/adapters/runtime/tenancy-dependencies';
import { requestCredential } from '#shared/auth/api-key';
import { encodeIdentity } from '#shared/auth/identity';
import { allowedRoutes, buildPolicy, parseMethodArn } from '#shared/auth/policy';
import { authenticateApiKey } from '#shared/domain/identity-resolver';
import { beginInvocation, log } from '#shared/logging/logger';
import { findRoute } from '#shared/routes';

const dependencies = tenancyDependencies();
/** lastUsedAt is written at most once a minute per key, so busy keys do not cost a write per call. */
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/**
 * REQUEST authorizer shared by the three APIs. Throwing `Unauthorized` makes API Gateway answer
 * 401 through the UNAUTHORIZED gateway response; a policy without the requested route makes it
 * answer 403 through ACCESS_DENIED. The policy lists every route the key may call because API
 * Gateway caches it per key and reuses it across routes.
 */
export const handler = async (event: APIGatewayRequestAuthorizerEvent, context?: Context): Promise<APIGatewayAuthorizerResult> => {
  beginInvocation(context, event.requestContext?.requestId);
  // Exactly one credential: a repeated or conflicting credential header is refused (see requestCredential).
  const credential = requestCredential(event, { allowXApiKey: isIntakeRequest(event.methodArn) });
  if (!credential.ok) {
    if (credential.reason === 'ambiguous') log('info', 'authorizer refused an ambiguous credential', { reason: credential.reason });
    throw new Error('Unauthorized');
  }

  const { tenancy } = dependencies();
  const result = await authenticateApiKey(tenancy, credential.key);
  if (!result.ok) {
    log('info', 'authorizer refused key', { reason: result.reason });
    throw new Error('Unauthorized');
  }
  await tenancy.touchApiKey(result.record.keyHash, new Date().toISOString(), LAST_USED_WRITE_INTERVAL_MS);

  const { identity } = result;
  return {
    principalId: identity.keyId,
    policyDocument: buildPolicy(event.methodArn, allowedRoutes(identity.permissions, identity.keyType)),
    context: encodeIdentity(identity),
    // The usage plans of the three APIs (lib/api.ts) throttle per key by this value: the key's public
    // id, which the operator CLI registers as an API Gateway API key of the plan (bin/admin/usage-plan.ts).
    usageIdentifierKey: identity.keyId,
  };
};

/** Only the intake surface accepts `X-API-Key`. */
function isIntakeRequest(methodArn: string): boolean {
  const parsed = parseMethodArn(methodArn);
  return parsed ? findRoute(null, parsed.method, parsed.path)?.route.surface === 'intake' : false;
}

import { ROUTES, type RouteDefinition } from '#shared/routes';
import { ANY_KEY, type KeyType, type Permission } from './permissions';

/** The routes a key may call: those whose permission it holds and whose key types include its own. */
export function allowedRoutes(permissions: readonly Permission[], keyType: KeyType): RouteDefinition[] {
  return ROUTES.filter(
    (route) =>
      route.permission !== null &&
      (route.permission === ANY_KEY || permissions.includes(route.permission)) &&
      (!route.keyTypes || route.keyTypes.includes(keyType)),
  );
}

/** `arn:aws:execute-api:region:account:apiId/stage/METHOD/path` split into prefix and the rest. */
export function parseMethodArn(methodArn: string): { apiPrefix: string; method: string; path: string } | null {
  const match = /^(arn:[^:]+:execute-api:[^:]*:[^:]*:[^/]+\/[^/]+)\/([A-Z*]+)(\/.*)?$/.exec(methodArn);
  if (!match) return null;
  return { apiPrefix: match[1] as string, method: match[2] as string, path: match[3] ?? '/' };
}

/** The resource ARN of a route: path parameters become wildcards. */
export function routeResourceArn(apiPrefix: string, route: RouteDefinition): string {
  const path = route.path.replace(/\{[^}]+\}/g, '*');
  return `${apiPrefix}/${route.method}${path}`;
}

export interface PolicyDocument {
  Version: '2012-10-17';
  Statement: { Action: 'execute-api:Invoke'; Effect: 'Allow' | 'Deny'; Resource: string[] }[];
}

/**
 * API Gateway caches the policy per key and reuses it on every route of the API, so it must list
 * every route the key may call, never only the one that was requested. A key with no route gets an
 * explicit Deny on everything.
 */
export function buildPolicy(methodArn: string, routes: readonly RouteDefinition[]): PolicyDocument {
  const parsed = parseMethodArn(methodArn);
  const prefix = parsed?.apiPrefix ?? methodArn;
  if (routes.length === 0) {
    return {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Deny', Resource: [`${prefix}/*`] }],
    };
  }
  return {
    Version: '2012-10-17',
    Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: routes.map((r) => routeResourceArn(prefix, r)) }],
  };
}

function arnPatternToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`);
}

/** Evaluates a policy the way API Gateway does: an explicit Deny wins, then any Allow, else deny. */
export function policyAllows(policy: PolicyDocument, methodArn: string): boolean {
  let allowed = false;
  for (const statement of policy.Statement) {
    const matches = statement.Resource.some((r) => arnPatternToRegExp(r).test(methodArn));
    if (!matches) continue;
    if (statement.Effect === 'Deny') return false;
    allowed = true;
  }
  return allowed;
}

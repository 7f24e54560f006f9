import type { APIGatewayProxyEvent } from 'aws-lambda';

/**
 * The base URL the caller reached this API at (scheme, host and any stage or base path, no trailing
 * slash), so links the API hands out point back through the same door. A function cannot be given
 * its API's URL in its environment (the API depends on the function: a cycle in the template), so
 * it is read from the request: API Gateway always sends X-Forwarded-Proto (absent only on the local
 * gateway, which serves plain http), `requestContext.domainName` is the host the caller used, and
 * `requestContext.path` is `event.path` behind the stage (execute-api URLs) or a custom domain's
 * base path.
 */
export function publicBaseUrl(event: APIGatewayProxyEvent): string {
  const header = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'x-forwarded-proto')?.[1];
  const proto = header?.split(',')[0]?.trim().toLowerCase() === 'https' ? 'https' : 'http';
  // Never the Host header: a client writes it. domainName is API Gateway's own (a name it serves),
  // or the local gateway's after it refused every non-loopback Host (local/gateway/host.ts).
  const host = event.requestContext?.domainName || 'localhost';
  const fullPath = event.requestContext?.path ?? event.path;
  const prefix = fullPath && event.path && fullPath.endsWith(event.path) ? fullPath.slice(0, fullPath.length - event.path.length) : '';
  return `${proto}://${host}${prefix.replace(/\/+$/, '')}`;
}

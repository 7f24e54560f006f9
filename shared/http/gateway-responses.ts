import type { Surface } from '#shared/routes';
import { errorBody } from './error-bodies';
import { JSON_ANSWER_HEADERS } from './json-answer-headers';

/**
 * The bodies API Gateway answers itself (no handler ran): 401 when the key is missing or invalid,
 * 403 when the key's policy does not allow the route, 404 for unknown routes. One definition feeds
 * the CDK gateway responses (as templates, with `$context.requestId`) and the local gateway.
 */
export type GatewayResponseKind =
  | 'UNAUTHORIZED'
  | 'ACCESS_DENIED'
  | 'MISSING_AUTHENTICATION_TOKEN'
  | 'DEFAULT_4XX'
  | 'DEFAULT_5XX'
  | 'THROTTLED'
  | 'AUTHORIZER_FAILURE';

export const GATEWAY_RESPONSES: Record<
  GatewayResponseKind,
  {
    /** null: the status API Gateway chose (DEFAULT_4XX stands for several). */
    statusCode: number | null;
    code: string;
    message: string;
    headers?: Readonly<Record<string, string>>;
  }
> = {
  UNAUTHORIZED: { statusCode: 401, code: 'unauthorized', message: 'Missing or invalid API key' },
  ACCESS_DENIED: {
    statusCode: 403,
    code: 'forbidden',
    message: 'The API key does not hold the permission this route requires',
  },
  // API Gateway answers unknown routes with MISSING_AUTHENTICATION_TOKEN (403 by default); we make it a 404.
  MISSING_AUTHENTICATION_TOKEN: { statusCode: 404, code: 'not_found', message: 'No such route' },
  THROTTLED: { statusCode: 429, code: 'rate_limited', message: 'Too many requests' },
  // Every other refusal of API Gateway's own (a body over its 10 MB, a usage-plan quota, ...),
  // with the status it chose: in the surface's shape, with the headers of every JSON answer.
  DEFAULT_4XX: { statusCode: null, code: 'request_refused', message: 'The request was refused before it reached the service' },
  DEFAULT_5XX: { statusCode: 500, code: 'internal_error', message: 'Internal server error' },
  // The authorizer failed (its key lookup throttled past its retries, the function throttled):
  // the key was not judged, so the caller repeats the request, as after any 503.
  AUTHORIZER_FAILURE: {
    statusCode: 503,
    code: 'service_unavailable',
    message: 'The API key could not be checked just now; repeat the request after the Retry-After interval',
    headers: { 'retry-after': '1' },
  },
};

/** The headers of a gateway response: those of every JSON answer (no-store, nosniff), then the kind's own. */
export function gatewayResponseHeaders(kind: GatewayResponseKind): Readonly<Record<string, string>> {
  return { ...JSON_ANSWER_HEADERS, ...(GATEWAY_RESPONSES[kind].headers ?? {}) };
}

const REQUEST_ID_PLACEHOLDER = '__REQUEST_ID__';

/** The gateway response body for a surface, with the request id filled in. */
export function gatewayResponseBody(surface: Surface, kind: GatewayResponseKind, requestId: string): Record<string, unknown> {
  const r = GATEWAY_RESPONSES[kind];
  return errorBody(surface, r.code, r.message, requestId);
}

/** The same body as an API Gateway response template (application/json). */
export function gatewayResponseTemplate(surface: Surface, kind: GatewayResponseKind): string {
  return JSON.stringify(gatewayResponseBody(surface, kind, REQUEST_ID_PLACEHOLDER)).replace(
    `"${REQUEST_ID_PLACEHOLDER}"`,
    '"$context.requestId"',
  );
}

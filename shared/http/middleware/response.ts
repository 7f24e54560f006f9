import type { APIGatewayProxyResult } from 'aws-lambda';
import { withFieldGroups } from '#shared/auth/field-groups';
import { rateLimitHeaders } from '#shared/domain/rate-limit';
import { log } from '#shared/logging/logger';
import { embeddedJsonBytes, LAMBDA_RESPONSE_LIMIT_BYTES } from '#shared/pagination/budget';
import type { Surface } from '#shared/routes';
import { errorBody } from '../error-bodies';
import { JSON_ANSWER_HEADERS } from '../json-answer-headers';
import { bodyValue, type HttpMiddleware, type HttpResult } from './route-request';

/** What a body may take inside the proxy response: Lambda's limit less room for the envelope and headers. */
const MAX_BODY_BYTES = LAMBDA_RESPONSE_LIMIT_BYTES - 64 * 1024;

/**
 * The route's answer as API Gateway's proxy result (a string body and string headers: itself an
 * HttpResult, so it takes the answer's place in the chain): the key's field allow-list applied to success
 * bodies, JSON with x-request-id, the rate-limit headers and those of every JSON answer (no-store, nosniff), base64 bodies as they are, and a body
 * over Lambda's response limit answered as the surface's error rather than left for Lambda to refuse.
 */
export function jsonResponse(options: { readonly surface: Surface }): HttpMiddleware {
  return {
    name: 'response',
    after: (request) => {
      const result = request.response;
      if (!result) throw new Error('the route answered nothing');
      const requestId = request.internal.requestId ?? '';
      const limitHeaders = request.internal.rateLimit ? rateLimitHeaders(request.internal.rateLimit) : {};
      if (result.isBase64Encoded && typeof result.body === 'string') {
        request.response = {
          statusCode: result.statusCode,
          headers: { 'x-request-id': requestId, ...limitHeaders, ...(result.headers ?? {}) },
          body: result.body,
          isBase64Encoded: true,
        };
        return;
      }
      // The key's field allow-list, in one place for every route: what a key may not see is left
      // out of every success body, at any depth (shared/auth/field-groups.ts).
      const { identity } = request.internal;
      // A key without an allow-list sees every field: its body goes out as it is.
      const filtered = identity !== undefined && identity.fieldGroups !== null && result.statusCode < 300;
      const asText = result.isJsonText === true && typeof result.body === 'string' && !filtered ? result.body : undefined;
      const body = asText ?? JSON.stringify(filtered ? withFieldGroups(bodyValue(result), identity.fieldGroups) : bodyValue(result));
      if (embeddedJsonBytes(body) > MAX_BODY_BYTES) {
        // Last resort: the page budgets keep every route under the limit. Lambda would refuse the
        // payload and API Gateway answer a bare 502; this answers what happened, in the surface's shape.
        log('error', 'response over the Lambda payload limit', { requestId, resource: request.event.resource, bytes: body.length });
        request.response = {
          statusCode: 500,
          headers: { 'content-type': 'application/json', ...JSON_ANSWER_HEADERS, 'x-request-id': requestId },
          body: JSON.stringify(
            errorBody(
              options.surface,
              'response_too_large',
              'The response would exceed the 6 MB limit of a response; ask for fewer rows (limit) or a narrower date range',
              requestId,
            ),
          ),
        };
        return;
      }
      request.response = {
        statusCode: result.statusCode,
        headers: {
          'content-type': 'application/json',
          ...JSON_ANSWER_HEADERS,
          'x-request-id': requestId,
          ...limitHeaders,
          ...(result.headers ?? {}),
        },
        body,
      };
    },
  };
}

/**
 * The chain's final answer as API Gateway's proxy result. The response and error middlewares leave
 * one in every path; anything else is a broken chain, not an answer to send.
 */
export function asProxyResult(response: HttpResult): APIGatewayProxyResult {
  if (typeof response.body !== 'string') throw new Error('the response middleware did not run: the body is not JSON text');
  return {
    statusCode: response.statusCode,
    headers: { ...(response.headers ?? {}) },
    body: response.body,
    ...(response.isBase64Encoded ? { isBase64Encoded: true } : {}),
  };
}

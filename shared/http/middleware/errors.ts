import { rateLimitHeaders } from '#shared/domain/rate-limit';
import { log } from '#shared/logging/logger';
import type { Surface } from '#shared/routes';
import { errorBody } from '../error-bodies';
import { RETRY_AFTER_SECONDS, TooManyRequestsError, toHttpError } from '../errors';
import { JSON_ANSWER_HEADERS } from '../json-answer-headers';
import { requestIdOf } from './request-id';
import type { HttpMiddleware } from './route-request';

/**
 * Any error, from any middleware or the handler, as the surface's error body: a typed error
 * (HttpError, or a DomainError with the status of its code) with its status, message and field;
 * anything else a generic 500 that reveals nothing, its details only in the log.
 */
export function errorResponse(options: { readonly surface: Surface }): HttpMiddleware {
  return {
    name: 'errors',
    onError: (request) => {
      const requestId = request.internal.requestId ?? requestIdOf(request.event);
      const error = request.error;
      let statusCode = 500;
      let body: Record<string, unknown>;
      const httpError = toHttpError(error);
      if (httpError) {
        statusCode = httpError.statusCode;
        body = errorBody(options.surface, httpError.code, httpError.message, requestId, {
          field: httpError.field,
          details: httpError.details,
        });
      } else {
        log('error', 'unhandled error', {
          requestId,
          error: error instanceof Error ? error.message : String(error),
          stack: error instanceof Error ? error.stack : undefined,
        });
        body = errorBody(options.surface, 'internal_error', 'Internal server error', requestId);
      }
      const { rateLimit } = request.internal;
      request.response = {
        statusCode,
        headers: {
          'content-type': 'application/json',
          ...JSON_ANSWER_HEADERS,
          'x-request-id': requestId,
          ...(rateLimit ? rateLimitHeaders(rateLimit) : {}),
          // A 503 always says when to repeat the request, and so does a 429 that knows its window.
          ...(statusCode === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {}),
          ...(httpError instanceof TooManyRequestsError ? { 'retry-after': String(httpError.retryAfterSeconds) } : {}),
        },
        body: JSON.stringify(body),
      };
    },
  };
}

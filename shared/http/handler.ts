import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from 'zod';
import { decodeIdentity, type Identity } from '../auth/identity';
import { log } from '../logging/logger';
import { embeddedJsonBytes, LAMBDA_RESPONSE_LIMIT_BYTES } from '../pagination/budget';
import type { Surface } from '../routes';
import { errorBody } from './error-bodies';
import { toHttpError } from './errors';
import { parseOrThrow } from './validation';

export interface HttpInput<Q, P, B> {
  readonly query: Q;
  readonly path: P;
  readonly body: B;
  /** Header names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;
  readonly identity: Identity;
  readonly requestId: string;
  readonly event: APIGatewayProxyEvent;
}

export interface HttpResult {
  readonly statusCode: number;
  readonly body: unknown;
  readonly headers?: Record<string, string>;
}

/**
 * Makes a route's executions idempotent per `Idempotency-Key` (shared/http/idempotency.ts builds
 * one). It runs after input validation: `execute` is the route's handler; without the header it is
 * called as is.
 */
export interface IdempotencyGuard {
  run(input: HttpInput<unknown, unknown, unknown>, context: Context, execute: () => Promise<HttpResult>): Promise<HttpResult>;
}

export interface HttpHandlerSpec<Q, P, B> {
  readonly surface: Surface;
  readonly query?: z.ZodType<Q>;
  readonly path?: z.ZodType<P>;
  /** Parses the raw body (string or null) into the handler's typed body. */
  readonly body?: (raw: string | null, headers: Readonly<Record<string, string>>) => B;
  /** Public routes carry no authorizer context. */
  readonly public?: boolean;
  /**
   * Honour `Idempotency-Key` (POSTs that create something; their route rows list the idempotency
   * table). Passed in by the handler so that only those functions bundle the mechanism.
   */
  readonly idempotency?: IdempotencyGuard;
}

interface RequestState {
  requestId: string;
  started: number;
}

const state = new WeakMap<object, RequestState>();

/** What a body may take inside the proxy response: Lambda's limit less room for the envelope and headers. */
const MAX_BODY_BYTES = LAMBDA_RESPONSE_LIMIT_BYTES - 64 * 1024;

function lowerCaseHeaders(headers: APIGatewayProxyEvent['headers'] | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (typeof v === 'string') out[k.toLowerCase()] = v;
  return out;
}

function requestIdOf(event: APIGatewayProxyEvent): string {
  return event.requestContext?.requestId || randomUUID();
}

/**
 * Builds a middy handler for an HTTP route: request id → input validation (zod, in a `before`
 * middleware) → the domain call → JSON response; the error middleware, registered last, maps typed
 * errors to the surface's error body and hides everything else behind a generic 500.
 */
export function createHttpHandler<Q = Record<string, never>, P = Record<string, never>, B = undefined>(
  spec: HttpHandlerSpec<Q, P, B>,
  handle: (input: HttpInput<Q, P, B>) => Promise<HttpResult>,
) {
  const inputs = new WeakMap<object, HttpInput<Q, P, B>>();

  const requestIdMiddleware: middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> = {
    before: (request) => {
      state.set(request.event, { requestId: requestIdOf(request.event), started: Date.now() });
    },
  };

  const validateInput: middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> = {
    before: (request) => {
      const event = request.event;
      const headers = lowerCaseHeaders(event.headers);
      const requestId = state.get(event)?.requestId ?? requestIdOf(event);
      const identity = spec.public ? (null as unknown as Identity) : decodeIdentity(event.requestContext?.authorizer);
      inputs.set(event, {
        query: spec.query ? parseOrThrow(spec.query, event.queryStringParameters ?? {}, 'query') : ({} as Q),
        path: spec.path ? parseOrThrow(spec.path, event.pathParameters ?? {}, 'path') : ({} as P),
        body: spec.body ? spec.body(event.body, headers) : (undefined as B),
        headers,
        identity,
        requestId,
        event,
      });
    },
  };

  const jsonResponse: middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> = {
    after: (request) => {
      const requestId = state.get(request.event)?.requestId ?? '';
      const result = request.response as unknown as HttpResult;
      const body = JSON.stringify(result.body);
      if (embeddedJsonBytes(body) > MAX_BODY_BYTES) {
        // Last resort: the page budgets keep every route under the limit. Lambda would refuse the
        // payload and API Gateway answer a bare 502; this answers what happened, in the surface's shape.
        log('error', 'response over the Lambda payload limit', { requestId, resource: request.event.resource, bytes: body.length });
        request.response = {
          statusCode: 500,
          headers: { 'content-type': 'application/json', 'x-request-id': requestId },
          body: JSON.stringify(
            errorBody(
              spec.surface,
              'response_too_large',
              'The response would exceed the 6 MB limit of a response; ask for fewer rows (limit) or a narrower date range',
              requestId,
            ),
          ),
        };
        logRequest(request.event, 500);
        return;
      }
      request.response = {
        statusCode: result.statusCode,
        headers: { 'content-type': 'application/json', 'x-request-id': requestId, ...(result.headers ?? {}) },
        body,
      };
      logRequest(request.event, result.statusCode);
    },
  };

  const errorHandler: middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> = {
    onError: (request) => {
      const requestId = state.get(request.event)?.requestId ?? requestIdOf(request.event);
      const error = request.error;
      let statusCode = 500;
      let body: Record<string, unknown>;
      const httpError = toHttpError(error);
      if (httpError) {
        statusCode = httpError.statusCode;
        body = errorBody(spec.surface, httpError.code, httpError.message, requestId, {
          field: httpError.field,
          details: httpError.details,
        });
      } else {
        log('error', 'unhandled error', {
          requestId,
          error: error instanceof Error ? error.message : String(error),
          stack: error instanceof Error ? error.stack : undefined,
        });
        body = errorBody(spec.surface, 'internal_error', 'Internal server error', requestId);
      }
      request.response = {
        statusCode,
        headers: { 'content-type': 'application/json', 'x-request-id': requestId },
        body: JSON.stringify(body),
      };
      logRequest(request.event, statusCode);
    },
  };

  const lambdaHandler = async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const input = inputs.get(event);
    if (!input) throw new Error('input was not validated');
    const execute = () => handle(input);
    const result = spec.idempotency ? await spec.idempotency.run(input, context, execute) : await execute();
    return result as unknown as APIGatewayProxyResult;
  };

  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>({ timeoutEarlyInMillis: 0 })
    .use(requestIdMiddleware)
    .use(validateInput)
    .use(jsonResponse)
    .use(errorHandler)
    .handler(lambdaHandler);
}

function logRequest(event: APIGatewayProxyEvent, statusCode: number): void {
  const s = state.get(event);
  log('info', 'request', {
    requestId: s?.requestId,
    method: event.httpMethod,
    resource: event.resource,
    status: statusCode,
    durationMs: s ? Date.now() - s.started : undefined,
  });
}

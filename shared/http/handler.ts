import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { withFieldGroups } from '#shared/auth/field-groups';
import { decodeIdentity, hasPermission, type Identity } from '#shared/auth/identity';
import { ANY_KEY } from '#shared/auth/permissions';
import type { BodyContract, BodyOf, HeadersOf, PathOf, QueryOf, RouteContract } from '#shared/contracts/contract';
import { isExpired } from '#shared/domain/identity-resolver';
import { type RateLimitDecision, rateLimitHeaders } from '#shared/domain/rate-limit';
import { WORKSPACE_ID_MAX_LENGTH } from '#shared/domain/tenancy';
import { ForbiddenError } from '#shared/errors';
import { beginInvocation, log } from '#shared/logging/logger';
import { dimensionedMetric, flushMetrics } from '#shared/logging/metrics';
import { embeddedJsonBytes, LAMBDA_RESPONSE_LIMIT_BYTES } from '#shared/pagination/budget';
import { type RouteId, routeById } from '#shared/routes';
import { errorBody } from './error-bodies';
import { HttpError, RETRY_AFTER_SECONDS, toHttpError } from './errors';
import { parseJsonObjectBody, parseOptionalJsonObjectBody } from './json-body';
import { environmentRateLimiter, type RateLimiter } from './rate-limit';
import { describeIssue, parseHeaders, parseOrThrow } from './validation';

/** What every request carries, whatever its route: what the idempotency guard works from. */
export interface RequestInput {
  readonly routeId: RouteId;
  /** Every request header as sent, names lower-cased (the idempotency fingerprint reads them). */
  readonly rawHeaders: Readonly<Record<string, string>>;
  /** The JSON object the safe parser read from the body, before the contract's schema (undefined without a body). */
  readonly rawBody: Readonly<Record<string, unknown>> | undefined;
  readonly identity: Identity;
  readonly requestId: string;
  readonly event: APIGatewayProxyEvent;
  /** What the rate limiter decided for this request (absent on public routes and where no limiter runs). */
  readonly rateLimit?: RateLimitDecision;
}

/** A request validated against its route's contract: what a handler receives. */
export interface HttpInput<C extends RouteContract> extends RequestInput {
  readonly path: PathOf<C>;
  readonly query: QueryOf<C>;
  /** The headers the contract declares, by their declared names, validated. */
  readonly headers: HeadersOf<C>;
  readonly body: BodyOf<C>;
}

export interface HttpResult {
  readonly statusCode: number;
  readonly body: unknown;
  readonly headers?: Record<string, string>;
  /** The body is a base64 string of binary bytes (audio), answered as is rather than as JSON; the read API lists their media types as binary. */
  readonly isBase64Encoded?: boolean;
}

/**
 * Makes a route's executions idempotent per `Idempotency-Key` (shared/http/idempotency.ts builds
 * one). It runs after input validation: `execute` is the route's handler; without the header it is
 * called as is.
 */
export interface IdempotencyGuard {
  run(input: RequestInput, context: Context, execute: () => Promise<HttpResult>): Promise<HttpResult>;
}

export interface HttpHandlerOptions {
  /**
   * Honour `Idempotency-Key` (POSTs that create something; their route rows list the idempotency
   * table and their contracts declare the header). Passed in by the handler so that only those
   * functions bundle the mechanism.
   */
  readonly idempotency?: IdempotencyGuard;
  /**
   * Counts authenticated requests against the rate limits (shared/http/rate-limit.ts).
   * @default environmentRateLimiter(): the limits table of the function's environment
   */
  readonly rateLimiter?: RateLimiter | null;
}

/**
 * Under test (Jest sets both), every success body is checked against the route's contract, so
 * every test that calls a route also checks its responses. Production never pays for it.
 */
const CHECK_RESPONSES = process.env.NODE_ENV === 'test' || process.env.JEST_WORKER_ID !== undefined;

interface RequestState {
  requestId: string;
  started: number;
  identity?: Identity;
  rateLimit?: RateLimitDecision;
}

const state = new WeakMap<object, RequestState>();

/** What a body may take inside the proxy response: Lambda's limit less room for the envelope and headers. */
const MAX_BODY_BYTES = LAMBDA_RESPONSE_LIMIT_BYTES - 64 * 1024;

function lowerCaseHeaders(headers: APIGatewayProxyEvent['headers'] | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (typeof v === 'string') out[k.toLowerCase()] = v;
  return out;
}

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

function requestIdOf(event: APIGatewayProxyEvent): string {
  return event.requestContext?.requestId || randomUUID();
}

/**
 * Builds a middy handler for the route a contract describes: request id → input validation from
 * the contract (path, query, body size and safe JSON, headers, body schema; in a `before`
 * middleware) → the domain call → JSON response; the error middleware, registered last, maps typed
 * errors to the surface's error body and hides everything else behind a generic 500. The surface,
 * and whether the route is public, come from the route's row.
 */
export function createHttpHandler<const C extends RouteContract>(
  contract: C,
  handle: (input: HttpInput<C>) => Promise<HttpResult>,
  options: HttpHandlerOptions = {},
) {
  const route = routeById(contract.routeId);
  const surface = route.surface;
  const isPublic = route.permission === null;
  const inputs = new WeakMap<object, HttpInput<C>>();

  const requestIdMiddleware: middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> = {
    before: (request) => {
      const requestId = requestIdOf(request.event);
      state.set(request.event, { requestId, started: Date.now() });
      beginInvocation(request.context, requestId);
    },
  };

  // Before anything else of an authenticated route: an expired key is a 401 even while API
  // Gateway still holds its cached policy, and a request over a limit is a 429 before any input is
  // read or any work done.
  const limitRate: middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> = {
    before: async (request) => {
      if (isPublic) return;
      const event = request.event;
      const s = state.get(event);
      const identity = decodeIdentity(event.requestContext?.authorizer);
      if (s) s.identity = identity;
      if (isExpired(identity.expiresAt, new Date())) throw new HttpError(401, 'unauthorized', 'Missing or invalid API key');
      const limiter = options.rateLimiter === undefined ? environmentRateLimiter() : options.rateLimiter;
      if (!limiter) return;
      const decision = await limiter.check({ identity, surface, workspaceId: workspaceIdOf(event) });
      if (s) s.rateLimit = decision;
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

  const validateInput: middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> = {
    before: (request) => {
      const event = request.event;
      const rawHeaders = lowerCaseHeaders(event.headers);
      const s = state.get(event);
      const requestId = s?.requestId ?? requestIdOf(event);
      const identity = isPublic ? (null as unknown as Identity) : (s?.identity ?? decodeIdentity(event.requestContext?.authorizer));
      // The authorizer's policy names routes with wildcards for path parameters, and API Gateway's
      // `*` spans slashes: `GET/api/calls/*` (read:calls) also matches /api/calls/{id}/transcript.
      // So each handler checks its own route's permission too.
      if (!isPublic && route.permission !== null && route.permission !== ANY_KEY && !hasPermission(identity, route.permission)) {
        throw new ForbiddenError(`This API key lacks ${route.permission}`);
      }
      // The order decides which mistake a request with several is told about; it is the order
      // these checks had when handlers ran some of them (query, path, body size and JSON first).
      const query = contract.query ? parseOrThrow(contract.query, event.queryStringParameters ?? {}, 'query') : {};
      const path = contract.path ? parseOrThrow(contract.path, event.pathParameters ?? {}, 'path') : {};
      const rawBody = contract.body ? readJsonBody(contract.body, event.body, rawHeaders) : undefined;
      const headers = contract.headers ? parseHeaders(contract.headers, rawHeaders) : {};
      const body = contract.body ? parseOrThrow(contract.body.schema, rawBody, 'body') : undefined;
      inputs.set(event, {
        routeId: route.id,
        query: query as QueryOf<C>,
        path: path as PathOf<C>,
        headers: headers as HeadersOf<C>,
        body: body as BodyOf<C>,
        rawHeaders,
        rawBody,
        identity,
        requestId,
        event,
        ...(s?.rateLimit ? { rateLimit: s.rateLimit } : {}),
      });
    },
  };

  const jsonResponse: middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> = {
    after: async (request) => {
      const s = state.get(request.event);
      const requestId = s?.requestId ?? '';
      const limitHeaders = s?.rateLimit ? rateLimitHeaders(s.rateLimit) : {};
      const result = request.response as unknown as HttpResult;
      if (result.isBase64Encoded && typeof result.body === 'string') {
        request.response = {
          statusCode: result.statusCode,
          headers: { 'x-request-id': requestId, ...limitHeaders, ...(result.headers ?? {}) },
          body: result.body,
          isBase64Encoded: true,
        };
        await logRequest(request.event, result.statusCode, route.id);
        return;
      }
      // The key's field allow-list, in one place for every route: what a key may not see is left
      // out of every success body, at any depth (shared/auth/field-groups.ts).
      const visible = s?.identity && result.statusCode < 300 ? withFieldGroups(result.body, s.identity.fieldGroups) : result.body;
      const body = JSON.stringify(visible);
      if (embeddedJsonBytes(body) > MAX_BODY_BYTES) {
        // Last resort: the page budgets keep every route under the limit. Lambda would refuse the
        // payload and API Gateway answer a bare 502; this answers what happened, in the surface's shape.
        log('error', 'response over the Lambda payload limit', { requestId, resource: request.event.resource, bytes: body.length });
        request.response = {
          statusCode: 500,
          headers: { 'content-type': 'application/json', 'x-request-id': requestId },
          body: JSON.stringify(
            errorBody(
              surface,
              'response_too_large',
              'The response would exceed the 6 MB limit of a response; ask for fewer rows (limit) or a narrower date range',
              requestId,
            ),
          ),
        };
        await logRequest(request.event, 500, route.id);
        return;
      }
      request.response = {
        statusCode: result.statusCode,
        headers: { 'content-type': 'application/json', 'x-request-id': requestId, ...limitHeaders, ...(result.headers ?? {}) },
        body,
      };
      await logRequest(request.event, result.statusCode, route.id);
    },
  };

  const errorHandler: middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> = {
    onError: async (request) => {
      const s = state.get(request.event);
      const requestId = s?.requestId ?? requestIdOf(request.event);
      const error = request.error;
      let statusCode = 500;
      let body: Record<string, unknown>;
      const httpError = toHttpError(error);
      if (httpError) {
        statusCode = httpError.statusCode;
        body = errorBody(surface, httpError.code, httpError.message, requestId, {
          field: httpError.field,
          details: httpError.details,
        });
      } else {
        log('error', 'unhandled error', {
          requestId,
          error: error instanceof Error ? error.message : String(error),
          stack: error instanceof Error ? error.stack : undefined,
        });
        body = errorBody(surface, 'internal_error', 'Internal server error', requestId);
      }
      request.response = {
        statusCode,
        headers: {
          'content-type': 'application/json',
          'x-request-id': requestId,
          ...(s?.rateLimit ? rateLimitHeaders(s.rateLimit) : {}),
          // A 503 always says when to repeat the request.
          ...(statusCode === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {}),
        },
        body: JSON.stringify(body),
      };
      await logRequest(request.event, statusCode, route.id);
    },
  };

  const lambdaHandler = async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const input = inputs.get(event);
    if (!input) throw new Error('input was not validated');
    const execute = () => handle(input);
    const result = options.idempotency ? await options.idempotency.run(input, context, execute) : await execute();
    if (CHECK_RESPONSES) checkResponse(contract, result);
    return result as unknown as APIGatewayProxyResult;
  };

  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>({ timeoutEarlyInMillis: 0 })
    .use(requestIdMiddleware)
    .use(limitRate)
    .use(validateInput)
    .use(jsonResponse)
    .use(errorHandler)
    .handler(lambdaHandler);
}

function readJsonBody(body: BodyContract, raw: string | null, headers: Readonly<Record<string, string>>): Record<string, unknown> {
  return body.required === false
    ? parseOptionalJsonObjectBody(raw, headers, body.maxBytes)
    : parseJsonObjectBody(raw, headers, body.maxBytes);
}

/**
 * A success body its contract does not describe (an undocumented status, a field added or renamed)
 * fails the test that made the request. Checked as the client gets it: the JSON text, parsed.
 */
function checkResponse(contract: RouteContract, result: HttpResult): void {
  if (result.statusCode < 200 || result.statusCode > 299) return;
  const schema = contract.responses[result.statusCode];
  if (!schema) throw responseContractError(`${contract.routeId} answered ${result.statusCode}, a status its contract does not list`);
  const checked = schema().safeParse(JSON.parse(JSON.stringify(result.body ?? null)));
  if (checked.success) return;
  const issue = checked.error.issues[0];
  const { message } = issue ? describeIssue(issue, 'response') : { message: 'invalid' };
  throw responseContractError(`${contract.routeId} answered a ${result.statusCode} body its contract refuses: ${message}`);
}

/** The error becomes the generic 500 (tests usually silence logs), so it is also printed: the failing test says why. */
function responseContractError(message: string): Error {
  console.error(`response contract: ${message}`);
  return new Error(message);
}

/** The request line, the route's 4xx/5xx count (dimension `route`: the route id) and the invocation's metrics. */
async function logRequest(event: APIGatewayProxyEvent, statusCode: number, routeId: RouteId): Promise<void> {
  const s = state.get(event);
  if (statusCode >= 400) dimensionedMetric(statusCode >= 500 ? 'Http5xx' : 'Http4xx', { route: routeId });
  // Metrics never change an answer: a failed flush is logged and the response goes out.
  await flushMetrics().catch((error: unknown) => log('warn', 'metrics not written', { error: String(error) }));
  log('info', 'request', {
    requestId: s?.requestId,
    method: event.httpMethod,
    resource: event.resource,
    status: statusCode,
    durationMs: s ? Date.now() - s.started : undefined,
  });
}

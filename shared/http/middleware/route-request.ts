import type { MiddlewareLikeObj, MiddyLikeRequest } from '@aws-lambda-powertools/commons/types';
import type middy from '@middy/core';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { Identity } from '#shared/auth/identity';
import type { BodyOf, HeadersOf, PathOf, QueryOf, RouteContract } from '#shared/contracts/contract';
import type { RateLimitDecision } from '#shared/domain/rate-limit';
import type { RouteId } from '#shared/routes';

/** What every request carries, whatever its route: what the idempotency guard works from. */
export interface RequestInput {
  readonly routeId: RouteId;
  /** Every request header as sent, names lower-cased (the idempotency fingerprint reads them). */
  readonly rawHeaders: Readonly<Record<string, string>>;
  /** The JSON object the safe parser read from the body, before the contract's schema (undefined without a body). */
  readonly rawBody: Readonly<Record<string, unknown>> | undefined;
  /** The key's identity; a public route's handler has none, and reading it there throws. */
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
  /**
   * The body is a string of JSON text already (a document serialized at bundle time), answered as
   * its text rather than serialized again; read as the value it holds where one is needed (a key's
   * field groups, the response check under test).
   */
  readonly isJsonText?: boolean;
}

/** The value a result's body stands for: a JSON text body parsed, any other body as it is. */
export function bodyValue(result: HttpResult): unknown {
  return result.isJsonText && typeof result.body === 'string' ? JSON.parse(result.body) : result.body;
}

/**
 * middy's event along the chain: API Gateway's event, to which input validation adds the route's
 * validated input, and the idempotency middleware the stored answer a retry replays. Each adds to a
 * copy: the caller's event is never changed.
 */
export type RouteEvent<C extends RouteContract = RouteContract> = APIGatewayProxyEvent & {
  readonly input?: HttpInput<C>;
  readonly replayed?: HttpResult;
};

/**
 * What the middlewares share about one request, in middy's `request.internal` (a new object per
 * request). Each field is written by one middleware, named beside it, and read by those after it.
 */
export type RequestState = {
  /** request-id: this request's id, answered in x-request-id and logged. */
  requestId?: string;
  /** request-id: when the request started (ms), for the request line's duration. */
  started?: number;
  /** rate-limit: the key's identity (authenticated routes only). */
  identity?: Identity;
  /** rate-limit: what the limiter decided, answered in X-RateLimit-* on successes and errors alike. */
  rateLimit?: RateLimitDecision;
  /**
   * idempotency (shared/http/idempotency.ts): Powertools' middleware that claimed the key, and the
   * request it was shown, which its `after` (store the answer) or `onError` (forget the key) ends.
   */
  idempotency?: {
    readonly hooks: MiddlewareLikeObj;
    readonly claim: MiddyLikeRequest;
  };
};

/**
 * A middleware of the chain. The chain's response is the route's HttpResult until the response
 * middleware replaces it with the proxy result API Gateway gets (itself an HttpResult: a string body
 * and string headers).
 */
export type HttpMiddleware<C extends RouteContract = RouteContract> = middy.MiddlewareObj<
  RouteEvent<C>,
  HttpResult,
  Error,
  Context,
  RequestState
>;

/** One middleware's hook, as the chain calls it. */
export type HttpRequest<C extends RouteContract = RouteContract> = middy.Request<RouteEvent<C>, HttpResult, Error, Context, RequestState>;

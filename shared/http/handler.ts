import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { RouteContract } from '#shared/contracts/contract';
import { errorResponse } from './middleware/errors';
import { validateInput } from './middleware/input-validation';
import { rateLimit } from './middleware/rate-limit';
import { requestBody } from './middleware/request-body';
import { requestId } from './middleware/request-id';
import { requestLog } from './middleware/request-log';
import { asProxyResult, jsonResponse } from './middleware/response';
import { CHECK_RESPONSES, responseCheck } from './middleware/response-check';
import type { HttpInput, HttpMiddleware, HttpResult, RequestState, RouteEvent } from './middleware/route-request';
import { environmentRateLimiter, type RateLimiter } from './rate-limit';

// What a route's handler answers, for the modules that build answers beside it.
export type { HttpResult } from './middleware/route-request';

export interface HttpHandlerOptions {
  /**
   * Honour `Idempotency-Key` (POSTs that create something; their route rows list the idempotency
   * table and their contracts declare the header): the middleware `idempotencyKeys()` of
   * shared/http/idempotency.ts builds, on Powertools' `makeHandlerIdempotent`. Passed in by the
   * handler so that only those functions bundle the mechanism.
   */
  readonly idempotency?: HttpMiddleware;
  /**
   * Counts authenticated requests against the rate limits (shared/http/rate-limit.ts).
   * @default environmentRateLimiter(): the limits table of the function's environment
   */
  readonly rateLimiter?: RateLimiter | null;
}

/**
 * Builds the Lambda handler of the route a contract describes, as a middy chain with one concern
 * per middleware (shared/http/middleware/), sharing what they learn about the request in middy's
 * `request.internal`. The surface, and whether the route is public, come from the route's row.
 *
 * middy runs the `before` hooks in the order they are used and the `after` and `onError` hooks in
 * the reverse order, so a request goes: request id → rate limit (authenticated routes) → body
 * decoding (base64 to text) → input validation → idempotency (routes given it) → the handler → idempotency → response check
 * (under test) → response (field groups, JSON, size limit) → request log; an error, from wherever
 * it is thrown, goes: idempotency → errors → request log. Idempotency is innermost so that a
 * replayed answer, which the handler returns in place of the route's, still gets this request's
 * id, headers and field groups from the middlewares around it.
 */
export function createHttpHandler<const C extends RouteContract>(
  contract: C,
  handle: (input: HttpInput<C>) => Promise<HttpResult>,
  options: HttpHandlerOptions = {},
): (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult> {
  const { route } = contract;
  const { surface } = route;
  const limiter = () => (options.rateLimiter === undefined ? environmentRateLimiter() : options.rateLimiter);
  const none: HttpMiddleware[] = [];

  const chain = middy<RouteEvent<C>, HttpResult, Error, Context, RequestState>({ timeoutEarlyInMillis: 0 })
    .use(requestId())
    .use(requestLog(route.id))
    .use(errorResponse({ surface }))
    .use(route.permission === null ? none : rateLimit({ surface, limiter }))
    .use(requestBody())
    .use(validateInput(contract, route))
    .use(jsonResponse({ surface }))
    .use(CHECK_RESPONSES ? responseCheck(contract) : none)
    .use(options.idempotency ?? none)
    .handler(async (event: RouteEvent<C>): Promise<HttpResult> => {
      if (event.replayed) return event.replayed;
      if (!event.input) throw new Error('input was not validated');
      return handle(event.input);
    });

  return async (event, context) => asProxyResult(await chain(event, context));
}

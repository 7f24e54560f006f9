import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { beginInvocation } from '#shared/logging/logger';
import type { HttpMiddleware } from './route-request';

/** API Gateway's request id (the one its access log and gateway responses show); a fresh one when invoked without it. */
export function requestIdOf(event: APIGatewayProxyEvent): string {
  return event.requestContext?.requestId || randomUUID();
}

/** First in the chain: the request's id, answered in x-request-id and carried by every log line of the invocation. */
export function requestId(): HttpMiddleware {
  return {
    name: 'request-id',
    before: (request) => {
      const id = requestIdOf(request.event);
      request.internal.requestId = id;
      request.internal.started = Date.now();
      beginInvocation(request.context, id);
    },
  };
}

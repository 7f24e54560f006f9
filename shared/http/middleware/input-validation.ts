import type { APIGatewayProxyEvent } from 'aws-lambda';
import { decodeIdentity, hasPermission, type Identity } from '#shared/auth/identity';
import { ANY_KEY } from '#shared/auth/permissions';
import {
  type BodyContract,
  type BodyOf,
  type HeadersOf,
  type PathOf,
  type QueryOf,
  type RouteContract,
  schemaOf,
} from '#shared/contracts/contract';
import { ForbiddenError } from '#shared/errors';
import type { RouteDefinition, RouteId } from '#shared/routes';
import { parseJsonObjectBody, parseOptionalJsonObjectBody } from '../json-body';
import { parseHeaders, parseOrThrow } from '../validation';
import { requestIdOf } from './request-id';
import type { HttpInput, HttpMiddleware } from './route-request';

/** Header names are the client's: defined, not assigned, so one named `__proto__` is a header like any other. */
function lowerCaseHeaders(headers: APIGatewayProxyEvent['headers'] | null): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers ?? {}).flatMap(([name, value]) => (typeof value === 'string' ? [[name.toLowerCase(), value]] : [])),
  );
}

function readJsonBody(body: BodyContract, raw: string | null, headers: Readonly<Record<string, string>>): Record<string, unknown> {
  return body.required === false
    ? parseOptionalJsonObjectBody(raw, headers, body.maxBytes)
    : parseJsonObjectBody(raw, headers, body.maxBytes);
}

/**
 * The route's permission, then every input its contract declares (path, query, body size and safe
 * JSON, headers, body schema), so the handler only ever sees typed input: added to the chain's event
 * as `input`. A mistake is a 4xx naming the field, and the handler does not run.
 */
export function validateInput<const C extends RouteContract>(contract: C, route: RouteDefinition<RouteId>): HttpMiddleware<C> {
  const isPublic = route.permission === null;
  return {
    name: 'input-validation',
    before: (request) => {
      const event = request.event;
      const rawHeaders = lowerCaseHeaders(event.headers);
      const requestId = request.internal.requestId ?? requestIdOf(event);
      const identity = isPublic ? undefined : (request.internal.identity ?? decodeIdentity(event.requestContext?.authorizer));
      // The authorizer's policy names routes with wildcards for path parameters, and API Gateway's
      // `*` spans slashes: `GET/api/calls/*` (read:calls) also matches /api/calls/{id}/transcript.
      // So each handler checks its own route's permission too.
      if (identity && route.permission !== null && route.permission !== ANY_KEY && !hasPermission(identity, route.permission)) {
        throw new ForbiddenError(`This API key lacks ${route.permission}`);
      }
      // The order decides which mistake a request with several is told about; it is the order
      // these checks had when handlers ran some of them (query, path, body size and JSON first).
      // A schema built on first request is built here, by the route's first request (contract.ts).
      const query = contract.query ? parseOrThrow(schemaOf(contract.query), event.queryStringParameters ?? {}, 'query') : {};
      const path = contract.path ? parseOrThrow(schemaOf(contract.path), event.pathParameters ?? {}, 'path') : {};
      const rawBody = contract.body ? readJsonBody(contract.body, event.body, rawHeaders) : undefined;
      const headers = contract.headers ? parseHeaders(contract.headers, rawHeaders) : {};
      const body = contract.body ? parseOrThrow(schemaOf(contract.body.schema), rawBody, 'body') : undefined;
      const { rateLimit } = request.internal;
      const input: HttpInput<C> = {
        routeId: route.id,
        // What the contract's schemas produced: zod's output types, by the contract's own type.
        query: query as QueryOf<C>,
        path: path as PathOf<C>,
        headers: headers as HeadersOf<C>,
        body: body as BodyOf<C>,
        rawHeaders,
        rawBody,
        get identity(): Identity {
          if (identity) return identity;
          throw new Error(`${route.id} is a public route: its requests carry no API key, so there is no caller identity`);
        },
        requestId,
        event,
        ...(rateLimit ? { rateLimit } : {}),
      };
      request.event = { ...event, input };
    },
  };
}

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { APIGatewayProxyEvent, APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';
import * as z from 'zod';
import { AUTHORIZER_SETTINGS } from '#shared/auth/authorizer-settings';
import { policyAllows } from '#shared/auth/policy';
import { provideResponseZod } from '#shared/contracts/contract';
import { errorBody } from '#shared/http/error-bodies';
import { log } from '#shared/logging/logger';
import { findRoute, type RouteDefinition, type Surface } from '#shared/routes';
import { serveDemoKeys } from '../demo/keys-endpoint';
import { runAsFunction } from '../runtime/function-environment';
import { AuthorizerCache, type AuthorizerOutcome } from './authorizer-cache';
import { isServedHost } from './host';
import { installLambdaStreaming, isStreamingHandler, LocalResponseStream } from './lambda-streaming';
import {
  ACCOUNT_ID,
  collectHeaders,
  drain,
  identityContext,
  identitySourceOf,
  lambdaContext,
  parseQuery,
  REGION,
  readBody,
  STAGE,
  surfaceOfPath,
  TOO_LARGE,
} from './request';
import type { CompletedRequest } from './request-log';
import { describeError, sendGateway, sendJson, toHttpResponse } from './response';

// Under test (NODE_ENV=test, which the service the end-to-end tests start inherits) the handlers
// check their answers against the contracts' response schemas, written in zod's classic API: the
// local service hands it over, as the tests and the document generator do (ADR 0183).
provideResponseZod(z);

/**
 * The local API Gateway: one node:http server serving the three REST APIs (their paths do not
 * overlap) the way API Gateway does with a REQUEST authorizer and Lambda proxy integrations:
 *
 * 0. a `Host` that is not a loopback name or address → 421 (./host.ts: no DNS rebinding);
 * 1. unknown route → MISSING_AUTHENTICATION_TOKEN gateway response (404, surface error shape);
 * 2. protected route without its identity source → UNAUTHORIZED (401), the authorizer is not invoked;
 * 3. authorizer result cached per (surface, identity source) for the TTL, on the surfaces whose
 *    authorizer declares identity sources (shared/auth/authorizer-settings.ts, as in the CDK stack:
 *    read and platform; intake caches nothing); a thrown `Unauthorized` → 401, any other
 *    authorizer failure → 503 with Retry-After (AUTHORIZER_FAILURE), a malformed result → 500 (DEFAULT_5XX);
 * 4. the cached policy is evaluated against this request's method ARN → ACCESS_DENIED (403);
 * 5. the handler receives a REST API proxy event and its result is checked like API Gateway does
 *    (integer statusCode, string body) → otherwise 502 with the DEFAULT_5XX body.
 *
 * Every function (the authorizer too) loads and runs in the environment the stack gives it
 * (local/runtime/function-environment.ts): a table or resource its route row does not declare is refused.
 *
 * The server and the request flow are here; building the events from the HTTP request is in
 * ./request.ts, the answers in ./response.ts, and the authorizer cache in
 * ./authorizer-cache.ts. Successes are cached for `authorizerCacheTtlSeconds` (TTL 0 disables the
 * cache, as in API Gateway); failures (401) are not cached.
 *
 * The identity source is every value of the declared identity headers, taken from the very
 * `multiValueHeaders` the authorizer receives; a repeated Authorization header therefore makes its
 * own cache key, and the authorizer refuses it (shared/auth/api-key.ts requestCredential).
 *
 * Revocation: with `authorizerCacheEpoch`, an entry remembers the epoch read before its
 * authorizer ran and is used only while a read of the epoch that started after the request arrived
 * returns the same value; `key revoke` moves the epoch (the local FlushStageAuthorizersCache), so
 * the next request after a revocation runs the authorizer. `clearAuthorizerCache()` flushes too.
 */

export interface LocalGatewayOptions {
  readonly port: number;
  /** @default '127.0.0.1' */
  readonly host?: string;
  /**
   * TTL of the surfaces whose authorizer is cached (read, platform); intake is never cached.
   * @default Number(process.env.AUTHORIZER_CACHE_TTL_SECONDS ?? 300)
   */
  readonly authorizerCacheTtlSeconds?: number;
  /**
   * Reads the authorizer-cache epoch (DynamoAuthorizerCacheEpoch.read): a cached authorization is
   * used only while the epoch has not moved since it was made.
   * @default - none: cached entries live until they expire or clearAuthorizerCache()
   */
  readonly authorizerCacheEpoch?: () => Promise<number>;
  /**
   * Resolves a function folder name to its Lambda handler.
   * @default require('functions/<name>/handler.ts').handler, loaded once (a warm Lambda)
   */
  readonly loadHandler?: (functionName: string) => ProxyHandler;
  /** Called once per request when its answer is sent (or the client went away): `npm start`'s request log. */
  readonly onRequest?: (request: CompletedRequest) => void;
  /**
   * The demo credentials file, offered to the console at DEMO_KEYS_PATH (local/demo/keys-endpoint.ts).
   * @default - none: that path answers no keys
   */
  readonly demoCredentialsPath?: string | null;
  /** Answers a request the route table does not hold (the export files' signed links); true when it did. */
  readonly serveFile?: (req: IncomingMessage, res: ServerResponse, pathname: string, search: string) => boolean;
}

export interface LocalGatewayStats {
  /** Times the authorizer function actually ran (cache misses). */
  readonly authorizerInvocations: number;
  /** Requests answered from the authorizer cache. */
  readonly authorizerCacheHits: number;
}

export interface LocalGateway {
  /** `http://<host>:<port>` without a trailing slash. */
  readonly url: string;
  stop(): Promise<void>;
  clearAuthorizerCache(): void;
  stats(): LocalGatewayStats;
}

export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<unknown>;
type AuthorizerHandler = (event: APIGatewayRequestAuthorizerEvent, context: Context) => Promise<unknown>;

/** API Gateway's default integration timeout. */
const INTEGRATION_TIMEOUT_MS = 29_000;
const FUNCTIONS_DIR = path.join(__dirname, '..', '..', 'functions');

class GatewayFault extends Error {}

export async function startLocalGateway(options: LocalGatewayOptions): Promise<LocalGateway> {
  const host = options.host ?? '127.0.0.1';
  const cachedTtlMs = Math.max(0, (options.authorizerCacheTtlSeconds ?? Number(process.env.AUTHORIZER_CACHE_TTL_SECONDS ?? 300)) * 1000);
  const ttlMsOf = (surface: Surface) => (AUTHORIZER_SETTINGS[surface].cacheTtlSeconds > 0 ? cachedTtlMs : 0);
  const loadHandler = options.loadHandler ?? loadFunctionHandler;
  installLambdaStreaming();

  const handlers = new Map<string, ProxyHandler>();

  /** The function's handler, loaded once (a warm Lambda) in the function's own environment. */
  function handlerFor(functionName: string): ProxyHandler {
    let fn = handlers.get(functionName);
    if (!fn) {
      fn = runAsFunction(functionName, () => loadHandler(functionName));
      handlers.set(functionName, fn);
    }
    return fn;
  }

  const authorizers = new AuthorizerCache({
    ttlMsOf,
    readEpoch: options.authorizerCacheEpoch,
    invoke: (event) => {
      const authorizer = handlerFor('authorizer') as unknown as AuthorizerHandler;
      return runAsFunction('authorizer', () => authorizer(event, lambdaContext('authorizer', Date.now() + INTEGRATION_TIMEOUT_MS)));
    },
  });

  async function handle(req: IncomingMessage, res: ServerResponse, requestId: string, requestTimeEpoch: number): Promise<void> {
    const arrival = authorizers.arrive();
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const pathname = q === -1 ? rawUrl : rawUrl.slice(0, q);
    const method = req.method ?? 'GET';
    const fallbackSurface = surfaceOfPath(pathname);
    if (!isServedHost(req.headers.host, host)) {
      drain(req);
      const message = 'This gateway answers only requests addressed to a loopback host (localhost, 127.0.0.1, [::1])';
      return sendJson(res, 421, errorBody(fallbackSurface, 'misdirected_request', message, requestId), requestId);
    }
    if (serveDemoKeys(req, res, pathname, options.demoCredentialsPath ?? null)) return;
    if (options.serveFile?.(req, res, pathname, q === -1 ? '' : rawUrl.slice(q + 1))) return;

    let match: ReturnType<typeof findRoute>;
    try {
      match = findRoute(null, method, pathname);
    } catch {
      // A malformed percent-encoding in a path parameter.
      drain(req);
      return sendJson(res, 400, errorBody(fallbackSurface, 'bad_request', 'Malformed request path', requestId), requestId);
    }
    if (!match) {
      drain(req);
      return sendGateway(res, fallbackSurface, 'MISSING_AUTHENTICATION_TOKEN', requestId);
    }
    const { route, pathParameters } = match;
    const surface = route.surface;

    const body = await readBody(req);
    if (body === TOO_LARGE) {
      return sendJson(res, 413, errorBody(surface, 'request_too_large', 'The request body exceeds 10 MB', requestId), requestId);
    }

    const { headers, multiValueHeaders } = collectHeaders(req.rawHeaders);
    const query = q === -1 ? null : parseQuery(rawUrl.slice(q + 1));
    const sourceIp = req.socket.remoteAddress ?? '127.0.0.1';
    const apiId = `local-${surface}`;
    const methodArn = `arn:aws:execute-api:${REGION}:${ACCOUNT_ID}:${apiId}/${STAGE}/${method}${pathname}`;
    const hasParams = Object.keys(pathParameters).length > 0;
    const requestContext = {
      accountId: ACCOUNT_ID,
      apiId,
      // A loopback name or address (checked above), so links built from it stay on this machine.
      domainName: req.headers.host ?? host,
      httpMethod: method,
      identity: identityContext(sourceIp, req.headers['user-agent']),
      // The path as the caller requested it, as API Gateway reports it behind a custom domain without
      // a base path: the local gateway serves no stage prefix, so links built from it must carry none.
      path: pathname,
      protocol: `HTTP/${req.httpVersion}`,
      requestId,
      requestTime: new Date(requestTimeEpoch).toUTCString(),
      requestTimeEpoch,
      resourceId: route.id,
      resourcePath: route.path,
      stage: STAGE,
    };

    // What the authorizer's REQUEST event and the proxy event share.
    const request = {
      resource: route.path,
      path: pathname,
      httpMethod: method,
      headers,
      multiValueHeaders,
      queryStringParameters: query?.single ?? null,
      multiValueQueryStringParameters: query?.multi ?? null,
      pathParameters: hasParams ? pathParameters : null,
      stageVariables: null,
    };
    let authorizerContext: Record<string, string> | null = null;
    if (route.permission !== null) {
      const { identityHeaders } = AUTHORIZER_SETTINGS[surface];
      const identitySource = identitySourceOf(multiValueHeaders, identityHeaders);
      if (identityHeaders.length > 0 && identitySource === null) return sendGateway(res, surface, 'UNAUTHORIZED', requestId);
      const started = Date.now();
      let outcome: AuthorizerOutcome;
      try {
        outcome = await authorizers.authorize(
          surface,
          identitySource,
          {
            type: 'REQUEST',
            methodArn,
            ...request,
            requestContext: requestContext as unknown as APIGatewayRequestAuthorizerEvent['requestContext'],
          },
          arrival,
        );
      } catch (error) {
        log('error', 'authorizer cache epoch unreadable', { requestId, error: describeError(error) });
        outcome = { ok: false, kind: 'AUTHORIZER_FAILURE' };
      }
      if (!outcome.ok) return sendGateway(res, surface, outcome.kind, requestId);
      const { authorization } = outcome;
      let allowed = authorization.decisions.get(methodArn);
      if (allowed === undefined) {
        allowed = policyAllows(authorization.policy, methodArn);
        authorization.decisions.set(methodArn, allowed);
      }
      if (!allowed) return sendGateway(res, surface, 'ACCESS_DENIED', requestId);
      authorizerContext = { ...authorization.context, integrationLatency: String(Date.now() - started) };
    }

    const event = {
      ...request,
      requestContext: { ...requestContext, authorizer: authorizerContext },
      body,
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyEvent;

    if (route.streamsResponse) return stream(route, event, res, requestId);

    let result: unknown;
    try {
      const fn = handlerFor(route.functionName);
      const deadline = Date.now() + INTEGRATION_TIMEOUT_MS;
      result = await withTimeout(runAsFunction(route.functionName, () => fn(event, lambdaContext(route.functionName, deadline))));
    } catch (error) {
      if (error instanceof GatewayFault) {
        log('error', 'integration timed out', { requestId, route: route.id });
        return sendJson(res, 504, errorBody(surface, 'timeout', 'Endpoint request timed out', requestId), requestId);
      }
      log('error', 'handler failed', { requestId, route: route.id, error: describeError(error) });
      return sendGateway(res, surface, 'DEFAULT_5XX', requestId, 502);
    }
    const response = toHttpResponse(result, requestId);
    if (!response) {
      log('error', 'malformed Lambda proxy response', { requestId, route: route.id });
      return sendGateway(res, surface, 'DEFAULT_5XX', requestId, 502);
    }
    res.writeHead(response.statusCode, response.headers);
    res.end(response.body);
  }

  /**
   * A route whose answer streams (API Gateway `responseTransferMode: STREAM`): the handler writes
   * its status, headers and bytes to the response as it goes; no integration time-out applies to
   * the transfer. A failure before the first byte is a 502, as for a buffered handler; after it, the
   * connection is cut (the client sees a body shorter than announced).
   */
  async function stream(route: RouteDefinition, event: APIGatewayProxyEvent, res: ServerResponse, requestId: string): Promise<void> {
    const fn = handlerFor(route.functionName) as unknown;
    if (!isStreamingHandler(fn)) {
      log('error', 'the handler of a streamed route is not a streaming handler', { requestId, route: route.id });
      return sendGateway(res, route.surface, 'DEFAULT_5XX', requestId, 502);
    }
    const responseStream = new LocalResponseStream(res, requestId);
    const streaming = fn as (event: APIGatewayProxyEvent, stream: LocalResponseStream, context: Context) => Promise<unknown>;
    try {
      await runAsFunction(route.functionName, () =>
        streaming(event, responseStream, lambdaContext(route.functionName, Date.now() + INTEGRATION_TIMEOUT_MS)),
      );
      if (!responseStream.writableEnded) responseStream.end();
    } catch (error) {
      log('error', 'streaming handler failed', { requestId, route: route.id, error: describeError(error) });
      if (!res.headersSent) return sendGateway(res, route.surface, 'DEFAULT_5XX', requestId, 502);
      res.destroy();
    }
  }

  const server = createServer((req, res) => {
    const requestId = randomUUID();
    const { onRequest } = options;
    if (onRequest) {
      const at = new Date();
      const started = performance.now();
      res.once('close', () =>
        onRequest({
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          status: res.writableFinished ? res.statusCode : null,
          durationMs: performance.now() - started,
          headers: req.headers,
          at,
        }),
      );
    }
    handle(req, res, requestId, Date.now()).catch((error: unknown) => {
      log('error', 'local gateway failure', { requestId, error: describeError(error) });
      if (!res.headersSent) sendGateway(res, surfaceOfPath(req.url ?? '/'), 'DEFAULT_5XX', requestId);
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  let stopped: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${address.port}`,
    stop() {
      stopped ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return stopped;
    },
    clearAuthorizerCache() {
      authorizers.clear();
    },
    stats() {
      return authorizers.stats();
    },
  };
}

/** Loads functions/<name>/handler.ts the way a Lambda runtime would (the gateway calls it once per function, on first use). */
export function loadFunctionHandler(functionName: string): ProxyHandler {
  const mod = require(path.join(FUNCTIONS_DIR, functionName, 'handler.ts')) as { handler?: unknown };
  if (typeof mod.handler !== 'function') throw new Error(`functions/${functionName}/handler.ts exports no handler`);
  return mod.handler as ProxyHandler;
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GatewayFault('integration timeout')), INTEGRATION_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

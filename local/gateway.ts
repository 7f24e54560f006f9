import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type {
  APIGatewayAuthorizerResult,
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  APIGatewayRequestAuthorizerEvent,
  Context,
} from 'aws-lambda';
import { AUTHORIZER_SETTINGS } from '../shared/auth/authorizer-settings';
import { type PolicyDocument, policyAllows } from '../shared/auth/policy';
import { errorBody } from '../shared/http/error-bodies';
import { GATEWAY_RESPONSES, type GatewayResponseKind, gatewayResponseBody } from '../shared/http/gateway-responses';
import { log } from '../shared/logging/logger';
import { findRoute, type RouteDefinition, type Surface } from '../shared/routes';

/**
 * The local API Gateway: one node:http server serving the three REST APIs (their paths do not
 * overlap) the way API Gateway does with a REQUEST authorizer and Lambda proxy integrations:
 *
 * 1. unknown route → MISSING_AUTHENTICATION_TOKEN gateway response (404, surface error shape);
 * 2. protected route without its identity source → UNAUTHORIZED (401), the authorizer is not invoked;
 * 3. authorizer result cached per (surface, identity source) for the TTL, on the surfaces whose
 *    authorizer declares identity sources (shared/auth/authorizer-settings.ts, as in the CDK stack:
 *    read and platform; intake caches nothing); a thrown `Unauthorized` → 401, any other
 *    authorizer failure or a malformed result → 500 (DEFAULT_5XX);
 * 4. the cached policy is evaluated against this request's method ARN → ACCESS_DENIED (403);
 * 5. the handler receives a REST API proxy event and its result is checked like API Gateway does
 *    (integer statusCode, string body) → otherwise 502 with the DEFAULT_5XX body.
 *
 * Authorizer cache: successes are cached for `authorizerCacheTtlSeconds` (TTL 0 disables the
 * cache, as in API Gateway). Failures (401) are NOT cached: API Gateway caches them too, but locally
 * it is more useful that a key created right after a failed attempt works at once.
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

/** API Gateway's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** API Gateway's default integration timeout. */
const INTEGRATION_TIMEOUT_MS = 29_000;
/** Bounds memory when many distinct keys are tried (oldest entries are evicted first). */
const MAX_CACHE_ENTRIES = 10_000;
const STAGE = 'local';
const ACCOUNT_ID = '000000000000';
const REGION = 'local';
const FUNCTIONS_DIR = path.join(__dirname, '..', 'functions');

interface Authorization {
  readonly principalId: string;
  readonly policy: PolicyDocument;
  /** The context as the integration sees it: string values plus principalId. */
  readonly context: Record<string, string>;
  /** policyAllows results by method ARN, so a cached policy is evaluated once per route. */
  readonly decisions: Map<string, boolean>;
}

interface CacheEntry {
  readonly expiresAt: number;
  /** The authorizer-cache epoch read before the authorizer ran. */
  readonly epoch: number;
  readonly authorization: Authorization;
}

interface AuthorizerRun {
  readonly epoch: number;
  readonly outcome: AuthorizerOutcome;
}

type AuthorizerOutcome =
  | { readonly ok: true; readonly authorization: Authorization }
  | { readonly ok: false; readonly kind: GatewayResponseKind };

class GatewayFault extends Error {}

export async function startLocalGateway(options: LocalGatewayOptions): Promise<LocalGateway> {
  const host = options.host ?? '127.0.0.1';
  const cachedTtlMs = Math.max(0, (options.authorizerCacheTtlSeconds ?? Number(process.env.AUTHORIZER_CACHE_TTL_SECONDS ?? 300)) * 1000);
  const ttlMsOf = (surface: Surface) => (AUTHORIZER_SETTINGS[surface].cacheTtlSeconds > 0 ? cachedTtlMs : 0);
  const loadHandler = options.loadHandler ?? loadFunctionHandler;
  const readEpoch = options.authorizerCacheEpoch;

  const cache = new Map<string, CacheEntry>();
  /** Concurrent first requests with one key share a single authorizer invocation. */
  const inflight = new Map<string, Promise<AuthorizerRun>>();
  const handlers = new Map<string, ProxyHandler>();
  let authorizerInvocations = 0;
  let authorizerCacheHits = 0;

  /**
   * Request arrivals and epoch reads share one sequence, so "this read started after that request
   * arrived" is a comparison. Requests may share the latest read only when it started after they
   * arrived: it then reflects every flush that completed before they arrived.
   */
  let sequence = 0;
  let latestEpochRead: { readonly seq: number; readonly value: Promise<number> } | undefined;
  function epochSince(arrival: number): Promise<number> {
    if (!readEpoch) return Promise.resolve(0);
    if (latestEpochRead && latestEpochRead.seq > arrival) return latestEpochRead.value;
    const read = { seq: ++sequence, value: readEpoch() };
    latestEpochRead = read;
    read.value.catch(() => {
      if (latestEpochRead === read) latestEpochRead = undefined;
    });
    return read.value;
  }
  async function isCurrent(epoch: number, arrival: number): Promise<boolean> {
    return !readEpoch || epoch === (await epochSince(arrival));
  }

  function handlerFor(functionName: string): ProxyHandler {
    let fn = handlers.get(functionName);
    if (!fn) {
      fn = loadHandler(functionName);
      handlers.set(functionName, fn);
    }
    return fn;
  }

  /** `identitySource` null: the surface's authorizer declares none, so it runs on every request. */
  async function authorize(
    route: RouteDefinition,
    identitySource: string | null,
    event: APIGatewayRequestAuthorizerEvent,
    arrival: number,
  ): Promise<AuthorizerOutcome> {
    const ttlMs = ttlMsOf(route.surface);
    if (identitySource === null || ttlMs === 0) return invokeAuthorizer(event);
    const cacheKey = `${route.surface}\n${identitySource}`;
    const hit = cache.get(cacheKey);
    if (hit) {
      if (hit.expiresAt > Date.now() && (await isCurrent(hit.epoch, arrival))) {
        authorizerCacheHits++;
        return { ok: true, authorization: hit.authorization };
      }
      if (cache.get(cacheKey) === hit) cache.delete(cacheKey);
    }
    const pending = inflight.get(cacheKey);
    if (pending) {
      const shared = await pending;
      // An authorization that began before a flush this request comes after is not reused.
      if (!shared.outcome.ok || (await isCurrent(shared.epoch, arrival))) return shared.outcome;
    }
    const run = (async (): Promise<AuthorizerRun> => {
      const epoch = await epochSince(arrival);
      const outcome = await invokeAuthorizer(event);
      if (outcome.ok) {
        if (cache.size >= MAX_CACHE_ENTRIES) {
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
        cache.set(cacheKey, { expiresAt: Date.now() + ttlMs, epoch, authorization: outcome.authorization });
      }
      return { epoch, outcome };
    })();
    inflight.set(cacheKey, run);
    run
      .finally(() => {
        if (inflight.get(cacheKey) === run) inflight.delete(cacheKey);
      })
      .catch(() => undefined);
    return (await run).outcome;
  }

  async function invokeAuthorizer(event: APIGatewayRequestAuthorizerEvent): Promise<AuthorizerOutcome> {
    authorizerInvocations++;
    let result: unknown;
    try {
      const authorizer = handlerFor('authorizer') as unknown as AuthorizerHandler;
      result = await authorizer(event, lambdaContext('authorizer', Date.now() + INTEGRATION_TIMEOUT_MS));
    } catch (error) {
      if (error instanceof Error && error.message === 'Unauthorized') return { ok: false, kind: 'UNAUTHORIZED' };
      log('error', 'authorizer failed', { requestId: event.requestContext.requestId, error: describeError(error) });
      return { ok: false, kind: 'DEFAULT_5XX' };
    }
    const authorization = toAuthorization(result);
    if (!authorization) {
      log('error', 'authorizer returned a malformed result', { requestId: event.requestContext.requestId });
      return { ok: false, kind: 'DEFAULT_5XX' };
    }
    return { ok: true, authorization };
  }

  async function handle(req: IncomingMessage, res: ServerResponse, requestId: string, requestTimeEpoch: number): Promise<void> {
    const arrival = ++sequence;
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const pathname = q === -1 ? rawUrl : rawUrl.slice(0, q);
    const method = req.method ?? 'GET';
    const fallbackSurface = surfaceOfPath(pathname);

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
      domainName: req.headers.host ?? host,
      httpMethod: method,
      identity: identityContext(sourceIp, req.headers['user-agent']),
      path: `/${STAGE}${pathname}`,
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
        outcome = await authorize(
          route,
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
        outcome = { ok: false, kind: 'DEFAULT_5XX' };
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

    let result: unknown;
    try {
      const fn = handlerFor(route.functionName);
      result = await withTimeout(fn(event, lambdaContext(route.functionName, Date.now() + INTEGRATION_TIMEOUT_MS)));
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

  const server = createServer((req, res) => {
    const requestId = randomUUID();
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
      cache.clear();
    },
    stats() {
      return { authorizerInvocations, authorizerCacheHits };
    },
  };
}

/** Loads functions/<name>/handler.ts the way a Lambda runtime would (the gateway calls it once per function, on first use). */
export function loadFunctionHandler(functionName: string): ProxyHandler {
  const mod = require(path.join(FUNCTIONS_DIR, functionName, 'handler.ts')) as { handler?: unknown };
  if (typeof mod.handler !== 'function') throw new Error(`functions/${functionName}/handler.ts exports no handler`);
  return mod.handler as ProxyHandler;
}

function surfaceOfPath(pathname: string): Surface {
  if (pathname.startsWith('/api/outbound/')) return 'intake';
  if (pathname.startsWith('/v1/')) return 'platform';
  return 'read';
}

/**
 * The authorizer's identity source: every value of each declared identity header, read from the
 * same multi-value map the authorizer receives, so the cache key always covers what the authorizer
 * checked. Null when there are no identity headers, or one is missing or empty (API Gateway then
 * answers 401 without invoking the authorizer).
 */
function identitySourceOf(multiValueHeaders: Record<string, string[]>, identityHeaders: readonly string[]): string | null {
  if (identityHeaders.length === 0) return null;
  const parts: string[] = [];
  for (const header of identityHeaders) {
    const lower = header.toLowerCase();
    const values = Object.entries(multiValueHeaders)
      .filter(([name]) => name.toLowerCase() === lower)
      .flatMap(([, list]) => list);
    if (values.length === 0 || values.every((v) => v.trim() === '')) return null;
    // Header values cannot hold a line feed, so the joined values cannot collide with another list.
    parts.push(`${lower}:${values.join('\n')}`);
  }
  return parts.join('\n');
}

/** Header names keep their original case; the single-value map holds the last value, like API Gateway. */
function collectHeaders(raw: string[]): { headers: Record<string, string>; multiValueHeaders: Record<string, string[]> } {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    const value = raw[i + 1] as string;
    headers[name] = value;
    const list = multiValueHeaders[name];
    if (list) list.push(value);
    else multiValueHeaders[name] = [value];
  }
  return { headers, multiValueHeaders };
}

function parseQuery(search: string): { single: Record<string, string>; multi: Record<string, string[]> } | null {
  if (search === '') return null;
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  let any = false;
  for (const [name, value] of new URLSearchParams(search)) {
    any = true;
    single[name] = value;
    const list = multi[name];
    if (list) list.push(value);
    else multi[name] = [value];
  }
  return any ? { single, multi } : null;
}

const TOO_LARGE = Symbol('too large');

/** The body as a UTF-8 string (null when empty); bodies over 10 MB are drained and refused. */
function readBody(req: IncomingMessage): Promise<string | null | typeof TOO_LARGE> {
  const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody || req.headers['content-length'] === '0') {
    req.resume();
    return Promise.resolve(null);
  }
  const declared = Number(req.headers['content-length']);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > MAX_BODY_BYTES;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) resolve(TOO_LARGE);
      else resolve(size === 0 ? null : Buffer.concat(chunks, size).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function drain(req: IncomingMessage): void {
  req.resume();
}

function identityContext(sourceIp: string, userAgent: string | undefined) {
  return {
    accessKey: null,
    accountId: null,
    apiKey: null,
    apiKeyId: null,
    caller: null,
    clientCert: null,
    cognitoAuthenticationProvider: null,
    cognitoAuthenticationType: null,
    cognitoIdentityId: null,
    cognitoIdentityPoolId: null,
    principalOrgId: null,
    sourceIp,
    user: null,
    userAgent: userAgent ?? null,
    userArn: null,
  };
}

function lambdaContext(functionName: string, deadline: number): Context {
  const name = `local-${functionName}`;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${REGION}:${ACCOUNT_ID}:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GatewayFault('integration timeout')), INTEGRATION_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Validates an authorizer result like API Gateway: a principalId, a policy document with
 * statements, and a context of flat scalar values (passed on to the integration as strings).
 */
function toAuthorization(result: unknown): Authorization | null {
  if (!isRecord(result)) return null;
  const { principalId, policyDocument, context } = result as Partial<APIGatewayAuthorizerResult>;
  if (typeof principalId !== 'string' || principalId === '') return null;
  if (!isRecord(policyDocument) || !Array.isArray(policyDocument.Statement)) return null;
  const flat: Record<string, string> = {};
  if (context !== undefined && context !== null) {
    if (!isRecord(context)) return null;
    for (const [k, v] of Object.entries(context)) {
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') flat[k] = String(v);
      else if (v !== null && v !== undefined) return null;
    }
  }
  const statements = policyDocument.Statement.map((s) => {
    const resource = (s as { Resource?: unknown }).Resource;
    return { ...s, Resource: Array.isArray(resource) ? resource : [resource] };
  });
  return {
    principalId,
    policy: { ...policyDocument, Statement: statements } as unknown as PolicyDocument,
    context: { ...flat, principalId },
    decisions: new Map(),
  };
}

/**
 * Checks a Lambda proxy result as API Gateway does: an object with an integer statusCode, a string
 * body (absent means empty) and scalar header values; anything else is a malformed response (502).
 */
function toHttpResponse(
  result: unknown,
  requestId: string,
): { statusCode: number; headers: OutgoingHttpHeaders; body: string | Buffer } | null {
  if (!isRecord(result)) return null;
  const { statusCode, body, headers, multiValueHeaders, isBase64Encoded } = result as Partial<APIGatewayProxyResult> & {
    multiValueHeaders?: unknown;
  };
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599) return null;
  if (body !== undefined && body !== null && typeof body !== 'string') return null;
  const out: OutgoingHttpHeaders = {};
  const seen = new Set<string>();
  if (multiValueHeaders !== undefined && multiValueHeaders !== null) {
    if (!isRecord(multiValueHeaders)) return null;
    for (const [name, values] of Object.entries(multiValueHeaders)) {
      if (!Array.isArray(values) || !values.every(isScalar)) return null;
      out[name] = values.map(String);
      seen.add(name.toLowerCase());
    }
  }
  if (headers !== undefined && headers !== null) {
    if (!isRecord(headers)) return null;
    for (const [name, value] of Object.entries(headers)) {
      if (!isScalar(value)) return null;
      // Like API Gateway, a single-value header replaces the multi-value one of the same name.
      const lower = name.toLowerCase();
      if (seen.has(lower)) for (const existing of Object.keys(out)) if (existing.toLowerCase() === lower) delete out[existing];
      out[name] = String(value);
      seen.add(lower);
    }
  }
  if (!seen.has('x-request-id')) out['x-request-id'] = requestId;
  if (!seen.has('content-type')) out['content-type'] = 'application/json';
  const text = typeof body === 'string' ? body : '';
  const payload = isBase64Encoded === true ? Buffer.from(text, 'base64') : text;
  if (!seen.has('content-length')) out['content-length'] = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  return { statusCode, headers: out, body: payload };
}

function sendGateway(res: ServerResponse, surface: Surface, kind: GatewayResponseKind, requestId: string, statusCode?: number): void {
  sendJson(res, statusCode ?? GATEWAY_RESPONSES[kind].statusCode, gatewayResponseBody(surface, kind, requestId), requestId);
}

function sendJson(res: ServerResponse, statusCode: number, body: unknown, requestId: string): void {
  const text = JSON.stringify(body);
  res.writeHead(statusCode, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'x-request-id': requestId,
  });
  res.end(text);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

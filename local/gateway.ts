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
import { type PolicyDocument, policyAllows } from '../shared/auth/policy';
import { errorBody } from '../shared/http/error-bodies';
import { GATEWAY_RESPONSES, type GatewayResponseKind, gatewayResponseBody } from '../shared/http/gateway-responses';
import { log } from '../shared/http/logger';
import { findRoute, type RouteDefinition, type Surface } from '../shared/routes';

/**
 * The local API Gateway: one node:http server serving the three REST APIs (their paths do not
 * overlap) the way API Gateway does with a REQUEST authorizer and Lambda proxy integrations:
 *
 * 1. unknown route → MISSING_AUTHENTICATION_TOKEN gateway response (404, surface error shape);
 * 2. protected route without its identity source → UNAUTHORIZED (401), the authorizer is not invoked;
 * 3. authorizer result cached per (surface, identity source) for the TTL; a thrown `Unauthorized`
 *    → 401, any other authorizer failure or a malformed result → 500 (DEFAULT_5XX);
 * 4. the cached policy is evaluated against this request's method ARN → ACCESS_DENIED (403);
 * 5. the handler receives a REST API proxy event and its result is checked like API Gateway does
 *    (integer statusCode, string body) → otherwise 502 with the DEFAULT_5XX body.
 *
 * Authorizer cache: successes are cached for `authorizerCacheTtlSeconds` (TTL 0 disables the
 * cache, as in API Gateway). Failures (401) are NOT cached: API Gateway caches them too, but locally
 * it is more useful that a key created right after a failed attempt works at once. A revoked key
 * therefore keeps working until its cached entry expires, exactly as in AWS;
 * `clearAuthorizerCache()` (or TTL 0) makes revocation immediate.
 */

export interface LocalGatewayOptions {
  readonly port: number;
  /** @default '127.0.0.1' */
  readonly host?: string;
  /** @default Number(process.env.AUTHORIZER_CACHE_TTL_SECONDS ?? 300) */
  readonly authorizerCacheTtlSeconds?: number;
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
  readonly authorization: Authorization;
}

type AuthorizerOutcome =
  | { readonly ok: true; readonly authorization: Authorization }
  | { readonly ok: false; readonly kind: GatewayResponseKind };

class GatewayFault extends Error {}

export async function startLocalGateway(options: LocalGatewayOptions): Promise<LocalGateway> {
  const host = options.host ?? '127.0.0.1';
  const ttlMs = Math.max(0, (options.authorizerCacheTtlSeconds ?? Number(process.env.AUTHORIZER_CACHE_TTL_SECONDS ?? 300)) * 1000);
  const loadHandler = options.loadHandler ?? loadFunctionHandler;

  const cache = new Map<string, CacheEntry>();
  /** Concurrent first requests with one key share a single authorizer invocation. */
  const inflight = new Map<string, Promise<AuthorizerOutcome>>();
  const handlers = new Map<string, ProxyHandler>();
  let authorizerInvocations = 0;
  let authorizerCacheHits = 0;

  function handlerFor(functionName: string): ProxyHandler {
    let fn = handlers.get(functionName);
    if (!fn) {
      fn = loadHandler(functionName);
      handlers.set(functionName, fn);
    }
    return fn;
  }

  async function authorize(
    route: RouteDefinition,
    identitySource: string,
    event: APIGatewayRequestAuthorizerEvent,
  ): Promise<AuthorizerOutcome> {
    const cacheKey = `${route.surface}\n${identitySource}`;
    if (ttlMs > 0) {
      const hit = cache.get(cacheKey);
      if (hit && hit.expiresAt > Date.now()) {
        authorizerCacheHits++;
        return { ok: true, authorization: hit.authorization };
      }
      if (hit) cache.delete(cacheKey);
      const pending = inflight.get(cacheKey);
      if (pending) return pending;
    }
    const run = invokeAuthorizer(event).then((outcome) => {
      if (outcome.ok && ttlMs > 0) {
        if (cache.size >= MAX_CACHE_ENTRIES) {
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
        cache.set(cacheKey, { expiresAt: Date.now() + ttlMs, authorization: outcome.authorization });
      }
      return outcome;
    });
    if (ttlMs > 0) {
      inflight.set(cacheKey, run);
      run.finally(() => inflight.delete(cacheKey)).catch(() => undefined);
    }
    return run;
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
      const identitySource = identitySourceOf(req, surface);
      if (identitySource === null) return sendGateway(res, surface, 'UNAUTHORIZED', requestId);
      const started = Date.now();
      const outcome = await authorize(route, identitySource, {
        type: 'REQUEST',
        methodArn,
        ...request,
        requestContext: requestContext as unknown as APIGatewayRequestAuthorizerEvent['requestContext'],
      });
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
 * The authorizer's identity source: `Authorization` (intake also accepts `X-API-Key`). API Gateway
 * treats a missing or empty identity source as 401 without invoking the authorizer.
 */
function identitySourceOf(req: IncomingMessage, surface: Surface): string | null {
  const authorization = req.headers.authorization;
  if (authorization && authorization.trim() !== '') return `authorization:${authorization}`;
  if (surface === 'intake') {
    const apiKey = req.headers['x-api-key'];
    const value = Array.isArray(apiKey) ? apiKey[0] : apiKey;
    if (value && value.trim() !== '') return `x-api-key:${value}`;
  }
  return null;
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

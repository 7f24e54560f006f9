import type { JSONObject, JSONValue, MiddlewareLikeObj, MiddyLikeRequest } from '@aws-lambda-powertools/commons/types';
import type { Context } from 'aws-lambda';
import { getDynamoDBClient } from '#shared/adapters/dynamodb/client';
import { ServiceUnavailableError } from '#shared/errors';
import { lazy } from '#shared/lazy';
import { log } from '#shared/logging/logger';
import { HttpError } from './errors';
import { FINGERPRINT_HEADERS, IDEMPOTENCY_KEY_FIELD, IDEMPOTENT_REPLAYED_HEADER, MAX_STORED_RESPONSE_BYTES } from './idempotency-key';
import type { HttpRequest, HttpResult, RequestInput } from './middleware/route-request';

/**
 * What the idempotency middleware (shared/http/idempotency.ts) does for a request that carries an
 * `Idempotency-Key`: claim the key or replay its answer, then store or forget the answer, on
 * Powertools' middleware and its DynamoDB persistence layer. Imported with the first such request,
 * with the library: a request without the header runs none of it.
 */

const powertools = lazy(async () => {
  const [idempotency, middleware, dynamodb] = await Promise.all([
    import('@aws-lambda-powertools/idempotency'),
    import('@aws-lambda-powertools/idempotency/middleware'),
    import('@aws-lambda-powertools/idempotency/dynamodb'),
  ]);
  return { ...idempotency, ...middleware, DynamoDBPersistenceLayer: dynamodb.DynamoDBPersistenceLayer };
});

type Powertools = Awaited<ReturnType<typeof powertools>>;

/** Used when the Lambda context cannot tell the remaining time (direct invocations, tests). */
const FALLBACK_REMAINING_MS = 30_000;

/** The answer as stored: the body as the JSON text the client got, so a replay is byte-identical. */
interface StoredResponse {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** What the persistence layer hashes: `key` names the record, `request` is validated against it. */
interface IdempotencyPayload {
  readonly key: { readonly apiKeyId: string; readonly idempotencyKey: string };
  readonly request: {
    readonly path: Record<string, string>;
    readonly query: Record<string, string>;
    readonly headers: Record<string, string>;
    readonly body: unknown;
  };
}

/**
 * What Powertools' middleware sees of one request: its own middy-like request, whose event is the
 * payload it hashes (not API Gateway's event) and whose `internal` holds its per-request handler.
 * Kept in the chain's state between `before` and `after`/`onError`.
 */
type PowertoolsRequest = MiddyLikeRequest & { event: IdempotencyPayload };

/** The settings of a function's idempotency middleware, and its Powertools middleware per route once built. */
export interface IdempotencyScope {
  readonly tableName: string;
  readonly expiresAfterSeconds: number;
  readonly middlewares: Map<string, MiddlewareLikeObj>;
}

function middlewareFor(library: Powertools, settings: IdempotencyScope, scope: string): MiddlewareLikeObj {
  let middleware = settings.middlewares.get(scope);
  if (!middleware) {
    middleware = powertoolsMiddleware(library, settings, scope);
    settings.middlewares.set(scope, middleware);
  }
  return middleware;
}

/** `after`, once a key was claimed: a 2xx is stored; anything else is forgotten as a thrown error is, so a retry runs again. */
export async function settleAnswered(request: HttpRequest): Promise<void> {
  const run = request.internal.idempotency;
  if (!run) return;
  if (!request.response) throw new Error(`${request.event.input?.routeId ?? 'the route'} answered nothing`);
  const stored = storable(request.response);
  if (stored) {
    await settle(
      () => run.hooks.after?.({ ...run.claim, response: stored }),
      'idempotency record not saved; the key stays claimed until it lapses',
      request,
    );
  } else {
    await settle(() => run.hooks.onError?.(run.claim), 'idempotency record not deleted after an answer that is not stored', request);
  }
}

/** `onError`, once a key was claimed: Powertools deletes the claim; the route's error stays the one the error middleware answers. */
export async function settleFailed(request: HttpRequest): Promise<void> {
  const run = request.internal.idempotency;
  if (!run) return;
  await settle(
    () => run.hooks.onError?.({ ...run.claim, error: request.error }),
    'idempotency record not deleted after a failed request',
    request,
  );
}

/** Powertools' middleware for one route: its persistence layer on the function's DynamoDB client (the local one under `npm start`). */
function powertoolsMiddleware(
  library: Powertools,
  options: { readonly tableName: string; readonly expiresAfterSeconds: number },
  scope: string,
): MiddlewareLikeObj {
  const config = new library.IdempotencyConfig({
    eventKeyJmesPath: 'key',
    payloadValidationJmesPath: 'request',
    throwOnNoIdempotencyKey: true,
    hashFunction: 'sha256',
    expiresAfterSeconds: options.expiresAfterSeconds,
    responseHook: markReplayed,
  });
  const persistenceStore = new library.DynamoDBPersistenceLayer({ tableName: options.tableName, awsSdkV3Client: getDynamoDBClient() });
  return library.makeHandlerIdempotent({ persistenceStore, config, keyPrefix: scope });
}

/**
 * `before`, for a request that carries the header: Powertools' `before` claims the key or answers
 * from its record: a replay rides on the event for the handler to return, so the response
 * middleware still runs (this request's id, the key's field groups) rather than middy ending the
 * chain early; a refusal (409, 422, 503) is thrown, so the handler never runs.
 */
export async function claimKey(request: HttpRequest, input: RequestInput, key: string, settings: IdempotencyScope): Promise<void> {
  const library = await powertools();
  const hooks = middlewareFor(library, settings, `${input.event.httpMethod} ${input.event.resource ?? input.event.path}`);
  const claim: PowertoolsRequest = {
    event: payloadOf(input, key),
    context: remainingTimeOf(request.context),
    response: undefined,
    error: undefined,
    internal: {},
  };
  let stored: unknown;
  try {
    stored = await hooks.before?.(claim);
  } catch (error) {
    throw clientError(library, error, input);
  }
  if (stored !== undefined) request.event = { ...request.event, replayed: replayed(stored) };
  else request.internal.idempotency = { hooks, claim };
}

/** Runs a hook of Powertools' middleware that ends a claim; its failure is logged, never answered. */
async function settle(hook: () => unknown, message: string, request: HttpRequest): Promise<void> {
  try {
    await hook();
  } catch (error) {
    log('error', message, { requestId: request.internal.requestId, error: describe(error) });
  }
}

function payloadOf(input: RequestInput, idempotencyKey: string): IdempotencyPayload {
  const headers: Record<string, string> = {};
  for (const name of FINGERPRINT_HEADERS) {
    const value = input.rawHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return {
    key: { apiKeyId: input.identity.keyId, idempotencyKey },
    request: {
      path: nonNullStrings(input.event.pathParameters),
      query: nonNullStrings(input.event.queryStringParameters),
      headers,
      body: input.rawBody ?? null,
    },
  };
}

function nonNullStrings(values: Record<string, string | undefined> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values ?? {})) if (v !== undefined) out[k] = v;
  return out;
}

/** A 2xx answer small enough for one item, as stored; undefined when it must not be stored. */
function storable(result: HttpResult): StoredResponse | undefined {
  if (result.statusCode < 200 || result.statusCode > 299) return undefined;
  // A JSON text body is stored as the text it is: its replay answers the same bytes.
  const body = result.isJsonText && typeof result.body === 'string' ? result.body : JSON.stringify(result.body ?? null);
  if (Buffer.byteLength(body, 'utf8') > MAX_STORED_RESPONSE_BYTES) return undefined;
  return { statusCode: result.statusCode, headers: { ...(result.headers ?? {}) }, body };
}

/** The persistence layer's response hook: runs only when an answer is replayed from its record. */
function markReplayed(response: JSONValue): JSONValue {
  if (!isJsonObject(response)) return response;
  const headers = isJsonObject(response.headers) ? response.headers : {};
  return { ...response, headers: { ...headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' } };
}

function isJsonObject(value: unknown): value is JSONObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The stored answer Powertools replays, checked to be what `storable` wrote before it is answered. */
function replayed(stored: unknown): HttpResult {
  if (!isJsonObject(stored) || typeof stored.statusCode !== 'number' || typeof stored.body !== 'string' || !isJsonObject(stored.headers)) {
    throw new Error('the idempotency record holds no stored answer');
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(stored.headers)) if (typeof value === 'string') headers[name] = value;
  const body: unknown = JSON.parse(stored.body);
  return { statusCode: stored.statusCode, headers, body };
}

/**
 * The context the library reads the remaining time from, once, when it claims the key (the claim
 * lapses then). At least 1 ms: the library treats 0 as "unknown" and would never let the claim lapse.
 */
function remainingTimeOf(context: Context): Context {
  const remaining = typeof context?.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : FALLBACK_REMAINING_MS;
  const atLeastOne = Math.max(1, remaining);
  return { ...context, getRemainingTimeInMillis: () => atLeastOne };
}

function clientError(
  { IdempotencyValidationError, IdempotencyAlreadyInProgressError }: Powertools,
  error: unknown,
  input: RequestInput,
): unknown {
  if (error instanceof IdempotencyValidationError) {
    return new HttpError(
      422,
      'idempotency_key_reused',
      `${IDEMPOTENCY_KEY_FIELD}: already used for a different request (path, query, body or X-Workspace-ID differ); send a new key for a new request`,
      IDEMPOTENCY_KEY_FIELD,
    );
  }
  if (error instanceof IdempotencyAlreadyInProgressError) {
    return new HttpError(
      409,
      'idempotency_key_in_use',
      `${IDEMPOTENCY_KEY_FIELD}: a request with this key is still being processed; retry once it has been answered`,
      IDEMPOTENCY_KEY_FIELD,
    );
  }
  // The record could not be claimed or read (DynamoDB unavailable or throttled): nothing ran.
  log('error', 'idempotency store unavailable', { requestId: input.requestId, error: describe(error) });
  return new ServiceUnavailableError('The request could not be checked for idempotency; nothing was done, retry it with the same key');
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.name}: ${error.message}${cause}`;
}

import type { JSONObject, JSONValue } from '@aws-lambda-powertools/commons/types';
import type { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import { getDynamoDBClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { idempotencyKeyOf } from '#shared/contracts/headers';
import { ServiceUnavailableError } from '#shared/errors';
import { lazy } from '#shared/lazy';
import { log } from '#shared/logging/logger';
import { HttpError } from './errors';
import { FINGERPRINT_HEADERS, IDEMPOTENCY_KEY_FIELD, IDEMPOTENCY_WINDOW_SECONDS, IDEMPOTENT_REPLAYED_HEADER } from './idempotency-key';
import type { HttpResult, IdempotencyGuard, RequestInput } from './middleware/route-request';

/**
 * `Idempotency-Key` for POSTs that create something, on Powertools' idempotency utility with its
 * DynamoDB persistence layer (conditional put of an INPROGRESS record, payload validation, the
 * stored result, TTL):
 *
 * - the record is keyed by the route (`<METHOD> <resource>`, the persistence layer's key prefix,
 *   one layer per route so concurrent requests of different routes never share a prefix), the
 *   API key's id and the Idempotency-Key (SHA-256 of both): one key's Idempotency-Key never
 *   replays another key's answer;
 * - the request's fingerprint (path and query parameters, the parsed body — so member order and
 *   whitespace do not matter — and FINGERPRINT_HEADERS) is validated: the same key with another
 *   request is a 422 naming Idempotency-Key (IETF draft "The Idempotency-Key HTTP Header Field");
 * - a request whose key is still being processed gets a 409 (same draft); it does not wait. The
 *   in-progress claim lapses when the first request's function would have timed out (its
 *   remaining time), so a crashed attempt does not block the key for 24 h;
 * - 2xx answers are stored for 24 h and replayed with their status and body, marked
 *   `Idempotent-Replayed: true`. Anything else (a 4xx, a 5xx such as intake's 503 when its queue
 *   is down, or a thrown error) deletes the record, so a retry with the same key runs again.
 *   Answers too large for one DynamoDB item (only a preflight for thousands of recipients, which
 *   creates nothing) are not stored either.
 *
 * The library is loaded with the first request that carries the header: a request without one
 * never needs it, and no function pays for it at cold start (docs/benchmarks.md: cold import).
 */

const powertools = lazy(async () => {
  const [idempotency, dynamodb] = await Promise.all([
    import('@aws-lambda-powertools/idempotency'),
    import('@aws-lambda-powertools/idempotency/dynamodb'),
  ]);
  return { ...idempotency, DynamoDBPersistenceLayer: dynamodb.DynamoDBPersistenceLayer };
});

type Powertools = Awaited<ReturnType<typeof powertools>>;

/** Leaves room under DynamoDB's 400 KB item limit for the key, status, hashes and expiry. */
export const MAX_STORED_RESPONSE_BYTES = 350_000;

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

export interface IdempotencyOptions {
  /** @default the `idempotency` table (TABLE_IDEMPOTENCY) */
  readonly tableName?: string;
  /** @default 86,400 (24 h) */
  readonly expiresAfterSeconds?: number;
}

/** Thrown inside the idempotent function for an answer that must not be stored: the library then deletes the record. */
class NotStored extends Error {}

/**
 * The guard a handler passes to createHttpHandler as `idempotency`. Reads the table name at module
 * load, so a function deployed without the table fails fast.
 */
export function idempotencyKeys(options: IdempotencyOptions = {}): IdempotencyGuard {
  const tableName = options.tableName ?? physicalTableName('idempotency');
  const expiresAfterSeconds = options.expiresAfterSeconds ?? IDEMPOTENCY_WINDOW_SECONDS;
  const layers = new Map<string, DynamoDBPersistenceLayer>();
  const layerFor = ({ DynamoDBPersistenceLayer }: Powertools, scope: string): DynamoDBPersistenceLayer => {
    let layer = layers.get(scope);
    if (!layer) {
      layer = new DynamoDBPersistenceLayer({ tableName, awsSdkV3Client: getDynamoDBClient() });
      layers.set(scope, layer);
    }
    return layer;
  };

  return {
    async run(input, context, execute) {
      const key = idempotencyKeyOf(input.rawHeaders);
      if (key === undefined) return execute();
      const library = await powertools();
      const { IdempotencyConfig, makeIdempotent } = library;
      const scope = `${input.event.httpMethod} ${input.event.resource ?? input.event.path}`;
      const config = new IdempotencyConfig({
        eventKeyJmesPath: 'key',
        payloadValidationJmesPath: 'request',
        throwOnNoIdempotencyKey: true,
        hashFunction: 'sha256',
        expiresAfterSeconds,
        lambdaContext: remainingTimeOf(context),
        responseHook: markReplayed,
      });

      let executed: HttpResult | undefined;
      let thrown: { error: unknown } | undefined;
      const once = makeIdempotent(
        async (_payload: IdempotencyPayload): Promise<StoredResponse> => {
          try {
            executed = await execute();
          } catch (error) {
            thrown = { error };
            throw error;
          }
          const stored = storable(executed);
          if (!stored) throw new NotStored();
          return stored;
        },
        { persistenceStore: layerFor(library, scope), config, keyPrefix: scope },
      );

      try {
        const answer = await once(payloadOf(input, key));
        return executed ?? replayed(answer);
      } catch (error) {
        if (thrown) {
          if (error !== thrown.error) logRecordFault('idempotency record not deleted after a failed request', input, error);
          throw thrown.error;
        }
        if (executed) {
          if (!(error instanceof NotStored))
            logRecordFault('idempotency record not saved; the key stays claimed until it lapses', input, error);
          return executed;
        }
        throw clientError(library, error, input);
      }
    },
  };
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
  const body = JSON.stringify(result.body ?? null);
  if (Buffer.byteLength(body, 'utf8') > MAX_STORED_RESPONSE_BYTES) return undefined;
  return { statusCode: result.statusCode, headers: { ...(result.headers ?? {}) }, body };
}

/** The persistence layer's response hook: runs only when an answer is replayed from its record. */
function markReplayed(response: JSONValue): JSONValue {
  if (!isJsonObject(response)) return response;
  const headers = isJsonObject(response.headers) ? response.headers : {};
  return { ...response, headers: { ...headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' } };
}

function isJsonObject(value: JSONValue | undefined): value is JSONObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function replayed(stored: StoredResponse): HttpResult {
  return { statusCode: stored.statusCode, headers: stored.headers, body: JSON.parse(stored.body) as unknown };
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

function logRecordFault(message: string, input: RequestInput, error: unknown): void {
  log('error', message, { requestId: input.requestId, error: describe(error) });
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.name}: ${error.message}${cause}`;
}

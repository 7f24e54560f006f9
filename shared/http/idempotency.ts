import type { MiddlewareLikeObj } from '@aws-lambda-powertools/commons/types';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { idempotencyKeyOf } from '#shared/contracts/headers';
import { lazy } from '#shared/lazy';
import { IDEMPOTENCY_WINDOW_SECONDS } from './idempotency-key';
import type { HttpMiddleware } from './middleware/route-request';

/**
 * `Idempotency-Key` for POSTs that create something, on Powertools' idempotency middy middleware
 * (`makeHandlerIdempotent`) with its DynamoDB persistence layer (conditional put of an INPROGRESS
 * record, payload validation, the stored result, TTL). It is the innermost middleware of the chain
 * (shared/http/handler.ts): its `before` runs last, after input validation, and its `after` first,
 * with the route's own answer:
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
 * The library, and this mechanism's own code (shared/http/idempotency-claim.ts), are loaded with
 * the first request that carries the header: a request without one never needs them, and no
 * function pays for them at cold start (docs/benchmarks.md: cold import).
 */

const claims = lazy(() => import('./idempotency-claim'));

export interface IdempotencyOptions {
  /** @default the `idempotency` table (TABLE_IDEMPOTENCY) */
  readonly tableName?: string;
  /** @default 86,400 (24 h) */
  readonly expiresAfterSeconds?: number;
}

/**
 * The idempotency middleware a handler passes to createHttpHandler as `idempotency`. Reads the
 * table name at module load, so a function deployed without the table fails fast; builds one
 * persistence layer and one Powertools middleware per route (its key prefix) on the first request
 * that carries the header. Without the header, `before` does nothing (and neither the library nor
 * the claim's code is loaded); `after` and `onError` act only on a claimed key.
 */
export function idempotencyKeys(options: IdempotencyOptions = {}): HttpMiddleware {
  const settings = {
    tableName: options.tableName ?? physicalTableName('idempotency'),
    expiresAfterSeconds: options.expiresAfterSeconds ?? IDEMPOTENCY_WINDOW_SECONDS,
    middlewares: new Map<string, MiddlewareLikeObj>(),
  };
  return {
    name: 'idempotency',
    before: async (request) => {
      const input = request.event.input;
      if (!input) throw new Error('idempotency runs after input validation');
      const key = idempotencyKeyOf(input.rawHeaders);
      if (key === undefined) return;
      await (await claims()).claimKey(request, input, key, settings);
    },
    after: async (request) => {
      if (request.internal.idempotency) await (await claims()).settleAnswered(request);
    },
    onError: async (request) => {
      if (request.internal.idempotency) await (await claims()).settleFailed(request);
    },
  };
}

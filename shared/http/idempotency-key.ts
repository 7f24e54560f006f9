import { BadRequestError } from '../errors';

/**
 * The `Idempotency-Key` request header, with Stripe's semantics (see shared/http/idempotency.ts for
 * the mechanism). Kept apart from the mechanism so the API description can name these without
 * bundling Powertools.
 */

/** The request header, lower-cased as the handler factory sees headers. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Marks an answer that repeats a stored one (Stripe's name). */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** How long a key's answer is kept and replayed. */
export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 60 * 60;

/** The field error responses name. */
export const IDEMPOTENCY_KEY_FIELD = 'Idempotency-Key';

/**
 * Request headers that change what a request does, so they are part of its fingerprint (with the
 * path, the query and the body): the same key with another workspace, or with test mode or
 * preflight switched, is another request. A unit test checks that every `x-` header a handler
 * reads is listed here.
 */
export const FINGERPRINT_HEADERS = ['x-workspace-id', 'x-team-id', 'x-test-mode', 'x-preflight'] as const;

/**
 * The key a request carries, or undefined when it carries none. A key must be non-empty (after
 * trimming) and at most 255 characters; anything else is a 400 naming Idempotency-Key.
 */
export function idempotencyKeyOf(headers: Readonly<Record<string, string>>): string | undefined {
  const key = headers[IDEMPOTENCY_KEY_HEADER];
  if (key === undefined) return undefined;
  if (key.trim() === '') throw new BadRequestError(`${IDEMPOTENCY_KEY_FIELD}: must not be empty`, IDEMPOTENCY_KEY_FIELD);
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new BadRequestError(
      `${IDEMPOTENCY_KEY_FIELD}: must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters (got ${key.length})`,
      IDEMPOTENCY_KEY_FIELD,
    );
  }
  return key;
}

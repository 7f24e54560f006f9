/**
 * The `Idempotency-Key` request header, with Stripe's semantics (see shared/http/idempotency.ts for
 * the mechanism; the header's schema is in shared/contracts/headers.ts). Kept apart from the
 * mechanism so the API description and the contracts can name these without bundling Powertools.
 */

/** Marks an answer that repeats a stored one (Stripe's name). */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** Leaves room under DynamoDB's 400 KB item limit for the key, status, hashes and expiry. */
export const MAX_STORED_RESPONSE_BYTES = 350_000;

/** How long a key's answer is kept and replayed. */
export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 60 * 60;

/** The header's name as the document shows it, and the field error responses name. */
export const IDEMPOTENCY_KEY_FIELD = 'Idempotency-Key';

/**
 * Request headers that change what a request does, so they are part of its fingerprint (with the
 * path, the query and the body): the same key with another workspace, or with test mode or
 * preflight switched, is another request. A unit test checks that every `x-` header a handler
 * reads is listed here.
 */
export const FINGERPRINT_HEADERS = ['x-workspace-id', 'x-team-id', 'x-test-mode', 'x-preflight', 'x-widget-token'] as const;

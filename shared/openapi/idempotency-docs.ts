import {
  IDEMPOTENCY_WINDOW_SECONDS,
  IDEMPOTENCY_KEY_FIELD as KEY,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  IDEMPOTENT_REPLAYED_HEADER as REPLAYED,
} from '#shared/http/idempotency-key';

/**
 * How the API description documents `Idempotency-Key` on the routes that honour it (those whose
 * route row lists the idempotency table, see isIdempotent in shared/routes.ts).
 */

const HOURS = IDEMPOTENCY_WINDOW_SECONDS / 3600;

/** The description of the request header (its schema is in shared/contracts/headers.ts). */
export const IDEMPOTENCY_KEY_DOC = `Makes a retry safe: a unique value per operation (a UUID), at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters. The same key with the same request within ${HOURS} h answers the first 2xx answer again (same status and body, header ${REPLAYED}: true) and does nothing else; see "Idempotency" in the API description.`;

/** The name of the response header component marking a replay. */
export const REPLAYED_HEADER_COMPONENT = 'IdempotentReplayed';

/** The response header, as a name and a reference, for the success responses of those routes. */
export const REPLAYED_RESPONSE_HEADER = {
  name: REPLAYED,
  ref: { $ref: `#/components/headers/${REPLAYED_HEADER_COMPONENT}` },
};

export const REPLAYED_HEADER_DEFINITION = {
  description: `\`true\` when the answer repeats the stored answer to an earlier request with the same ${KEY}; absent otherwise`,
  schema: { type: 'string', enum: ['true'] },
};

/** Error answers the header adds, by status; merged into the route's own descriptions of the status. */
export const IDEMPOTENCY_ERRORS: Readonly<Record<number, string>> = {
  400: `${KEY} is empty or longer than ${MAX_IDEMPOTENCY_KEY_LENGTH} characters (field ${KEY})`,
  409: `a request with the same ${KEY} is still being processed (error idempotency_key_in_use, field ${KEY}); retry once it has been answered`,
  422: `${KEY} was already used for a different request: another body, path, query or X-Workspace-ID (error idempotency_key_reused, field ${KEY}); nothing was done`,
  503: `the request carried ${KEY} and its record could not be read or written; nothing was done: retry with the same key`,
};

/** The "Idempotency" section of the API description. */
export const IDEMPOTENCY_SECTION = [
  '## Idempotency',
  `The POST operations that create or change something (intake, the voice webhook, SMS campaign creation and cancellation, inbound texts) accept an \`${KEY}\` header, with Stripe's semantics and the status codes of the IETF draft "The Idempotency-Key HTTP Header Field":`,
  `- The same key and the same request (body, path, query and X-Workspace-ID; body member order and whitespace do not matter) within ${HOURS} hours answer the first answer again, with its status and body, marked \`${REPLAYED}: true\`, and do nothing else. \`x-request-id\` is the retry's own; the body keeps the first request's request_id.`,
  `- The same key with a different request: 422 naming ${KEY}. While the first request with the key is still being processed: 409 naming ${KEY} (retry later; concurrent requests never run twice).`,
  '- Only 2xx answers are stored. A 4xx or 5xx answer (for example the 503 of the intake when its queue is down) is not: the retry with the same key runs again.',
  `- Keys belong to the API key and the operation: another API key, or another operation, never sees a key's answer. Keys are 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters; use a UUID per operation.`,
  '- Without the header, requests behave as before (intake answers a repeated lead with its 409, the voice webhook a redelivered report with 200).',
].join('\n');

/** Adds the header's error answers to a route's error responses, appending to a status already documented. */
export function withIdempotencyErrors(
  responses: Record<string, unknown>,
  errorResponse: (description: string) => Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...responses };
  for (const [status, description] of Object.entries(IDEMPOTENCY_ERRORS)) {
    const existing = out[status] as { description?: string; $ref?: string } | undefined;
    if (existing?.description !== undefined) {
      out[status] = { ...existing, description: `${existing.description.replace(/\.$/, '')}; or ${description}` };
    } else {
      out[status] = errorResponse(`${description.charAt(0).toUpperCase()}${description.slice(1)}`);
    }
  }
  return out;
}

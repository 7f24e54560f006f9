import { BadRequestError, PayloadTooLargeError } from '#shared/errors';
import { UnsupportedMediaTypeError } from './errors';
import { parseSafeJson } from './safe-json';

/**
 * How deep a request body may nest (the body object is level 1). Far deeper than any CRM, ad
 * platform or voice provider payload; shallow enough that a body stored a level or two down in a
 * record (an intake lead keeps its raw payload) stays within DynamoDB's 32 levels.
 */
export const MAX_BODY_DEPTH = 24;

/**
 * The one entry point for POST bodies. Parses a JSON object body: the content type must be JSON
 * (415), the body at most `maxBytes` (413), valid JSON (400) within the safety rules of
 * parseSafeJson (depth, big integers kept as text, non-finite numbers and prototype keys refused:
 * 400 naming the path), and an object, not an array or a scalar (400).
 */
export function parseJsonObjectBody(
  raw: string | null,
  headers: Readonly<Record<string, string>>,
  maxBytes: number,
): Record<string, unknown> {
  const contentType = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (contentType !== 'application/json' && !/^application\/[\w.+-]+\+json$/.test(contentType)) {
    throw new UnsupportedMediaTypeError(`Content-Type must be application/json (got ${contentType === '' ? 'none' : contentType})`);
  }
  if (raw === null || raw.trim() === '') throw new BadRequestError('body: a JSON object is required', 'body');
  const bytes = Buffer.byteLength(raw, 'utf8');
  if (bytes > maxBytes) throw new PayloadTooLargeError(`body: ${bytes} bytes is more than the ${maxBytes} bytes allowed`);
  const parsed = parseSafeJson(raw, { maxDepth: MAX_BODY_DEPTH });
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new BadRequestError(
      `body: must be a JSON object, not ${Array.isArray(parsed) ? 'an array' : parsed === null ? 'null' : `a ${typeof parsed}`}`,
      'body',
    );
  }
  return parsed as Record<string, unknown>;
}

/**
 * For routes that take no body (e.g. cancel): an empty body is `{}`; a body that is sent must pass
 * the same rules as parseJsonObjectBody (its members are then ignored by the route).
 */
export function parseOptionalJsonObjectBody(
  raw: string | null,
  headers: Readonly<Record<string, string>>,
  maxBytes: number,
): Record<string, unknown> {
  if (raw === null || raw.trim() === '') return {};
  return parseJsonObjectBody(raw, headers, maxBytes);
}

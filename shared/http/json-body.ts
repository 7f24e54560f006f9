import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from './errors';

/**
 * Parses a JSON object body: the content type must be JSON (415), the body at most `maxBytes`
 * (413), valid JSON (400) and an object, not an array or a scalar (400).
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
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new BadRequestError(`body: not valid JSON (${error instanceof Error ? error.message : 'parse error'})`, 'body');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new BadRequestError(
      `body: must be a JSON object, not ${Array.isArray(parsed) ? 'an array' : parsed === null ? 'null' : `a ${typeof parsed}`}`,
      'body',
    );
  }
  return parsed as Record<string, unknown>;
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** `service_` followed by 64 lowercase hex characters (256 bits of entropy). */
const KEY_FORMAT = /^service_[0-9a-f]{64}$/;

export function isWellFormedKey(candidate: string): boolean {
  return KEY_FORMAT.test(candidate);
}

export function generateApiKey(): string {
  return `service_${randomBytes(32).toString('hex')}`;
}

/**
 * Keys carry 256 random bits, so a plain SHA-256 is enough: there is nothing to brute-force that a
 * slow or peppered hash would protect. Lookups are by this hash.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex SHA-256 digests (both 32 bytes, so timingSafeEqual never throws). */
export function sameKeyHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === 32 && right.length === 32 && timingSafeEqual(left, right);
}

/** A short public identifier for a key, safe to print and log. */
export function newKeyId(): string {
  return `key_${randomBytes(8).toString('hex')}`;
}

/** The header maps of a REST API request (authorizer or proxy event): single values hold the last one sent. */
export interface RequestHeaders {
  readonly headers?: Readonly<Record<string, string | undefined>> | null;
  readonly multiValueHeaders?: Readonly<Record<string, readonly string[] | undefined>> | null;
}

export type CredentialResult =
  | { readonly ok: true; readonly key: string }
  | { readonly ok: false; readonly reason: 'missing' | 'ambiguous' | 'malformed' };

/**
 * The one API key a request carries: `Authorization: Bearer <key>`, or where allowed (the intake
 * surface) `X-API-Key: <key>`.
 *
 * A request whose credential is ambiguous is refused: a credential header sent more than once
 * (whatever the values, in any letter case), single- and multi-value maps that disagree, or
 * Authorization and X-API-Key naming different keys. API Gateway caches the authorizer's policy
 * under the identity-source header; with the header repeated, the value it caches under need not
 * be the value the authorizer checked (`headers` holds the last one). Refusing every repetition
 * means a policy is only ever returned for a request with exactly one value, which is then both
 * the cache key and the key that was checked, whichever value API Gateway picks.
 */
export function requestCredential(request: RequestHeaders, options: { readonly allowXApiKey: boolean }): CredentialResult {
  const authorization = headerValue(request, 'authorization');
  const xApiKey = options.allowXApiKey ? headerValue(request, 'x-api-key') : null;
  if (authorization === AMBIGUOUS || xApiKey === AMBIGUOUS) return { ok: false, reason: 'ambiguous' };

  let bearer: string | null = null;
  if (authorization !== null) {
    bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? null;
    if (bearer === null) return { ok: false, reason: xApiKey === null ? 'malformed' : 'ambiguous' };
  }
  const apiKey = xApiKey?.trim() ?? null;
  if (bearer !== null && apiKey !== null && bearer !== apiKey) return { ok: false, reason: 'ambiguous' };
  const key = bearer ?? apiKey;
  if (key === null) return { ok: false, reason: 'missing' };
  if (key === '') return { ok: false, reason: 'malformed' };
  return { ok: true, key };
}

const AMBIGUOUS = Symbol('ambiguous');

/**
 * The single value of a header (case-insensitive name), null when absent, AMBIGUOUS when it was
 * sent more than once or the two maps disagree.
 */
function headerValue(request: RequestHeaders, lowerName: string): string | null | typeof AMBIGUOUS {
  const multi: string[] = [];
  for (const [name, values] of Object.entries(request.multiValueHeaders ?? {})) {
    if (name.toLowerCase() === lowerName && values) multi.push(...values);
  }
  const single: string[] = [];
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (name.toLowerCase() === lowerName && value !== undefined) single.push(value);
  }
  if (multi.length > 1 || single.length > 1) return AMBIGUOUS;
  const [fromMulti] = multi;
  const [fromSingle] = single;
  if (fromMulti !== undefined && fromSingle !== undefined && fromMulti !== fromSingle) return AMBIGUOUS;
  return fromMulti ?? fromSingle ?? null;
}

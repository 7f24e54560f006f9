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

/** Reads `Authorization: Bearer <key>` (or, where allowed, `X-API-Key`) from case-insensitive headers. */
export function extractApiKey(
  headers: Record<string, string | undefined> | null | undefined,
  options: { allowXApiKey: boolean },
): string | null {
  if (!headers) return null;
  let authorization: string | undefined;
  let xApiKey: string | undefined;
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'authorization') authorization = value;
    else if (lower === 'x-api-key') xApiKey = value;
  }
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match?.[1] ?? null;
  }
  if (options.allowXApiKey && xApiKey) return xApiKey.trim();
  return null;
}

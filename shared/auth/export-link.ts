import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from './derived-key';

/**
 * The local stand-in for a presigned S3 GET of an export's file (`npm start` serves it): a link
 * to `/api/v1/exports/{exportId}/file` signed for the export's object and an expiry
 * EXPORT_LINK_TTL_SECONDS later, with a key derived from the cursor secret under its own label.
 */
export const EXPORT_LINK_TTL_SECONDS = 15 * 60;

const KEY_LABEL = 'export-link/v1';

export interface ExportLinkClaims {
  readonly objectKey: string;
  /** Unix seconds after which the link answers 403. */
  readonly expires: number;
}

function signature(secret: string, claims: ExportLinkClaims): Buffer {
  return createHmac('sha256', derivedKey(secret, KEY_LABEL))
    .update(['v1', claims.objectKey, String(claims.expires)].join('\n'))
    .digest();
}

/** The query (`key`, `expires`, `signature`) of a link to `objectKey` valid from `now` for 15 minutes. */
export function signExportLink(secret: string, objectKey: string, now: Date): { query: URLSearchParams; expires: number } {
  const expires = Math.floor(now.getTime() / 1000) + EXPORT_LINK_TTL_SECONDS;
  const query = new URLSearchParams({
    key: objectKey,
    expires: String(expires),
    signature: signature(secret, { objectKey, expires }).toString('base64url'),
  });
  return { query, expires };
}

/** Checks a link (constant time) before its expiry: an edited `expires` is 'invalid' rather than 'expired'. */
export function verifyExportLink(
  secret: string,
  query: URLSearchParams,
  now: Date,
): { ok: true; objectKey: string } | { ok: false; reason: 'invalid' | 'expired' } {
  const objectKey = query.get('key');
  const expires = Number(query.get('expires'));
  const given = query.get('signature') ?? '';
  if (objectKey === null || !Number.isInteger(expires)) return { ok: false, reason: 'invalid' };
  const expected = signature(secret, { objectKey, expires });
  const givenBytes = Buffer.from(given, 'base64url');
  if (givenBytes.toString('base64url') !== given || givenBytes.length !== expected.length || !timingSafeEqual(givenBytes, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  if (Math.floor(now.getTime() / 1000) > expires) return { ok: false, reason: 'expired' };
  return { ok: true, objectKey };
}

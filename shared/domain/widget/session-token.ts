import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { WidgetSessionRef } from '#shared/ports/widget-session-store';

/**
 * The widget session token: `wst_<ref>.<secret>`. `ref` (base64url of team, scheduler, start
 * instant and session id) lets a request find the session's row with one GetItem; `secret` is 32
 * random bytes, of which only a SHA-256 is stored, compared in constant time. Whoever holds the
 * token may read and change that session and nothing else; the session id alone grants nothing.
 */
const PREFIX = 'wst_';
const SECRET_BYTES = 32;
const TOKEN = /^wst_([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/;
const REF =
  /^([1-9][0-9]{0,9})\|([1-9][0-9]{0,9})\|([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z)\|([A-Za-z0-9_-]{1,64})$/;

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The session's address as a token carries it (base64url); the resume token carries it alike. */
export function encodeSessionRef(ref: WidgetSessionRef): string {
  return Buffer.from(`${ref.teamId}|${ref.schedulerId}|${ref.startedAt}|${ref.sessionId}`).toString('base64url');
}

/** The session an encoded address names; null when it is not one. */
export function decodeSessionRef(encoded: string): WidgetSessionRef | null {
  const ref = REF.exec(Buffer.from(encoded, 'base64url').toString('utf8'));
  if (!ref) return null;
  return { teamId: Number(ref[1]), schedulerId: Number(ref[2]), startedAt: ref[3] as string, sessionId: ref[4] as string };
}

export function mintSessionToken(ref: WidgetSessionRef): { token: string; tokenHash: string } {
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  return { token: `${PREFIX}${encodeSessionRef(ref)}.${secret}`, tokenHash: hashSecret(secret) };
}

/** The session a token names and its secret; null for anything that is not a well-formed token. */
export function readSessionToken(token: string): { ref: WidgetSessionRef; secret: string } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const ref = decodeSessionRef(match[1] as string);
  return ref ? { ref, secret: match[2] as string } : null;
}

/** Whether the secret is the one whose hash is stored (fixed-length digests, constant time). */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === given.length && timingSafeEqual(given, stored);
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from './derived-key';

/**
 * Links to a call's recording (GET /api/calls/{callId}/recording), signed for one call, one team
 * and the key that asked for the call detail, valid RECORDING_LINK_TTL_SECONDS. The route serving
 * them is public (a link is opened by a player or a browser that holds no API key): the signature
 * stands for the key until the link expires, and the route re-checks the key itself on every fetch,
 * so a revoked or narrowed key stops reaching the recording at once (see functions/get-call-recording).
 *
 * The HMAC key is derived from the cursor secret (CURSOR_SECRET, which every read-surface function
 * holds) under its own label, so a link and a pagination cursor can never stand for each other,
 * and no second secret has to be generated, bound and rotated.
 */
export const RECORDING_LINK_TTL_SECONDS = 15 * 60;

const KEY_LABEL = 'recording-link/v1';

export interface RecordingLinkClaims {
  readonly callId: string;
  readonly teamId: number;
  readonly keyId: string;
  /** Unix seconds after which the link answers 403. */
  readonly expires: number;
}

export interface SignRecordingLinkInput {
  readonly callId: string;
  readonly teamId: number;
  readonly keyId: string;
  readonly now: Date;
  /** The read API's base URL (scheme, host and stage, no trailing slash needed). */
  readonly baseUrl: string;
  /** The cursor secret (CURSOR_SECRET). */
  readonly secret: string;
}

export interface RecordingLink {
  readonly url: string;
  /** ISO 8601. */
  readonly expires_at: string;
}

function linkKey(secret: string): Buffer {
  return derivedKey(secret, KEY_LABEL);
}

/** Every member, unambiguously: ids cannot contain a newline once validated, and numbers are integers. */
function signature(secret: string, claims: RecordingLinkClaims): Buffer {
  return createHmac('sha256', linkKey(secret))
    .update(['v1', claims.callId, String(claims.teamId), claims.keyId, String(claims.expires)].join('\n'))
    .digest();
}

export function signRecordingLink(input: SignRecordingLinkInput): RecordingLink {
  const expires = Math.floor(input.now.getTime() / 1000) + RECORDING_LINK_TTL_SECONDS;
  const claims: RecordingLinkClaims = { callId: input.callId, teamId: input.teamId, keyId: input.keyId, expires };
  const query = new URLSearchParams({
    team_id: String(input.teamId),
    key: input.keyId,
    expires: String(expires),
    signature: signature(input.secret, claims).toString('base64url'),
  });
  const base = input.baseUrl.replace(/\/+$/, '');
  return {
    url: `${base}/api/calls/${encodeURIComponent(input.callId)}/recording?${query.toString()}`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

export type RecordingLinkCheck =
  | { readonly ok: true; readonly claims: RecordingLinkClaims }
  | { readonly ok: false; readonly reason: 'invalid' | 'expired' };

/**
 * Checks a link's signature (constant time) before its expiry, so an edited `expires` is 'invalid'
 * rather than 'expired'.
 */
export function verifyRecordingLink(secret: string, claims: RecordingLinkClaims, givenSignature: string, now: Date): RecordingLinkCheck {
  const expected = signature(secret, claims);
  const given = Buffer.from(givenSignature, 'base64url');
  // base64url decoding skips stray characters: only the canonical text of the digest is accepted.
  const canonical = given.toString('base64url') === givenSignature;
  if (!canonical || given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (Math.floor(now.getTime() / 1000) > claims.expires) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

import { createHmac, randomBytes } from 'node:crypto';
import type { SessionRecovery, WidgetSessionRef } from '#shared/ports/widget-session-store';
import { decodeSessionRef, encodeSessionRef, hashSecret, secretMatches } from './session-token';

/**
 * A dropped-off session's resume link: `<service origin>/widget/{teamId}/{schedulerId}?resume=<token>`,
 * the token `wrt_<ref>.<secret>`. `ref` addresses the session's row (as the session token's does);
 * the secret is HMAC-SHA-256, under a key derived from the service's cursor secret with its own
 * label, of the session id and a nonce of 16 random bytes (128 bits) drawn when the session drops
 * off. The session keeps the nonce, the SHA-256 of the secret and when the link lapses (72 hours
 * on), never the secret: the sender derives the link again whenever the text goes (a text deferred
 * to the customer's next allowed window included), and a request's token is checked against the
 * hash in constant time, as the appointments' manage links are (appointments/manage-token.ts).
 */
const KEY_LABEL = 'widget-resume/v1';
const NONCE_BYTES = 16;
const PREFIX = 'wrt_';
const TOKEN = /^wrt_([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/;

/** How long a resume link opens its session. */
export const RESUME_VALID_HOURS = 72;

/** What the session keeps of its resume link. */
export type ResumeSeal = SessionRecovery['resume'];

function resumeSecret(serverSecret: string, sessionId: string, nonce: string): string {
  const key = createHmac('sha256', serverSecret).update(KEY_LABEL).digest();
  return createHmac('sha256', key).update(`${sessionId}\n${nonce}`).digest('base64url');
}

/** A fresh seal for a session's resume link, valid RESUME_VALID_HOURS from `now`. */
export function sealResumeToken(serverSecret: string, ref: WidgetSessionRef, now: Date): ResumeSeal {
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  return {
    nonce,
    tokenHash: hashSecret(resumeSecret(serverSecret, ref.sessionId, nonce)),
    expiresAt: new Date(now.getTime() + RESUME_VALID_HOURS * 3_600_000).toISOString(),
  };
}

/** The token of a seal; null when the seal was made under another key (the key was rotated since). */
export function resumeTokenOf(serverSecret: string, ref: WidgetSessionRef, seal: ResumeSeal): string | null {
  const secret = resumeSecret(serverSecret, ref.sessionId, seal.nonce);
  return secretMatches(secret, seal.tokenHash) ? `${PREFIX}${encodeSessionRef(ref)}.${secret}` : null;
}

/** The session a resume token names and its secret; null for anything that is not a well-formed token. */
export function readResumeToken(token: string): { ref: WidgetSessionRef; secret: string } | null {
  const match = TOKEN.exec(token);
  const ref = match ? decodeSessionRef(match[1] as string) : null;
  return match && ref ? { ref, secret: match[2] as string } : null;
}

/** Whether a token's secret is the seal's, and the seal still open at `now`. */
export function resumeTokenOpens(secret: string, seal: ResumeSeal, now: Date): boolean {
  return secretMatches(secret, seal.tokenHash) && now.getTime() < Date.parse(seal.expiresAt);
}

/** The booking page that reopens the session, under the service's public origin. */
export function resumeUrl(origin: string, ref: Pick<WidgetSessionRef, 'teamId' | 'schedulerId'>, token: string): string {
  return `${origin.replace(/\/+$/, '')}/widget/${ref.teamId}/${ref.schedulerId}?resume=${encodeURIComponent(token)}`;
}

/** Seals and derives resume links with the service's key (the cursor secret, read at run time). */
export interface ResumeLinks {
  seal(ref: WidgetSessionRef, now: Date): Promise<ResumeSeal>;
  tokenOf(ref: WidgetSessionRef, seal: ResumeSeal): Promise<string | null>;
}

export function resumeLinks(serverSecret: () => Promise<string>): ResumeLinks {
  return {
    seal: async (ref, now) => sealResumeToken(await serverSecret(), ref, now),
    tokenOf: async (ref, seal) => resumeTokenOf(await serverSecret(), ref, seal),
  };
}

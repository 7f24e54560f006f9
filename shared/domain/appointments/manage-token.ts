import { createHmac, randomBytes } from 'node:crypto';
import { derivedKey } from '#shared/auth/derived-key';
import { hashSecret, secretMatches } from '#shared/domain/widget/session-token';
import type { ManageSeal } from './appointment';

/**
 * An appointment's manage link: `<service origin>/widget/manage/<appointment id>.<secret>`.
 * Whoever holds it may see, move and cancel that one visit; the appointment id alone grants
 * nothing.
 *
 * The secret is HMAC-SHA-256, under a key derived from the service's cursor secret with its own
 * label, of the appointment id and a nonce of 16 random bytes (128 bits) drawn when the visit is
 * made. The database keeps the nonce and the SHA-256 of the secret, never the secret: a copy of the
 * table cannot open any visit, a request's link is checked against the hash in constant time, and
 * the service can still show the link where the record is read (the feed) and send it in texts,
 * which a hash alone would not allow. A new nonce revokes the old link.
 */
const KEY_LABEL = 'appointment-manage/v1';
const NONCE_BYTES = 16;
const TOKEN = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;

function manageKey(serverSecret: string): Buffer {
  return derivedKey(serverSecret, KEY_LABEL);
}

function linkSecret(serverSecret: string, appointmentId: string, nonce: string): string {
  return createHmac('sha256', manageKey(serverSecret)).update(`${appointmentId}\n${nonce}`).digest('base64url');
}

/** The link's token for a sealed appointment. */
export function manageTokenOf(serverSecret: string, appointmentId: string, nonce: string): string {
  return `${appointmentId}.${linkSecret(serverSecret, appointmentId, nonce)}`;
}

/** A fresh seal for an appointment (a new nonce, the hash of the secret it yields). */
export function sealManageToken(serverSecret: string, appointmentId: string): ManageSeal {
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  return { nonce, tokenHash: hashSecret(linkSecret(serverSecret, appointmentId, nonce)) };
}

/** The appointment a token names and its secret; null for anything that is not a well-formed token. */
export function readManageToken(token: string): { appointmentId: string; secret: string } | null {
  const match = TOKEN.exec(token);
  return match ? { appointmentId: match[1] as string, secret: match[2] as string } : null;
}

/** Whether a token's secret is the one the seal holds the hash of (constant time). */
export function manageTokenMatches(secret: string, seal: ManageSeal): boolean {
  return secretMatches(secret, seal.tokenHash);
}

/** The customer-facing manage page of a token, under the service's public origin. */
export function manageUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/widget/manage/${token}`;
}

/**
 * Seals and derives manage links with the service's key (the cursor secret, read at run time):
 * what a function that makes appointments or shows their links is given.
 */
export interface ManageLinks {
  seal(appointmentId: string): Promise<ManageSeal>;
  /** The token of a seal; null when the seal was made under another key (the key was rotated since). */
  tokenOf(appointmentId: string, seal: ManageSeal): Promise<string | null>;
}

/** The token of a seal under the key; null when the seal was made under another key (rotated since). */
export function sealedToken(serverSecret: string, appointmentId: string, seal: ManageSeal): string | null {
  const token = manageTokenOf(serverSecret, appointmentId, seal.nonce);
  const read = readManageToken(token);
  return read && manageTokenMatches(read.secret, seal) ? token : null;
}

export function manageLinks(serverSecret: () => Promise<string>): ManageLinks {
  return {
    seal: async (appointmentId) => sealManageToken(await serverSecret(), appointmentId),
    tokenOf: async (appointmentId, seal) => sealedToken(await serverSecret(), appointmentId, seal),
  };
}

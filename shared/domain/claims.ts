/**
 * Claims on work taken from a queue (a recipient being texted, an outreach call being placed).
 * A worker writes a claim before its side effect; a later delivery that finds the claim still
 * open must tell whether its holder is still at work (leave it, come back later) or gone (a
 * crash, a timeout: settle it without repeating the side effect).
 */

/** The queue delivery a worker is processing: SQS's message id and receive count. */
export interface Delivery {
  readonly messageId: string;
  readonly receiveCount: number;
}

export interface OpenClaim {
  /** claimToken() of the delivery that made the claim; null on claims older than tokens. */
  readonly token: string | null;
  readonly claimedAt: string | null;
}

export function claimToken(delivery: Delivery): string {
  return `${delivery.messageId}#${delivery.receiveCount}`;
}

function parseToken(token: string): Delivery | null {
  const at = token.lastIndexOf('#');
  const receiveCount = Number(token.slice(at + 1));
  return at > 0 && Number.isInteger(receiveCount) ? { messageId: token.slice(0, at), receiveCount } : null;
}

/**
 * Whether the holder of an open claim is gone. An earlier receive of the same message: SQS
 * delivers a message again only after its visibility timeout, six times the function's timeout
 * (the local queue: only after the worker returned or the process died), so that receive's worker
 * has stopped. Any other holder (another message for the same work, a duplicate delivery) is
 * gone once the claim is older than a worker may run (`maxRunMs`, the function's timeout).
 */
export function isAbandoned(claim: OpenClaim, current: Delivery, now: Date, maxRunMs: number): boolean {
  const holder = claim.token ? parseToken(claim.token) : null;
  if (holder && holder.messageId === current.messageId && holder.receiveCount < current.receiveCount) return true;
  const claimedAt = claim.claimedAt ? Date.parse(claim.claimedAt) : Number.NaN;
  return Number.isNaN(claimedAt) || now.getTime() - claimedAt > maxRunMs;
}

/**
 * Thrown when work is claimed by a worker that may still be running: the message fails back to
 * the queue and returns after its visibility timeout, when the claim is settled or abandoned.
 */
export class ClaimHeldElsewhereError extends Error {
  override name = 'ClaimHeldElsewhereError';
}

/**
 * Errors an outbound provider (voice calls, SMS) answers with, shared by every provider port so
 * a domain retries or fails the same way whichever provider it talks to.
 */

/** A provider refusal that retrying cannot fix (HTTP 4xx, a bad number): failed, not retried. */
export class PermanentProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PermanentProviderError';
  }
}

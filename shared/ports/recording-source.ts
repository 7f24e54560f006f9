/** What fetching a recording from the voice provider gave. */
export type RecordingFetch =
  | { readonly kind: 'ok'; readonly contentType: string; readonly bytes: Buffer }
  /** Larger than maxBytes (by its Content-Length or while reading): not read further. */
  | { readonly kind: 'too_large' }
  /** The provider answered an error, redirected off its host, timed out or could not be reached. */
  | { readonly kind: 'failed'; readonly reason: string };

/**
 * Fetches a call recording from the voice provider's storage, server side. The caller has already
 * checked the URL against the allowed hosts (shared/domain/call-recording.ts); the adapter enforces
 * the size cap and the timeout and follows redirects only within the same host.
 */
export interface RecordingSource {
  fetchRecording(url: URL, limits: { readonly maxBytes: number; readonly timeoutMs: number }): Promise<RecordingFetch>;
}

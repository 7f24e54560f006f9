import type { Readable } from 'node:stream';

/** What fetching a recording from the voice provider gave. */
export type RecordingFetch =
  | {
      readonly kind: 'ok';
      readonly contentType: string;
      /** The provider's Content-Length, when it sent one. */
      readonly contentLength: number | null;
      /** The bytes as they arrive; it fails (destroyed with an error) past maxBytes. */
      readonly body: Readable;
    }
  /** Larger than maxBytes by its Content-Length: not read. */
  | { readonly kind: 'too_large' }
  /** The provider answered an error, redirected off its host, timed out or could not be reached. */
  | { readonly kind: 'failed'; readonly reason: string };

/**
 * Fetches a call recording from the voice provider's storage, server side, as a stream (a long
 * call's recording is tens of MB: it is passed through, never held whole). The caller has already
 * checked the URL against the allowed hosts (shared/domain/call-recording.ts); the adapter enforces
 * the size cap and the timeout to the first byte, and follows redirects only within the same host.
 */
export interface RecordingSource {
  fetchRecording(url: URL, limits: { readonly maxBytes: number; readonly timeoutMs: number }): Promise<RecordingFetch>;
}

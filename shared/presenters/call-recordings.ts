/**
 * The recording route's answer (GET /api/calls/{callId}/recording): the bytes are streamed as the
 * provider stored them, so what is presented is the headers that describe them.
 */

/** A recording as fetched: its media type and, when the provider gave it, its length. */
export interface RecordingDescription {
  readonly contentType: string;
  readonly contentLength: number | null;
}

/** The headers of the streamed recording: never cached by a shared cache (the link stands for a key). */
export function presentRecordingHeaders(recording: RecordingDescription): Record<string, string> {
  return {
    'content-type': recording.contentType,
    'cache-control': 'private, no-store',
    ...(recording.contentLength === null ? {} : { 'content-length': String(recording.contentLength) }),
  };
}

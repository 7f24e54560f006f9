import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { RecordingFetch, RecordingSource } from '#shared/ports/recording-source';

const MAX_REDIRECTS = 3;

/** The provider's storage over HTTPS (global fetch): redirects followed by hand, on the same host only. */
export class HttpRecordingSource implements RecordingSource {
  async fetchRecording(url: URL, limits: { readonly maxBytes: number; readonly timeoutMs: number }): Promise<RecordingFetch> {
    // The time-out bounds the wait for the provider's answer, not the transfer of a long recording.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
    let current = url;
    try {
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        const response = await fetch(current, { redirect: 'manual', signal: controller.signal, headers: { accept: 'audio/*' } });
        if (response.status >= 300 && response.status < 400) {
          await response.body?.cancel();
          const location = response.headers.get('location');
          const next = location ? new URL(location, current) : null;
          if (!next || next.host !== current.host || next.protocol !== current.protocol) {
            return { kind: 'failed', reason: 'the provider redirected to another host' };
          }
          current = next;
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel();
          return { kind: 'failed', reason: `the provider answered ${response.status}` };
        }
        const declared = Number(response.headers.get('content-length') ?? Number.NaN);
        if (Number.isFinite(declared) && declared > limits.maxBytes) {
          await response.body?.cancel();
          return { kind: 'too_large' };
        }
        const body = response.body ? Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) : Readable.from([]);
        return {
          kind: 'ok',
          contentType: response.headers.get('content-type') ?? 'application/octet-stream',
          contentLength: Number.isFinite(declared) ? declared : null,
          body: body.pipe(capped(limits.maxBytes)),
        };
      }
      return { kind: 'failed', reason: 'the provider redirected too many times' };
    } catch {
      // The signal, not the error's class: fetch's abort error is a DOMException of another realm under test runners.
      return {
        kind: 'failed',
        reason: controller.signal.aborted ? 'the provider did not answer in time' : 'the provider could not be reached',
      };
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Passes bytes through until more than maxBytes have passed, then fails the stream. */
export function capped(maxBytes: number): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (total > maxBytes) done(new Error(`the recording is larger than ${maxBytes} bytes`));
      else done(null, chunk);
    },
  });
}

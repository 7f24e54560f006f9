import type { RecordingFetch, RecordingSource } from '#shared/ports/recording-source';

const MAX_REDIRECTS = 3;

/** The provider's storage over HTTPS (global fetch): redirects followed by hand, on the same host only. */
export class HttpRecordingSource implements RecordingSource {
  async fetchRecording(url: URL, limits: { readonly maxBytes: number; readonly timeoutMs: number }): Promise<RecordingFetch> {
    const signal = AbortSignal.timeout(limits.timeoutMs);
    let current = url;
    try {
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        const response = await fetch(current, { redirect: 'manual', signal, headers: { accept: 'audio/*' } });
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
        return await readCapped(response, limits.maxBytes);
      }
      return { kind: 'failed', reason: 'the provider redirected too many times' };
    } catch {
      // The signal, not the error's class: fetch's abort error is a DOMException of another realm under test runners.
      return { kind: 'failed', reason: signal.aborted ? 'the provider did not answer in time' : 'the provider could not be reached' };
    }
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<RecordingFetch> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return { kind: 'too_large' };
  }
  const chunks: Buffer[] = [];
  let total = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        return { kind: 'too_large' };
      }
      chunks.push(Buffer.from(value));
    }
  }
  return { kind: 'ok', contentType: response.headers.get('content-type') ?? 'application/octet-stream', bytes: Buffer.concat(chunks) };
}

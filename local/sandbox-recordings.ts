import type { RecordingFetch, RecordingSource } from '#shared/ports/recording-source';

/**
 * The sandbox voice provider's recording storage: every https URL on SANDBOX_RECORDING_HOST answers a
 * small silent WAV (the seeded calls and the simulated reports point there), so a recording link
 * works end to end under `npm start` without a network. Two path markers stand for the provider's
 * failures, for the tests and the demo: `oversized` answers more than the cap allows, `unavailable`
 * answers an error.
 */
export const SANDBOX_RECORDING_HOST = 'recordings.example.com';

export function sandboxRecordingUrl(providerCallId: string): string {
  return `https://${SANDBOX_RECORDING_HOST}/calls/${encodeURIComponent(providerCallId)}.wav`;
}

export class SandboxRecordings implements RecordingSource {
  /** Every URL fetched, for tests (host and path only). */
  readonly fetched: string[] = [];

  async fetchRecording(url: URL, limits: { readonly maxBytes: number; readonly timeoutMs: number }): Promise<RecordingFetch> {
    this.fetched.push(`${url.host}${url.pathname}`);
    if (url.hostname !== SANDBOX_RECORDING_HOST) return { kind: 'failed', reason: 'the sandbox only stores recordings on its own host' };
    if (url.pathname.includes('unavailable')) return { kind: 'failed', reason: 'the provider answered 500' };
    if (url.pathname.includes('oversized'))
      return limits.maxBytes < 5 * 1024 * 1024
        ? { kind: 'too_large' }
        : { kind: 'ok', contentType: 'audio/wav', bytes: silentWav(5 * 1024 * 1024) };
    return { kind: 'ok', contentType: 'audio/wav', bytes: silentWav(8000) };
  }
}

/** A mono 8 kHz 8-bit PCM WAV of `samples` samples of silence (one second per 8000). */
export function silentWav(samples: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28); // byte rate
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples, 40);
  // 8-bit PCM is unsigned: 128 is silence.
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}

import { Readable } from 'node:stream';
import type { RecordingFetch, RecordingSource } from '#shared/ports/recording-source';

/**
 * The sandbox voice provider's recording storage: every https URL on SANDBOX_RECORDING_HOST answers a
 * small silent WAV (the seeded calls and the simulated reports point there), so a recording link
 * works end to end under `npm start` without a network. Path markers stand for the provider's
 * cases, for the tests and the demo: `oversized` answers more than the cap allows, `unavailable`
 * answers an error, `long-<minutes>` answers that many minutes of silence (8 kHz, 8-bit: 480 KB a
 * minute), generated as it is read.
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
    if (url.pathname.includes('oversized')) return { kind: 'too_large' };
    const long = /long-(\d{1,3})/.exec(url.pathname);
    const samples = long ? Number(long[1]) * 60 * 8000 : 8000;
    if (44 + samples > limits.maxBytes) return { kind: 'too_large' };
    return { kind: 'ok', contentType: 'audio/wav', contentLength: 44 + samples, body: Readable.from(silentWavChunks(samples)) };
  }
}

/** The same WAV as silentWav, in 64 KiB chunks made as they are read (a long one is never held whole). */
function* silentWavChunks(samples: number): Generator<Buffer> {
  yield wavHeader(samples);
  const chunk = Buffer.alloc(64 * 1024, 128);
  for (let left = samples; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
}

/** A mono 8 kHz 8-bit PCM WAV of `samples` samples of silence (one second per 8000). */
export function silentWav(samples: number): Buffer {
  // 8-bit PCM is unsigned: 128 is silence.
  return Buffer.concat([wavHeader(samples), Buffer.alloc(samples, 128)]);
}

function wavHeader(samples: number): Buffer {
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
  return header;
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpRecordingSource } from '#shared/adapters/http/http-recording-source';
import type { RecordingFetch } from '#shared/ports/recording-source';

/**
 * The production adapter against a local HTTP server standing in for the provider's storage
 * (the https and allowed-host checks are the domain's, tested end to end in test/e2e/call-recording.test.ts).
 */
let server: Server;
let base: string;
let otherBase: string;

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/ok.wav': (_req, res) => {
    res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': '10' });
    res.end(Buffer.from('RIFF-small'));
  },
  '/declared-large.wav': (_req, res) => {
    res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(2_000) });
    res.end(Buffer.alloc(2_000));
  },
  '/chunked-large.wav': (_req, res) => {
    // No Content-Length: the cap is enforced while reading.
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'transfer-encoding': 'chunked' });
    for (let i = 0; i < 10; i++) res.write(Buffer.alloc(300));
    res.end();
  },
  '/same-host-redirect': (_req, res) => {
    res.writeHead(302, { location: '/ok.wav' });
    res.end();
  },
  '/other-host-redirect': (_req, res) => {
    res.writeHead(302, { location: `${otherBase}/ok.wav` });
    res.end();
  },
  '/loop': (_req, res) => {
    res.writeHead(302, { location: '/loop' });
    res.end();
  },
  '/error': (_req, res) => {
    res.writeHead(500);
    res.end('boom');
  },
  '/slow-body.wav': (_req, res) => {
    res.writeHead(200, { 'content-type': 'audio/wav' });
    res.write('RIFF');
    setTimeout(() => res.end(Buffer.alloc(100, 128)), 800).unref();
  },
  '/slow': (_req, res) => {
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.end('late');
    }, 2_000).unref();
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (route) route(req, res);
    else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  // Another host for the same server: a redirect there leaves the provider's host.
  otherBase = `http://localhost:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const source = new HttpRecordingSource();
const limits = { maxBytes: 1_000, timeoutMs: 500 };

/** The whole body of an ok answer, or the error that stopped it. */
async function read(answer: RecordingFetch): Promise<Buffer | Error> {
  if (answer.kind !== 'ok') throw new Error(`expected ok, got ${answer.kind}`);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of answer.body) chunks.push(Buffer.from(chunk as Uint8Array));
  } catch (error) {
    return error as Error;
  }
  return Buffer.concat(chunks);
}

describe('HttpRecordingSource', () => {
  it('answers the content type, the length and the bytes as a stream', async () => {
    const answer = await source.fetchRecording(new URL(`${base}/ok.wav`), limits);
    expect(answer).toMatchObject({ kind: 'ok', contentType: 'audio/wav', contentLength: 10 });
    expect(await read(answer)).toEqual(Buffer.from('RIFF-small'));
  });

  it('refuses a recording over the cap by its Content-Length, and fails the stream past the cap while reading', async () => {
    expect(await source.fetchRecording(new URL(`${base}/declared-large.wav`), limits)).toEqual({ kind: 'too_large' });
    const chunked = await source.fetchRecording(new URL(`${base}/chunked-large.wav`), limits);
    expect(chunked).toMatchObject({ kind: 'ok', contentLength: null });
    expect(await read(chunked)).toEqual(new Error('the recording is larger than 1000 bytes'));
  });

  it('bounds the wait for the answer, not the transfer: a body slower than the time-out still arrives whole', async () => {
    const answer = await source.fetchRecording(new URL(`${base}/slow-body.wav`), limits);
    expect(await read(answer)).toEqual(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(100, 128)]));
  });

  it('follows a redirect on the same host only, and a bounded number of them', async () => {
    expect((await source.fetchRecording(new URL(`${base}/same-host-redirect`), limits)).kind).toBe('ok');
    expect(await source.fetchRecording(new URL(`${base}/other-host-redirect`), limits)).toEqual({
      kind: 'failed',
      reason: 'the provider redirected to another host',
    });
    expect(await source.fetchRecording(new URL(`${base}/loop`), limits)).toEqual({
      kind: 'failed',
      reason: 'the provider redirected too many times',
    });
  });

  it('reports an error answer, a timeout and an unreachable host as failed', async () => {
    expect(await source.fetchRecording(new URL(`${base}/error`), limits)).toEqual({ kind: 'failed', reason: 'the provider answered 500' });
    expect(await source.fetchRecording(new URL(`${base}/slow`), limits)).toEqual({
      kind: 'failed',
      reason: 'the provider did not answer in time',
    });
    expect(await source.fetchRecording(new URL('http://127.0.0.1:9/x.wav'), limits)).toEqual({
      kind: 'failed',
      reason: 'the provider could not be reached',
    });
  });
});

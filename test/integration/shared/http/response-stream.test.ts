import { Readable } from 'node:stream';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { streamBody, streamingHandler } from '#shared/http/response-stream';
import { type LocalGateway, type ProxyHandler, startLocalGateway } from '../../../../local/gateway/server';

/**
 * Response streaming through the local gateway, with handlers of our own on the streamed route
 * (GET /api/calls/{callId}/recording, public): a success streams its bytes as they come, an error
 * before the first byte is answered whole, and a body that fails half-way ends short of its
 * announced length rather than being answered as complete.
 */
process.env.LOG_LEVEL = 'silent';

let gateway: LocalGateway;
let inner: (event: APIGatewayProxyEvent) => Promise<unknown>;

beforeAll(async () => {
  gateway = await startLocalGateway({
    port: 0,
    // Built after the gateway put the streaming runtime in place, as a handler module would be.
    loadHandler: () => streamingHandler(async (event) => inner(event)) as unknown as ProxyHandler,
  });
});
afterAll(() => gateway.stop());

const url = () => `${gateway.url}/api/calls/00000000-0000-4000-8000-000000000000/recording`;

function chunks(count: number, size: number, failAfter?: number): Readable {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < count; i++) {
        if (failAfter !== undefined && i === failAfter) throw new Error('the provider cut the transfer');
        yield Buffer.alloc(size, i % 256);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })(),
  );
}

describe('a streamed route through the local gateway', () => {
  it('answers the prelude status and headers, then every byte', async () => {
    inner = async (event) => {
      streamBody(event, chunks(50, 64 * 1024));
      return {
        statusCode: 200,
        headers: { 'content-type': 'audio/wav', 'content-length': String(50 * 64 * 1024) },
        body: '',
        isBase64Encoded: true,
      };
    };
    const response = await fetch(url());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('x-request-id')).toEqual(expect.any(String));
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(50 * 64 * 1024);
    expect(bytes[64 * 1024 * 49]).toBe(49);
  });

  it('answers an error raised before the first byte whole, in its own status and body', async () => {
    inner = async () => ({ statusCode: 409, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: 'conflict' }) });
    const response = await fetch(url());
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'conflict' });
  });

  it('ends a body that fails half-way short of its announced length: the client sees it incomplete', async () => {
    inner = async (event) => {
      streamBody(event, chunks(50, 64 * 1024, 10));
      return {
        statusCode: 200,
        headers: { 'content-type': 'audio/wav', 'content-length': String(50 * 64 * 1024) },
        body: '',
        isBase64Encoded: true,
      };
    };
    const response = await fetch(url());
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow();
  });

  it('answers 502 when the handler fails before writing anything', async () => {
    inner = async () => {
      throw new Error('boom');
    };
    expect((await fetch(url())).status).toBe(502);
  });
});

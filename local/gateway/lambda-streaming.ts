import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';

/**
 * The Lambda Node.js runtime's response-streaming API (the global `awslambda`), for the local
 * gateway: `streamifyResponse` marks a handler as streaming, `HttpResponseStream.from` gives the
 * status and headers (Lambda's prelude) before the first byte. The gateway hands a streaming
 * handler a LocalResponseStream that writes to the HTTP response as the handler writes, with
 * backpressure, as API Gateway's `responseTransferMode: STREAM` passes Lambda's stream through.
 */

const STREAMING = Symbol.for('local.lambda.streaming');

interface Prelude {
  readonly statusCode?: unknown;
  readonly headers?: unknown;
}

export class LocalResponseStream extends Writable {
  private prelude: { statusCode: number; headers: Record<string, string> } | null = null;

  constructor(
    private readonly res: ServerResponse,
    private readonly requestId: string,
  ) {
    super();
    // A client that goes away stops the handler's pipeline, as API Gateway closes Lambda's stream.
    res.once('close', () => {
      if (!res.writableFinished) this.destroy(new Error('the client closed the connection'));
    });
  }

  setPrelude(prelude: Prelude): void {
    const statusCode = prelude.statusCode ?? 200;
    if (typeof statusCode !== 'number' || !Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599) {
      throw new Error('the response prelude has no valid statusCode');
    }
    const headers: Record<string, string> = {};
    if (prelude.headers !== undefined && prelude.headers !== null) {
      if (typeof prelude.headers !== 'object') throw new Error('the response prelude headers are not an object');
      for (const [name, value] of Object.entries(prelude.headers)) headers[name] = String(value);
    }
    this.prelude = { statusCode, headers };
  }

  private sendHead(): void {
    if (this.res.headersSent) return;
    const { statusCode, headers } = this.prelude ?? { statusCode: 200, headers: {} };
    const names = new Set(Object.keys(headers).map((h) => h.toLowerCase()));
    this.res.writeHead(statusCode, {
      ...(names.has('x-request-id') ? {} : { 'x-request-id': this.requestId }),
      ...(names.has('content-type') ? {} : { 'content-type': 'application/octet-stream' }),
      ...headers,
    });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.sendHead();
    if (this.res.write(chunk)) done();
    else this.res.once('drain', () => done());
  }

  override _final(done: (error?: Error | null) => void): void {
    this.sendHead();
    this.res.end(() => done());
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    if (error && !this.res.writableFinished) this.res.destroy();
    done(error);
  }
}

/**
 * Puts the emulated streaming API on the global `awslambda` (once), before any streaming handler
 * module is loaded. The object may already exist: Powertools' invoke store keeps its own member there.
 */
export function installLambdaStreaming(): void {
  const global = globalThis as { awslambda?: Record<string, unknown> };
  global.awslambda ??= {};
  if (typeof global.awslambda.streamifyResponse === 'function') return;
  global.awslambda.streamifyResponse = <T extends object>(handler: T): T => {
    Object.defineProperty(handler, STREAMING, { value: true });
    return handler;
  };
  global.awslambda.HttpResponseStream = {
    from(stream: Writable, prelude: Prelude): Writable {
      if (!(stream instanceof LocalResponseStream)) throw new Error('HttpResponseStream.from needs the response stream the gateway gave');
      stream.setPrelude(prelude);
      return stream;
    },
  };
}

export function isStreamingHandler(handler: unknown): boolean {
  return typeof handler === 'function' && (handler as unknown as Record<symbol, unknown>)[STREAMING] === true;
}

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';

/**
 * The wire side of the operations the embedded DynamoDB answers itself rather than through
 * dynalite's own request handler (transactions, writes to tables with a stream, the Streams API):
 * which `X-Amz-Target`s are taken, how the JSON body is read, and how answers and errors go back,
 * in DynamoDB's JSON 1.0 protocol.
 */

/** An error as dynalite builds them: an HTTP status and the JSON body DynamoDB would answer. */
export interface DynaliteError extends Error {
  statusCode?: number;
  body?: Record<string, unknown>;
}

export type Callback<T> = (error: DynaliteError | null, result?: T) => void;

/** Answers one operation: the parsed request body in, the response body out (or a DynaliteError thrown). */
export type OperationHandler = (data: Record<string, unknown>) => Promise<unknown>;

/**
 * Puts `handlerFor` in front of the server's current request listeners: a request whose target it
 * answers is read and answered here; every other request goes to the listeners that were there
 * (unread), so interceptors stack.
 */
export function interceptTargets(server: Server, handlerFor: (target: string) => OperationHandler | undefined): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const target = req.headers['x-amz-target'];
    const handler = typeof target === 'string' ? handlerFor(target) : undefined;
    if (!handler) {
      for (const listener of listeners) listener.call(server, req, res);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let data: Record<string, unknown>;
      try {
        data = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error('not an object');
      } catch {
        send(res, 400, { __type: 'com.amazon.coral.service#SerializationException' });
        return;
      }
      // A handler that throws before its first await (a validation error) answers like one that rejects.
      Promise.resolve(data)
        .then(handler)
        .then(
          (body) => send(res, 200, body),
          (error: DynaliteError) => {
            if (error.statusCode && error.body) send(res, error.statusCode, error.body);
            else send(res, 500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: error.message });
          },
        );
    });
  });
}

function send(res: ServerResponse, statusCode: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(statusCode, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': Buffer.byteLength(text),
    'x-amz-crc32': String(crc32(text)),
    'x-amzn-requestid': Math.random().toString(36).slice(2).toUpperCase().padEnd(12, '0'),
  });
  res.end(text);
}

/** A 400 with the given `__type` (`com.amazonaws.dynamodb.v20120810#<name>` unless it names its own service). */
export function serviceError(type: string, message: string): DynaliteError {
  const __type = type.includes('#') ? type : `com.amazonaws.dynamodb.v20120810#${type}`;
  return Object.assign(new Error(message), { statusCode: 400, body: { __type, message } });
}

export function validationError(message: string): DynaliteError {
  return serviceError('com.amazon.coral.validate#ValidationException', message);
}

export function promisify<T>(fn: (cb: Callback<T>) => void): Promise<T> {
  return new Promise((resolve, reject) => fn((error, result) => (error ? reject(error) : resolve(result as T))));
}

import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context, StreamifyHandler } from 'aws-lambda';
import { log } from '#shared/logging/logger';

/**
 * Lambda response streaming for the routes whose row says `streamsResponse` (API Gateway's
 * `responseTransferMode: STREAM`): the answer is written to the response stream as it arrives
 * (up to 200 MB) instead of being returned whole (6 MB). The route's handler is still built by
 * createHttpHandler (validation, errors in the surface's shape, request id, logs); its success
 * hands the body over with `streamBody(event, body)` and answers an empty body, and the wrapper
 * writes the status and headers, then the body. Errors, answered before any byte, are written whole.
 */

type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<unknown>;

const bodies = new WeakMap<APIGatewayProxyEvent, Readable>();

/** Hands the body of a success to the streaming wrapper (keyed by the request's event). */
export function streamBody(event: APIGatewayProxyEvent, body: Readable): void {
  bodies.set(event, body);
}

/**
 * Wraps a proxy handler for streaming, with the Lambda runtime's global `awslambda` (the local
 * gateway installs its own, local/gateway/lambda-streaming.ts, before it loads a handler).
 */
export function streamingHandler(inner: ProxyHandler): StreamifyHandler<APIGatewayProxyEvent, void> {
  // Powertools keeps a member of its own on the global, so its presence alone says nothing.
  if (typeof awslambda === 'undefined' || typeof awslambda.streamifyResponse !== 'function') {
    throw new Error(
      'the Lambda streaming runtime (global awslambda) is missing: streaming handlers run in Lambda or behind the local gateway',
    );
  }
  return awslambda.streamifyResponse(async (event: APIGatewayProxyEvent, responseStream, context) => {
    const result = (await inner(event, context)) as APIGatewayProxyResult;
    const body = bodies.get(event);
    bodies.delete(event);
    const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]));
    const out = awslambda.HttpResponseStream.from(responseStream, { statusCode: result.statusCode, headers });
    if (body && result.statusCode < 300) {
      try {
        await pipeline(body, out);
      } catch (error) {
        // Bytes were sent: the status cannot change; the client sees a body shorter than its Content-Length.
        log('warn', 'streamed response failed', {
          resource: event.resource,
          error: error instanceof Error ? error.message : String(error),
        });
      }
      return;
    }
    body?.destroy();
    const payload = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : Buffer.from(result.body ?? '');
    await pipeline(Readable.from([payload]), out);
  });
}

import type { HttpMiddleware } from './route-request';

/**
 * Before anything reads the body: a body API Gateway handed over base64-encoded becomes its text.
 * The read API lists every media type as binary (so recordings stream out as bytes), and API
 * Gateway then encodes request bodies too (the widget's POSTs); the other APIs send text as is.
 */
export function requestBody(): HttpMiddleware {
  return {
    name: 'request-body',
    before: (request) => {
      const { body, isBase64Encoded } = request.event;
      if (!isBase64Encoded || typeof body !== 'string') return;
      request.event = { ...request.event, body: Buffer.from(body, 'base64').toString('utf8'), isBase64Encoded: false };
    },
  };
}

import type { Context } from 'aws-lambda';
import { requestBody } from '#shared/http/middleware/request-body';
import type { HttpRequest } from '#shared/http/middleware/route-request';
import { proxyEvent } from '../../../../support/api-gateway-event';

function requestOf(body: string | null, isBase64Encoded: boolean): HttpRequest {
  return { event: proxyEvent({ body, isBase64Encoded }), context: {} as Context, response: null, error: null, internal: {} };
}

describe('request body middleware', () => {
  const decodeBody = requestBody().before;

  it('turns a base64-encoded body into its text, no longer marked encoded', async () => {
    const request = requestOf(Buffer.from('{"a":"é"}').toString('base64'), true);
    await decodeBody?.(request);
    expect(request.event.body).toBe('{"a":"é"}');
    expect(request.event.isBase64Encoded).toBe(false);
  });

  it('leaves a text body, and an encoded request without a body, as they are', async () => {
    const text = requestOf('{"a":1}', false);
    await decodeBody?.(text);
    expect(text.event.body).toBe('{"a":1}');
    const empty = requestOf(null, true);
    await decodeBody?.(empty);
    expect(empty.event).toMatchObject({ body: null, isBase64Encoded: true });
  });
});

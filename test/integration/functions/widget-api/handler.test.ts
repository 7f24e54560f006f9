import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { proxyEvent } from '../../../support/api-gateway-event';
import { startEmulator } from '../../../support/emulator';

let dynamo: LocalDynamo;
let handler: (event: APIGatewayProxyEvent, context: Context) => Promise<unknown>;

beforeAll(async () => {
  dynamo = await startEmulator();
  ({ handler } = await import('../../../../functions/widget-api/handler'));
});
afterAll(() => dynamo.stop());

/**
 * The read API lists every media type as binary, so API Gateway hands the widget's POST bodies over
 * base64-encoded: the function reads them as the JSON they are (here the request then stops at
 * its missing token, before any table is read).
 */
describe('widget-api handler', () => {
  const step = (body: string, isBase64Encoded: boolean) =>
    handler(
      proxyEvent({
        resource: '/widget/api/session/events',
        path: '/widget/api/session/events',
        httpMethod: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        isBase64Encoded,
      }),
      {} as Context,
    ) as Promise<{ statusCode: number; body: string }>;

  it('decodes a base64-encoded JSON body before reading it', async () => {
    const json = JSON.stringify({ event_type: 'booking_started' });
    const answer = await step(Buffer.from(json).toString('base64'), true);
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body).message).toContain('x-widget-token');
    const plain = await step(json, false);
    expect(JSON.parse(plain.body).message).toContain('x-widget-token');
  });

  it('serves only its own rows of the route table: another resource is an error, not another route', async () => {
    const event = proxyEvent({ resource: '/widget/api/unknown', path: '/widget/api/unknown', httpMethod: 'GET' });
    await expect(handler(event, {} as Context)).rejects.toThrow('widget-api serves no route GET /widget/api/unknown');
    const wrongMethod = proxyEvent({ resource: '/widget/api/session', path: '/widget/api/session', httpMethod: 'DELETE' });
    await expect(handler(wrongMethod, {} as Context)).rejects.toThrow('serves no route DELETE');
  });
});

import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { proxyEvent } from '../../../support/api-gateway-event';
import { startEmulator } from '../../../support/emulator';

let dynamo: LocalDynamo;
let handler: (event: APIGatewayProxyEvent, context: Context) => Promise<unknown>;

beforeAll(async () => {
  dynamo = await startEmulator();
  ({ handler } = await import('../../../../functions/manage-appointment/handler'));
});
afterAll(() => dynamo.stop());

/**
 * The read API lists every media type as binary, so API Gateway hands the manage link's POST bodies
 * over base64-encoded: the function reads them as the JSON they are (here the request then stops
 * at its unknown link, a 404, where an unread body would have been a 400).
 */
describe('manage-appointment handler', () => {
  const token = `ses_unknown.${'A'.repeat(43)}`;
  const reschedule = (body: string, isBase64Encoded: boolean) =>
    handler(
      proxyEvent({
        resource: '/widget/api/appointments/{manageToken}/reschedule',
        path: `/widget/api/appointments/${token}/reschedule`,
        httpMethod: 'POST',
        pathParameters: { manageToken: token },
        headers: { 'content-type': 'application/json' },
        body,
        isBase64Encoded,
      }),
      {} as Context,
    ) as Promise<{ statusCode: number; body: string }>;

  it('decodes a base64-encoded JSON body before reading it', async () => {
    const json = JSON.stringify({ date: '2026-12-01', time: '09:00' });
    expect((await reschedule(Buffer.from(json).toString('base64'), true)).statusCode).toBe(404);
    expect((await reschedule(json, false)).statusCode).toBe(404);
  });
});

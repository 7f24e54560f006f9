import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import * as z from 'zod';
import { encodeIdentity } from '../../shared/auth/identity';
import { BadRequestError, ForbiddenError } from '../../shared/errors';
import { createHttpHandler } from '../../shared/http/handler';
import { proxyEvent } from '../support/api-gateway-event';
import { identity } from '../support/factories';

process.env.LOG_LEVEL = 'silent';

function event(overrides: Partial<APIGatewayProxyEvent> = {}): APIGatewayProxyEvent {
  return proxyEvent({ authorizer: encodeIdentity(identity()), ...overrides });
}

const context = {} as Context;

describe('createHttpHandler', () => {
  it('answers JSON with the request id header', async () => {
    const handler = createHttpHandler({ surface: 'read' }, async ({ identity: who }) => ({ statusCode: 200, body: { key: who.keyId } }));
    const response = await handler(event(), context);
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['x-request-id']).toBe('req-1');
    expect(JSON.parse(response.body)).toEqual({ key: 'key_test' });
  });

  it('answers a validation failure with a 400 naming the field', async () => {
    const handler = createHttpHandler(
      { surface: 'read', query: z.object({ limit: z.string().regex(/^\d+$/, { error: 'must be an integer' }) }) },
      async () => ({
        statusCode: 200,
        body: {},
      }),
    );
    const response = await handler(event({ queryStringParameters: { limit: 'x' } }), context);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ error: 'invalid_request', message: 'limit: must be an integer', field: 'limit' });
  });

  it('maps typed domain errors to their status and the surface error shape', async () => {
    const read = createHttpHandler({ surface: 'read' }, async () => {
      throw new ForbiddenError('no');
    });
    const intake = createHttpHandler({ surface: 'intake' }, async () => {
      throw new BadRequestError('phone_number: required', 'phone_number');
    });
    const readResponse = await read(event(), context);
    expect(readResponse.statusCode).toBe(403);
    expect(JSON.parse(readResponse.body)).toMatchObject({ error: 'forbidden', message: 'no' });
    const intakeResponse = await intake(event(), context);
    expect(intakeResponse.statusCode).toBe(400);
    expect(JSON.parse(intakeResponse.body)).toMatchObject({ success: false, error: 'phone_number: required', request_id: 'req-1' });
  });

  it('hides unexpected errors behind a generic 500 without internals', async () => {
    const handler = createHttpHandler({ surface: 'read' }, async () => {
      throw new Error('ECONNREFUSED 10.0.0.1 secret table name');
    });
    const response = await handler(event(), context);
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/ECONNREFUSED|secret/);
    expect(JSON.parse(response.body)).toEqual({ error: 'internal_error', message: 'Internal server error', request_id: 'req-1' });
  });

  it('refuses to return a body that would not fit in the 6 MB Lambda response, measured as the proxy payload embeds it', async () => {
    // 2.6 MB of quotes: 5.2 MB of JSON text once each quote is escaped, over 6 MB once the body is embedded as a string.
    const quotes = '"'.repeat(2_600_000);
    const handler = createHttpHandler({ surface: 'platform' }, async () => ({ statusCode: 200, body: { text: quotes } }));
    const fits = createHttpHandler({ surface: 'platform' }, async () => ({ statusCode: 200, body: { text: 'a'.repeat(5_000_000) } }));

    const response = await handler(event(), context);
    const small = await fits(event(), context);

    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, error: 'response_too_large', request_id: 'req-1' });
    expect(small.statusCode).toBe(200);
  });
});

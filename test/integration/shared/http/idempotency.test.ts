import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import fc from 'fast-check';
import * as z from 'zod';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { encodeIdentity } from '#shared/auth/identity';
import { defineContract } from '#shared/contracts/contract';
import { idempotencyKeyHeader } from '#shared/contracts/headers';
import { ServiceUnavailableError } from '#shared/errors';
import { createHttpHandler, type HttpResult } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';
import { MAX_STORED_RESPONSE_BYTES } from '#shared/http/idempotency-key';
import { ROUTES } from '#shared/routes';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { proxyEvent } from '../../../support/api-gateway-event';
import { startEmulator } from '../../../support/emulator';
import { identity } from '../../../support/factories';

/**
 * The Idempotency-Key mechanism of the handler factory on the embedded DynamoDB, with a handler
 * that counts its executions (the end-to-end tests drive the real routes through the gateway).
 */

let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startEmulator();
});
afterAll(() => dynamo.stop());
afterEach(() => jest.restoreAllMocks());

const context = { getRemainingTimeInMillis: () => 10_000 } as Context;
let keyCounter = 0;
const freshKey = () => `key-${++keyCounter}-${Math.random().toString(36).slice(2)}`;

/**
 * A platform POST (the factory takes the surface from the row of the route id) with a path
 * parameter and a body, answering whatever the test's handler answers.
 */
const thingContract = defineContract(ROUTES, {
  routeId: 'receiveInboundSms',
  path: z.object({ thingId: z.string() }).partial(),
  headers: z.object(idempotencyKeyHeader),
  body: { schema: z.record(z.string(), z.unknown()), maxBytes: 1024 * 1024 },
  responses: { 200: () => z.unknown(), 201: () => z.unknown(), 202: () => z.unknown() },
});

/** A POST route whose handler counts executions and answers what `answer` says. */
function route(
  answer: (body: Record<string, unknown>, n: number) => Promise<HttpResult> = async (_b, n) => ({ statusCode: 201, body: { n } }),
) {
  let executions = 0;
  const handler = createHttpHandler(thingContract, async ({ body }) => answer(body, ++executions), { idempotency: idempotencyKeys() });
  return {
    get executions() {
      return executions;
    },
    call: (
      options: { key?: string; body?: unknown; apiKeyId?: string; headers?: Record<string, string> } & Omit<
        Partial<APIGatewayProxyEvent>,
        'body' | 'headers'
      > = {},
    ) => {
      const { key, body = { name: 'a' }, apiKeyId = 'key_a', headers = {}, ...rest } = options;
      return handler(
        proxyEvent({
          httpMethod: 'POST',
          resource: '/v1/things',
          path: '/v1/things',
          headers: { 'Content-Type': 'application/json', ...(key === undefined ? {} : { 'Idempotency-Key': key }), ...headers },
          body: JSON.stringify(body),
          authorizer: encodeIdentity(identity({ keyId: apiKeyId })),
          ...rest,
        }),
        context,
      ) as Promise<APIGatewayProxyResult>;
    },
  };
}

/** Resolves once one more request holds an in-progress claim than when it was called. */
async function claims(): Promise<void> {
  const inProgress = async () => (await records()).filter((item) => item.status === 'INPROGRESS').length;
  const baseline = await inProgress();
  while ((await inProgress()) <= baseline) await new Promise((resolve) => setImmediate(resolve));
}

const json = (response: APIGatewayProxyResult) => JSON.parse(response.body) as Record<string, unknown>;

async function records(): Promise<Record<string, unknown>[]> {
  const result = await getDocumentClient().send(new ScanCommand({ TableName: physicalTableName('idempotency') }));
  return result.Items ?? [];
}

describe('Idempotency-Key in the handler factory', () => {
  it('runs a repeated key once and replays status, body and handler headers, marked Idempotent-Replayed', async () => {
    const r = route(async (_b, n) => ({
      statusCode: 201,
      body: { n, nested: { list: [1, 'x', null] } },
      headers: { location: `/v1/things/${n}` },
    }));
    const key = freshKey();
    const first = await r.call({ key });
    const second = await r.call({ key });

    expect(r.executions).toBe(1);
    expect(first.statusCode).toBe(201);
    expect(first.headers?.['idempotent-replayed']).toBeUndefined();
    expect(second).toMatchObject({ statusCode: 201, body: first.body });
    expect(second.headers).toMatchObject({ 'idempotent-replayed': 'true', location: '/v1/things/1', 'content-type': 'application/json' });
  });

  it('replays a body answered as JSON text as the value the text held, not as a string', async () => {
    const r = route(async (_b, n) => ({ statusCode: 201, body: `{"n":${n},"list":[1,"x",null]}`, isJsonText: true }));
    const key = freshKey();
    const first = await r.call({ key });
    const second = await r.call({ key });
    expect(r.executions).toBe(1);
    expect(json(first)).toEqual({ n: 1, list: [1, 'x', null] });
    expect(json(second)).toEqual(json(first));
  });

  it('treats member order and whitespace of the body as the same request', async () => {
    const r = route();
    const key = freshKey();
    await r.call({ key, body: { a: 1, b: { c: 2, d: 3 } } });
    const reordered = await r.call({ key, body: { b: { d: 3, c: 2 }, a: 1 } });
    expect(reordered.headers?.['idempotent-replayed']).toBe('true');
    expect(r.executions).toBe(1);
  });

  it.each([
    ['the body', { body: { name: 'b' } }],
    ['a path parameter', { pathParameters: { thingId: 'other' } }],
    ['a query parameter', { queryStringParameters: { test_mode: 'true' } }],
    ['X-Workspace-ID', { headers: { 'X-Workspace-ID': 'ws_other' } }],
    ['x-preflight', { headers: { 'x-preflight': 'true' } }],
  ])('answers 422 naming Idempotency-Key when %s differs, and runs nothing', async (_what, change) => {
    const r = route();
    const key = freshKey();
    await r.call({ key });
    const reused = await r.call({ key, ...change });

    expect(reused.statusCode).toBe(422);
    expect(json(reused)).toMatchObject({ success: false, error: 'idempotency_key_reused', field: 'Idempotency-Key' });
    expect(String(json(reused).message)).toMatch(/^Idempotency-Key: /);
    expect(r.executions).toBe(1);
  });

  it('ignores headers that do not change the request (user agent, tracing)', async () => {
    const r = route();
    const key = freshKey();
    await r.call({ key, headers: { 'User-Agent': 'a', 'X-Amzn-Trace-Id': 'Root=1' } });
    const retry = await r.call({ key, headers: { 'User-Agent': 'b', 'X-Amzn-Trace-Id': 'Root=2' } });
    expect(retry.headers?.['idempotent-replayed']).toBe('true');
  });

  it('answers 409 naming Idempotency-Key while the first request with the key is running, then replays it', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const r = route(async (_b, n) => {
      await gate;
      return { statusCode: 202, body: { n } };
    });
    const key = freshKey();
    const claimed = claims();
    const first = r.call({ key });
    await claimed;
    const concurrent = await r.call({ key });
    release();

    expect(concurrent.statusCode).toBe(409);
    expect(json(concurrent)).toMatchObject({ error: 'idempotency_key_in_use', field: 'Idempotency-Key' });
    expect((await first).statusCode).toBe(202);
    expect((await r.call({ key })).headers?.['idempotent-replayed']).toBe('true');
    expect(r.executions).toBe(1);
  });

  it('lets a claim lapse once the first request would have timed out (a crashed attempt does not block the key)', async () => {
    const r = route(async (_b, n) => {
      if (n === 1) await new Promise(() => undefined);
      return { statusCode: 201, body: { n } };
    });
    const key = freshKey();
    const claimed = claims();
    void r.call({ key });
    await claimed;
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 11_000);

    const retry = await r.call({ key });
    expect(retry.statusCode).toBe(201);
    expect(json(retry)).toEqual({ n: 2 });
  });

  it('stores the answer for 24 hours and runs the request again after that', async () => {
    const r = route();
    const key = freshKey();
    const before = Math.floor(Date.now() / 1000);
    await r.call({ key });
    const stored = (await records()).filter((item) => item.status === 'COMPLETED').map((item) => Number(item.expiration));
    expect(stored.some((expiration) => expiration >= before + 86_400 && expiration <= before + 86_400 + 60)).toBe(true);

    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 86_401_000);
    const later = await r.call({ key });
    expect(later.headers?.['idempotent-replayed']).toBeUndefined();
    expect(json(later)).toEqual({ n: 2 });
  });

  it('keys records by API key and route: neither replays the other', async () => {
    const r = route();
    const key = freshKey();
    await r.call({ key, apiKeyId: 'key_a' });
    const otherApiKey = await r.call({ key, apiKeyId: 'key_b' });
    const otherRoute = await r.call({ key, resource: '/v1/other-things' });

    expect([otherApiKey, otherRoute].map((response) => response.headers?.['idempotent-replayed'])).toEqual([undefined, undefined]);
    expect(r.executions).toBe(3);
  });

  it('does not store a thrown error (4xx or 5xx) or a non-2xx answer: the retry runs again', async () => {
    const outcomes: (() => HttpResult)[] = [
      () => {
        throw new ServiceUnavailableError('queue down');
      },
      () => ({ statusCode: 404, body: { gone: true } }),
      () => ({ statusCode: 201, body: { ok: true } }),
    ];
    const r = route(async (_b, n) => (outcomes[n - 1] as () => HttpResult)());
    const key = freshKey();

    expect((await r.call({ key })).statusCode).toBe(503);
    expect((await r.call({ key })).statusCode).toBe(404);
    const created = await r.call({ key });
    expect(created.statusCode).toBe(201);
    expect(created.headers?.['idempotent-replayed']).toBeUndefined();
    expect((await r.call({ key })).headers?.['idempotent-replayed']).toBe('true');
    expect(r.executions).toBe(3);
  });

  it('does not store an answer too large for one item (it is answered, and a retry runs again)', async () => {
    const r = route(async (_b, n) => ({ statusCode: 200, body: { n, filler: 'x'.repeat(MAX_STORED_RESPONSE_BYTES) } }));
    const key = freshKey();
    expect((await r.call({ key })).statusCode).toBe(200);
    const again = await r.call({ key });
    expect(again.headers?.['idempotent-replayed']).toBeUndefined();
    expect(r.executions).toBe(2);
  });

  it('answers exactly as before without the header', async () => {
    const r = route();
    const first = await r.call();
    const second = await r.call();
    expect([json(first), json(second)]).toEqual([{ n: 1 }, { n: 2 }]);
    expect(second.headers?.['idempotent-replayed']).toBeUndefined();
  });

  it('answers 503 and runs nothing when the idempotency table cannot be reached', async () => {
    let executions = 0;
    const intakeContract = defineContract(ROUTES, {
      routeId: 'ingestLead',
      headers: z.object(idempotencyKeyHeader),
      responses: { 201: () => z.unknown() },
    });
    const handler = createHttpHandler(intakeContract, async () => ({ statusCode: 201, body: { n: ++executions } }), {
      idempotency: idempotencyKeys({ tableName: 'no-such-table' }),
    });
    const response = (await handler(
      proxyEvent({ httpMethod: 'POST', headers: { 'Idempotency-Key': freshKey() }, authorizer: encodeIdentity(identity()) }),
      context,
    )) as APIGatewayProxyResult;
    expect(response.statusCode).toBe(503);
    expect(json(response)).toMatchObject({ success: false, code: 'service_unavailable' });
    expect(executions).toBe(0);
  });

  it('accepts any key of 1 to 255 characters that is not blank, and refuses others with a 400 naming Idempotency-Key', async () => {
    const r = route();
    const headerChars = fc.constantFrom(...'abcXYZ0189-_.:/+= "~'.split(''));
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: headerChars, minLength: 0, maxLength: 300 }), async (key) => {
        const response = await r.call({ key });
        const valid = key.trim() !== '' && key.length <= 255;
        if (valid) {
          expect(response.statusCode).toBe(201);
        } else {
          expect(response.statusCode).toBe(400);
          expect(json(response)).toMatchObject({ error: 'invalid_request', field: 'Idempotency-Key' });
        }
      }),
      { numRuns: 60 },
    );
  });
});

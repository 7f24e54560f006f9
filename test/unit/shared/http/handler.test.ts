import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import * as z from 'zod';
import { encodeIdentity } from '#shared/auth/identity';
import { defineContract, onFirstRequest } from '#shared/contracts/contract';
import { workspaceHeader } from '#shared/contracts/headers';
import type { RateLimitDecision, WindowState } from '#shared/domain/rate-limit';
import { BadRequestError, ForbiddenError } from '#shared/errors';
import { createHttpHandler } from '#shared/http/handler';
import { ROUTES } from '#shared/routes';
import { proxyEvent } from '../../../support/api-gateway-event';
import { identity } from '../../../support/factories';

process.env.LOG_LEVEL = 'silent';

function event(overrides: Partial<APIGatewayProxyEvent> = {}): APIGatewayProxyEvent {
  return proxyEvent({ authorizer: encodeIdentity(identity()), ...overrides });
}

const context = {} as Context;

/** Contracts of real route ids (the factory takes the surface from the row), with test schemas. */
const readRoute = defineContract(ROUTES, { routeId: 'listTeams', responses: { 200: () => z.unknown() } });
const intakeRoute = defineContract(ROUTES, { routeId: 'ingestLead', responses: { 201: () => z.unknown() } });
const platformRoute = defineContract(ROUTES, { routeId: 'getSmsCampaign', responses: { 200: () => z.unknown() } });

describe('createHttpHandler', () => {
  it('answers JSON with the request id header', async () => {
    const handler = createHttpHandler(readRoute, async ({ identity: who }) => ({ statusCode: 200, body: { key: who.keyId } }));
    const response = await handler(event(), context);
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['x-request-id']).toBe('req-1');
    expect(JSON.parse(response.body)).toEqual({ key: 'key_test' });
  });

  it('answers every JSON body, success, refusal or failure, with no-store and nosniff', async () => {
    const ok = createHttpHandler(readRoute, async () => ({ statusCode: 200, body: { name: 'Ann' } }));
    const refused = createHttpHandler(readRoute, async () => {
      throw new ForbiddenError('no');
    });
    const failed = createHttpHandler(readRoute, async () => {
      throw new Error('boom');
    });

    for (const response of [await ok(event(), context), await refused(event(), context), await failed(event(), context)]) {
      expect(response.headers).toMatchObject({
        'content-type': 'application/json',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
    }
  });

  it('reads headers named __proto__, constructor and toString as headers like any other', async () => {
    const handler = createHttpHandler(readRoute, async ({ rawHeaders }) => ({
      statusCode: 200,
      body: { headers: Object.entries(rawHeaders) },
    }));
    const headers = JSON.parse('{"__proto__":"a","Constructor":"b","toString":"c"}') as Record<string, string>;

    const response = await handler(event({ headers }), context);

    expect(JSON.parse(response.body).headers).toEqual([
      ['__proto__', 'a'],
      ['constructor', 'b'],
      ['tostring', 'c'],
    ]);
  });

  it('answers a validation failure with a 400 naming the field', async () => {
    const handler = createHttpHandler(
      { ...readRoute, query: z.object({ limit: z.string().regex(/^\d+$/, { error: 'must be an integer' }) }) },
      async () => ({
        statusCode: 200,
        body: {},
      }),
    );
    const response = await handler(event({ queryStringParameters: { limit: 'x' } }), context);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ error: 'invalid_request', message: 'limit: must be an integer', field: 'limit' });
  });

  it('builds the inputs a route declares on first request when its first request comes, and only once', async () => {
    const built: string[] = [];
    const route = {
      ...readRoute,
      path: onFirstRequest(() => {
        built.push('path');
        return z.object({ id: z.string() });
      }),
      query: onFirstRequest(() => {
        built.push('query');
        return z.object({ limit: z.string().optional() });
      }),
    };
    const handler = createHttpHandler(route, async ({ path, query }) => ({ statusCode: 200, body: { id: path.id, limit: query.limit } }));
    expect(built).toEqual([]);

    const first = await handler(event({ pathParameters: { id: 'a' }, queryStringParameters: { limit: '5' } }), context);
    const second = await handler(event({ pathParameters: { id: 'b' } }), context);

    expect(built).toEqual(['query', 'path']);
    expect([JSON.parse(first.body), JSON.parse(second.body)]).toEqual([{ id: 'a', limit: '5' }, { id: 'b' }]);
  });

  it('answers a bad input to a route whose inputs are built on first request with a 400 naming the field, every time', async () => {
    const route = {
      ...readRoute,
      query: onFirstRequest(() => z.object({ limit: z.string().regex(/^\d+$/, { error: 'must be an integer' }) })),
      body: { schema: onFirstRequest(() => z.object({ name: z.string({ error: 'is required' }) })), maxBytes: 64 },
    };
    let runs = 0;
    const handler = createHttpHandler(route, async () => {
      runs += 1;
      return { statusCode: 200, body: {} };
    });
    const post = (query: Record<string, string>, body: string) =>
      handler(event({ httpMethod: 'POST', headers: { 'Content-Type': 'application/json' }, queryStringParameters: query, body }), context);

    const badQuery = await post({ limit: 'x' }, '{"name":"a"}');
    const badBody = await post({ limit: '5' }, '{}');
    const again = await post({ limit: 'y' }, '{"name":"a"}');

    expect([badQuery, badBody, again].map((r) => [r.statusCode, JSON.parse(r.body).field, JSON.parse(r.body).message])).toEqual([
      [400, 'limit', 'limit: must be an integer'],
      [400, 'name', 'name: is required'],
      [400, 'limit', 'limit: must be an integer'],
    ]);
    expect(runs).toBe(0);
  });

  it('maps typed domain errors to their status and the surface error shape', async () => {
    const read = createHttpHandler(readRoute, async () => {
      throw new ForbiddenError('no');
    });
    const intake = createHttpHandler(intakeRoute, async () => {
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
    const handler = createHttpHandler(readRoute, async () => {
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
    const handler = createHttpHandler(platformRoute, async () => ({ statusCode: 200, body: { text: quotes } }));
    const fits = createHttpHandler(platformRoute, async () => ({ statusCode: 200, body: { text: 'a'.repeat(5_000_000) } }));

    const response = await handler(event(), context);
    const small = await fits(event(), context);

    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, error: 'response_too_large', request_id: 'req-1' });
    expect(small.statusCode).toBe(200);
  });
});

describe('createHttpHandler validates every input of the contract before the handler runs', () => {
  const contract = defineContract(ROUTES, {
    routeId: 'getSmsCampaign',
    path: z.object({ campaignId: z.string().max(5) }),
    headers: z.object(workspaceHeader),
    body: { schema: z.object({ name: z.string({ error: 'is required' }) }), maxBytes: 64 },
    responses: { 200: () => z.strictObject({ name: z.string(), workspace: z.string(), route: z.string() }) },
  });
  let runs = 0;
  const handler = createHttpHandler(contract, async ({ body, headers, routeId }) => {
    runs += 1;
    return { statusCode: 200, body: { name: body.name, workspace: headers['x-workspace-id'], route: routeId } };
  });
  const post = (overrides: Partial<APIGatewayProxyEvent>) =>
    handler(
      event({
        httpMethod: 'POST',
        pathParameters: { campaignId: 'c1' },
        headers: { 'Content-Type': 'application/json', 'X-Workspace-ID': ' ws_1 ' },
        body: '{"name":"a"}',
        ...overrides,
      }),
      context,
    );

  beforeEach(() => {
    runs = 0;
  });

  it('hands the handler typed input: headers by their declared names, trimmed; the route id from the row', async () => {
    const response = await post({});
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ name: 'a', workspace: 'ws_1', route: 'getSmsCampaign' });
  });

  it.each([
    ['a path parameter', { pathParameters: { campaignId: 'toolong' } }, 400, 'campaignId'],
    ['a missing header, in its own words', { headers: { 'Content-Type': 'application/json' } }, 400, 'x-workspace-id'],
    ['a body over the limit', { body: JSON.stringify({ name: 'x'.repeat(100) }) }, 413, undefined],
    ['a body that is not JSON', { body: '{"name":' }, 400, undefined],
    ['a body the schema refuses', { body: '{}' }, 400, 'name'],
  ])('refuses %s without running the handler', async (_what, overrides, status, field) => {
    const response = await post(overrides);
    expect(response.statusCode).toBe(status);
    if (field !== undefined) expect(JSON.parse(response.body)).toMatchObject({ success: false, field });
    expect(runs).toBe(0);
  });

  it('words a missing workspace as before the contracts: X-Workspace-ID header is required', async () => {
    const response = await post({ headers: { 'Content-Type': 'application/json' } });
    expect(JSON.parse(response.body)).toMatchObject({
      message: 'X-Workspace-ID header is required: it names the team (workspace) the request is for',
    });
  });
});

describe('createHttpHandler under test checks success bodies against the contract', () => {
  const contract = defineContract(ROUTES, { routeId: 'listTeams', responses: { 200: () => z.strictObject({ ok: z.boolean() }) } });
  afterEach(() => jest.restoreAllMocks());

  it('fails a request whose body has a field the contract does not document, and says why', async () => {
    const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = createHttpHandler(contract, async () => ({ statusCode: 200, body: { ok: true, extra: 1 } }));
    expect((await handler(event(), context)).statusCode).toBe(500);
    expect(printed).toHaveBeenCalledWith(expect.stringMatching(/listTeams answered a 200 body its contract refuses: .*"extra"/));
  });

  it('fails a request answered with a success status the contract does not list', async () => {
    const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = createHttpHandler(contract, async () => ({ statusCode: 201, body: { ok: true } }));
    expect((await handler(event(), context)).statusCode).toBe(500);
    expect(printed).toHaveBeenCalledWith(expect.stringMatching(/listTeams answered 201, a status its contract does not list/));
  });

  it('checks the body as the client gets it (JSON), and leaves error answers alone', async () => {
    const dropped = createHttpHandler(contract, async () => ({ statusCode: 200, body: { ok: true, gone: undefined } }));
    const error = createHttpHandler(contract, async () => ({ statusCode: 404, body: { anything: 'goes' } }));
    expect((await dropped(event(), context)).statusCode).toBe(200);
    expect((await error(event(), context)).statusCode).toBe(404);
  });
});

describe('createHttpHandler: rate limits, expiry and field groups', () => {
  const decision = (admitted: boolean): RateLimitDecision => {
    const key: WindowState = {
      scope: 'key',
      limit: 5,
      used: admitted ? 2 : 5,
      remaining: admitted ? 3 : 0,
      reset: 1_900_000_060,
      admitted,
    };
    const workspace: WindowState = { scope: 'workspace', limit: 100, used: 2, remaining: 98, reset: 1_900_003_600, admitted: true };
    return { admitted, binding: key, windows: [key, workspace], retryAfter: admitted ? 0 : 42 };
  };
  const limiter = (admitted: boolean) => {
    const seen: { surface: string; workspaceId: string | undefined }[] = [];
    return {
      seen,
      check: async (request: { surface: string; workspaceId: string | undefined }) => {
        seen.push({ surface: request.surface, workspaceId: request.workspaceId });
        return decision(admitted);
      },
    };
  };

  it('puts the tighter window in X-RateLimit-* on successes and errors', async () => {
    const ok = createHttpHandler(readRoute, async () => ({ statusCode: 200, body: {} }), { rateLimiter: limiter(true) });
    const failing = createHttpHandler(readRoute, async () => Promise.reject(new ForbiddenError('no')), { rateLimiter: limiter(true) });
    for (const response of [await ok(event(), context), await failing(event(), context)]) {
      expect(response.headers).toMatchObject({ 'X-RateLimit-Limit': '5', 'X-RateLimit-Remaining': '3', 'X-RateLimit-Reset': '1900000060' });
      expect(response.headers?.['Retry-After']).toBeUndefined();
    }
  });

  it('answers 429 in each surface’s error body with Retry-After, without running the handler or reading the input', async () => {
    let ran = 0;
    const handle = async () => {
      ran++;
      return { statusCode: 200, body: {} };
    };
    const platform = limiter(false);
    const read = await createHttpHandler(readRoute, handle, { rateLimiter: limiter(false) })(event(), context);
    const intake = await createHttpHandler(intakeRoute, handle, { rateLimiter: limiter(false) })(event({ body: '{not json' }), context);
    const plat = await createHttpHandler(platformRoute, handle, { rateLimiter: platform })(
      event({ headers: { 'X-Workspace-Id': ' ws_1 ' } }),
      context,
    );
    expect(ran).toBe(0);
    expect(read.statusCode).toBe(429);
    expect(JSON.parse(read.body)).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(/5 requests per minute/),
      request_id: 'req-1',
    });
    expect(read.headers).toMatchObject({ 'Retry-After': '42', 'X-RateLimit-Remaining': '0' });
    expect(intake.statusCode).toBe(429);
    expect(JSON.parse(intake.body)).toMatchObject({ success: false, code: 'rate_limited', request_id: 'req-1' });
    expect(JSON.parse(plat.body)).toMatchObject({ success: false, error: 'rate_limited' });
    expect(platform.seen).toEqual([{ surface: 'platform', workspaceId: 'ws_1' }]);
  });

  it('refuses an expired key with 401 even when its policy was cached', async () => {
    const handler = createHttpHandler(readRoute, async () => ({ statusCode: 200, body: {} }), { rateLimiter: null });
    const expired = proxyEvent({ authorizer: encodeIdentity(identity({ expiresAt: '2020-01-01T00:00:00.000Z' })) });
    const response = await handler(expired, context);
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body)).toMatchObject({ error: 'unauthorized', message: 'Missing or invalid API key' });
  });

  it('leaves out the fields of groups the key lacks, and nothing for a key without an allow-list', async () => {
    const body = { data: [{ id: 1, customer: { name: 'Ann', phone: '+14155550100' }, summary: 'called back' }] };
    const handler = createHttpHandler(readRoute, async () => ({ statusCode: 200, body }), { rateLimiter: null });
    const restricted = proxyEvent({ authorizer: encodeIdentity(identity({ fieldGroups: ['notes'] })) });
    expect(JSON.parse((await handler(restricted, context)).body)).toEqual({ data: [{ id: 1, customer: {}, summary: 'called back' }] });
    expect(JSON.parse((await handler(event(), context)).body)).toEqual(body);
  });
});

describe('createHttpHandler: a body that is JSON text already', () => {
  const text = '{"data":[{"id":1,"customer":{"name":"Ann","phone":"+14155550100"},"summary":"called back"}],"n":1e21}';

  it('answers the text as it is to a key that sees every field, without serializing it again', async () => {
    const handler = createHttpHandler(readRoute, async () => ({ statusCode: 200, body: text, isJsonText: true }), { rateLimiter: null });
    const response = await handler(event(), context);
    expect(response.body).toBe(text);
    expect(response.headers?.['content-type']).toBe('application/json');
  });

  it('applies a key’s field groups to the value the text holds', async () => {
    const handler = createHttpHandler(readRoute, async () => ({ statusCode: 200, body: text, isJsonText: true }), { rateLimiter: null });
    const restricted = proxyEvent({ authorizer: encodeIdentity(identity({ fieldGroups: ['notes'] })) });
    expect(JSON.parse((await handler(restricted, context)).body)).toEqual({
      data: [{ id: 1, customer: {}, summary: 'called back' }],
      n: 1e21,
    });
  });

  it('checks the value the text holds against the contract under test', async () => {
    const strict = defineContract(ROUTES, {
      routeId: 'listTeams',
      responses: { 200: () => z.strictObject({ data: z.array(z.unknown()) }) },
    });
    const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = createHttpHandler(strict, async () => ({ statusCode: 200, body: text, isJsonText: true }), { rateLimiter: null });
    expect((await handler(event(), context)).statusCode).toBe(500);
    expect(printed).toHaveBeenCalledWith(expect.stringMatching(/listTeams answered a 200 body its contract refuses: .*"n"/));
    printed.mockRestore();
  });
});

describe('createHttpHandler: the middleware chain', () => {
  const publicRoute = defineContract(ROUTES, { routeId: 'getOpenApi', responses: { 200: () => z.unknown() } });

  it('runs a public route without a key: no rate limiter is asked, and its handler has no caller identity to read', async () => {
    const asked = { count: 0 };
    const rateLimiter = {
      check: async () => {
        asked.count += 1;
        throw new Error('a public route is not counted');
      },
    };
    const reads = createHttpHandler(publicRoute, async ({ identity: who }) => ({ statusCode: 200, body: { key: who.keyId } }), {
      rateLimiter,
    });
    const ignores = createHttpHandler(publicRoute, async ({ routeId }) => ({ statusCode: 200, body: { routeId } }), { rateLimiter });
    const anonymous = proxyEvent({});

    const refused = await reads(anonymous, context);
    const answered = await ignores(anonymous, context);

    expect(refused.statusCode).toBe(500);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'internal_error' });
    expect(answered.statusCode).toBe(200);
    expect(JSON.parse(answered.body)).toEqual({ routeId: 'getOpenApi' });
    expect(asked.count).toBe(0);
  });

  it('leaves the caller’s event as it was: the validated input travels on a copy', async () => {
    const handler = createHttpHandler(readRoute, async ({ event: seen }) => ({ statusCode: 200, body: { sameHeaders: seen.headers } }), {
      rateLimiter: null,
    });
    const sent = event({ headers: { 'X-Team-Id': '7' } });
    const before = JSON.stringify(sent);
    const response = await handler(sent, context);
    expect(response.statusCode).toBe(200);
    expect(JSON.stringify(sent)).toBe(before);
    expect(Object.keys(sent)).not.toContain('input');
  });

  it('answers each request with its own state: the request id and rate-limit headers of one never reach the next', async () => {
    let admitted = true;
    const rateLimiter = {
      check: async () => {
        const window: WindowState = { scope: 'key', limit: 5, used: 1, remaining: admitted ? 4 : 0, reset: 1, admitted };
        return { admitted, binding: window, windows: [window], retryAfter: admitted ? 0 : 9 };
      },
    };
    const handler = createHttpHandler(readRoute, async () => ({ statusCode: 200, body: {} }), { rateLimiter });
    const first = await handler(proxyEvent({ authorizer: encodeIdentity(identity()), requestId: 'req-a' }), context);
    admitted = false;
    const second = await handler(proxyEvent({ authorizer: encodeIdentity(identity()), requestId: 'req-b' }), context);
    expect(first.headers).toMatchObject({ 'x-request-id': 'req-a', 'X-RateLimit-Remaining': '4' });
    expect(second.statusCode).toBe(429);
    expect(second.headers).toMatchObject({ 'x-request-id': 'req-b', 'X-RateLimit-Remaining': '0', 'Retry-After': '9' });
  });
});

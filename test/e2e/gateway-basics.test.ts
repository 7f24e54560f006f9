import { request as httpRequest } from 'node:http';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { generateApiKey, hashApiKey, newKeyId } from '#shared/auth/api-key';
import type { Permission } from '#shared/auth/permissions';
import type { Team } from '#shared/domain/tenancy';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { type LocalGateway, loadFunctionHandler, type ProxyHandler, startLocalGateway } from '../../local/gateway/server';

process.env.LOG_LEVEL = 'silent';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let service: LocalService;
let store: DynamoTenancyStore;
let team: Team;
let sibling: Team;

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, authorizerCacheTtlSeconds: 300 });
  store = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
  const enterprise = await store.createEnterprise({ name: 'Gateway Enterprise' });
  team = await store.createTeam({
    name: 'Gateway Team',
    timezone: 'America/Chicago',
    isTest: false,
    enterpriseId: enterprise.id,
    workspaceId: 'ws_gateway_1',
  });
  sibling = await store.createTeam({
    name: 'Gateway Sibling',
    timezone: 'Europe/Paris',
    isTest: false,
    enterpriseId: enterprise.id,
    workspaceId: 'ws_gateway_2',
  });
});
afterAll(() => service.stop());

async function createKey(permissions: readonly Permission[]): Promise<{ key: string; keyId: string }> {
  const key = generateApiKey();
  const keyId = newKeyId();
  await store.putApiKey({
    keyId,
    keyHash: hashApiKey(key),
    name: 'gateway test key',
    type: 'enterprise_all_teams',
    scope: { kind: 'enterprise', id: team.enterpriseId },
    anchorTeamId: team.id,
    permissions,
    createdAt: new Date().toISOString(),
    lastUsedAt: null,
    revokedAt: null,
  });
  return { key, keyId };
}

function bearer(key: string): Record<string, string> {
  return { Authorization: `Bearer ${key}` };
}

async function call(
  base: string,
  pathAndQuery: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(`${base}${pathAndQuery}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

describe('local gateway: gateway responses', () => {
  it('answers an unknown route with a 404 JSON body carrying the request id, which x-amzn-RequestId repeats', async () => {
    const res = await call(service.url, '/api/does-not-exist');

    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const requestId = res.headers.get('x-amzn-requestid');
    expect(requestId).toMatch(UUID);
    expect(res.body).toEqual({ error: 'not_found', message: 'No such route', request_id: requestId });
  });

  it('uses the error shape of the surface the unknown path belongs to', async () => {
    const platform = await call(service.url, '/v1/nothing-here');
    const intake = await call(service.url, '/api/outbound/nothing-here', { method: 'POST', body: '{}' });

    expect(platform.status).toBe(404);
    expect(platform.body).toMatchObject({ success: false, error: 'not_found' });
    expect(intake.status).toBe(404);
    expect(intake.body).toMatchObject({ success: false, request_id: intake.headers.get('x-amzn-requestid') });
  });

  it('answers a known path with an undeclared method as an unknown route', async () => {
    const res = await call(service.url, '/api/teams', { method: 'DELETE' });

    expect(res.status).toBe(404);
  });

  it('gives every response a distinct request id', async () => {
    const a = await call(service.url, '/nope');
    const b = await call(service.url, '/nope');

    expect(a.headers.get('x-amzn-requestid')).not.toBe(b.headers.get('x-amzn-requestid'));
  });

  it('returns 401 without invoking the authorizer when the Authorization header is missing', async () => {
    const before = service.gateway.stats().authorizerInvocations;

    const res = await call(service.url, '/api/teams');

    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String), request_id: res.headers.get('x-amzn-requestid') });
    expect(service.gateway.stats().authorizerInvocations).toBe(before);
  });

  it('returns 401 without invoking the authorizer when the Authorization header is empty', async () => {
    const before = service.gateway.stats().authorizerInvocations;

    const res = await call(service.url, '/api/teams', { headers: { Authorization: '' } });

    expect(res.status).toBe(401);
    expect(service.gateway.stats().authorizerInvocations).toBe(before);
  });

  it('returns 401 for a malformed key after asking the authorizer', async () => {
    const before = service.gateway.stats().authorizerInvocations;

    const res = await call(service.url, '/api/teams', { headers: bearer('service_not-a-real-key') });

    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'unauthorized' });
    expect(service.gateway.stats().authorizerInvocations).toBe(before + 1);
  });

  it('returns 401 for a well-formed key that does not exist', async () => {
    const res = await call(service.url, '/api/teams', { headers: bearer(generateApiKey()) });

    expect(res.status).toBe(401);
  });

  it.each(['/local/demo-keys.json', '/api/teams', '/v1/nothing-here'])(
    'answers %s addressed to a name a page could re-point at this machine (DNS rebinding) with 421, reading nothing',
    async (path) => {
      const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        const req = httpRequest(new URL(path, service.url), { headers: { host: 'rebind.attacker.example:3000' } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString('utf8');
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        });
        req.on('error', reject);
        req.end();
      });
      const loopback = await fetch(`${service.url.replace('127.0.0.1', 'localhost')}/local/demo-keys.json`);

      expect(answer.status).toBe(421);
      expect(JSON.parse(answer.body)).toMatchObject({ message: expect.stringContaining('loopback') });
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(loopback.status).toBe(200);
    },
  );

  it('refuses request bodies over 10 MB with 413', async () => {
    const { key } = await createKey(['read:teams']);
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL('/api/teams', service.url);
      const body = Buffer.alloc(10 * 1024 * 1024 + 1, 0x61);
      const headers = { ...bearer(key), 'content-type': 'application/json', 'content-length': String(body.length) };
      const req = httpRequest(url, { method: 'GET', headers }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(body);
    });

    expect(status).toBe(413);
  });
});

describe('local gateway: authorizer and handlers', () => {
  it("returns 403 forbidden when the key's policy lacks the route's permission", async () => {
    const { key } = await createKey(['read:calls']);

    const res = await call(service.url, '/api/teams', { headers: bearer(key) });

    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'forbidden', request_id: res.headers.get('x-amzn-requestid') });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('calls the handler with the authorizer identity and passes its response through', async () => {
    const { key } = await createKey(['read:teams']);

    const res = await call(service.url, '/api/teams', { headers: bearer(key) });

    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.body).toEqual({
      data: [
        expect.objectContaining({ id: team.id, name: 'Gateway Team', workspace_id: 'ws_gateway_1' }),
        expect.objectContaining({ id: sibling.id, name: 'Gateway Sibling' }),
      ],
    });
  });

  it('reuses the cached policy for the same key instead of invoking the authorizer again', async () => {
    const { key } = await createKey(['read:teams', 'read:calls']);
    await call(service.url, '/api/teams', { headers: bearer(key) });
    const before = service.gateway.stats();

    const again = await call(service.url, '/api/teams', { headers: bearer(key) });
    const otherRoute = await call(service.url, '/api/leads', { headers: bearer(key) });

    expect(again.status).toBe(200);
    expect(otherRoute.status).toBe(403);
    expect(service.gateway.stats().authorizerInvocations).toBe(before.authorizerInvocations);
    expect(service.gateway.stats().authorizerCacheHits).toBe(before.authorizerCacheHits + 2);
  });

  it('keeps a cached policy when the key record is revoked without a flush (key revoke flushes), until the cache is cleared', async () => {
    const { key, keyId } = await createKey(['read:teams']);
    expect((await call(service.url, '/api/teams', { headers: bearer(key) })).status).toBe(200);

    await store.revokeApiKey(keyId, new Date().toISOString());
    const whileCached = await call(service.url, '/api/teams', { headers: bearer(key) });
    service.gateway.clearAuthorizerCache();
    const afterClear = await call(service.url, '/api/teams', { headers: bearer(key) });

    expect(whileCached.status).toBe(200);
    expect(afterClear.status).toBe(401);
  });

  it('refuses a revoked key at once when the cache TTL is 0', async () => {
    const uncached = await startLocalGateway({ port: 0, authorizerCacheTtlSeconds: 0 });
    try {
      const { key, keyId } = await createKey(['read:teams']);
      expect((await call(uncached.url, '/api/teams', { headers: bearer(key) })).status).toBe(200);

      await store.revokeApiKey(keyId, new Date().toISOString());
      const res = await call(uncached.url, '/api/teams', { headers: bearer(key) });

      expect(res.status).toBe(401);
      expect(uncached.stats().authorizerInvocations).toBe(2);
    } finally {
      await uncached.stop();
    }
  });
});

describe('local gateway: proxy integration contract', () => {
  let gateway: LocalGateway;
  let stub: ProxyHandler;
  const events: APIGatewayProxyEvent[] = [];

  beforeAll(async () => {
    gateway = await startLocalGateway({
      port: 0,
      authorizerCacheTtlSeconds: 300,
      loadHandler: (name) => (name === 'authorizer' ? loadFunctionHandler(name) : (event, context) => stub(event, context)),
    });
  });
  afterAll(() => gateway.stop());
  beforeEach(() => {
    events.length = 0;
    stub = async (event) => {
      events.push(event);
      return { statusCode: 200, headers: { 'X-Custom': 'yes' }, body: '{"ok":true}' };
    };
  });

  it('builds a REST API proxy event with original-case headers, query and path parameters and the authorizer context', async () => {
    const { key, keyId } = await createKey(['read:scheduler_analytics']);

    const res = await fetch(`${gateway.url}/api/v1/teams/${team.id}/sessions?limit=2&status=a&status=b`, {
      headers: { ...bearer(key), 'X-Team-Id': String(team.id) },
    });

    expect(res.status).toBe(200);
    expect(res.headers.get('x-custom')).toBe('yes');
    expect(res.headers.get('content-type')).toBe('application/json');
    const event = events[0] as APIGatewayProxyEvent;
    expect(event).toMatchObject({
      resource: '/api/v1/teams/{teamId}/sessions',
      path: `/api/v1/teams/${team.id}/sessions`,
      httpMethod: 'GET',
      pathParameters: { teamId: String(team.id) },
      queryStringParameters: { limit: '2', status: 'b' },
      multiValueQueryStringParameters: { limit: ['2'], status: ['a', 'b'] },
      body: null,
      isBase64Encoded: false,
      requestContext: {
        requestId: res.headers.get('x-request-id'),
        resourcePath: '/api/v1/teams/{teamId}/sessions',
        httpMethod: 'GET',
        stage: 'local',
        authorizer: { principalId: keyId, keyId, permissions: 'read:scheduler_analytics' },
      },
    });
    expect(event.headers).toMatchObject({ 'X-Team-Id': String(team.id) });
    expect(event.multiValueHeaders).toMatchObject({ 'X-Team-Id': [String(team.id)] });
    expect(event.requestContext.identity.sourceIp).toBe('127.0.0.1');
  });

  it('takes query parameters and headers named constructor, __proto__ and toString as names like any other', async () => {
    const { key } = await createKey(['read:teams']);

    const res = await fetch(`${gateway.url}/api/teams?constructor=1&__proto__=2&toString=3&toString=4`, {
      // fetch leaves a header named __proto__ out; collectHeaders' unit test covers that name.
      headers: [...Object.entries(bearer(key)), ['constructor', 'a'], ['toString', 'c']],
    });

    expect(res.status).toBe(200);
    const event = events[0] as APIGatewayProxyEvent;
    expect(Object.entries(event.queryStringParameters ?? {})).toEqual([
      ['constructor', '1'],
      ['__proto__', '2'],
      ['toString', '4'],
    ]);
    expect(Object.entries(event.multiValueQueryStringParameters ?? {})).toEqual([
      ['constructor', ['1']],
      ['__proto__', ['2']],
      ['toString', ['3', '4']],
    ]);
    expect(Object.entries(event.multiValueHeaders)).toEqual(
      expect.arrayContaining([
        ['constructor', ['a']],
        ['toString', ['c']],
      ]),
    );
  });

  it('passes null query and path parameters when there are none', async () => {
    const { key } = await createKey(['read:teams']);

    await fetch(`${gateway.url}/api/teams`, { headers: bearer(key) });

    expect(events[0]?.queryStringParameters).toBeNull();
    expect(events[0]?.multiValueQueryStringParameters).toBeNull();
    expect(events[0]?.pathParameters).toBeNull();
  });

  it('adds the request id to a handler response that lacks one', async () => {
    const { key } = await createKey(['read:teams']);

    const res = await fetch(`${gateway.url}/api/teams`, { headers: bearer(key) });

    expect(res.headers.get('x-request-id')).toBe(events[0]?.requestContext.requestId);
  });

  it.each([
    ['a string status code', { statusCode: '200', body: '{}' }],
    ['a non-integer status code', { statusCode: 200.5, body: '{}' }],
    ['an object body', { statusCode: 200, body: { ok: true } }],
    ['no result at all', undefined],
  ])('answers 502 when the handler returns %s', async (_label, result) => {
    const { key } = await createKey(['read:teams']);
    stub = async () => result;

    const res = await call(gateway.url, '/api/teams', { headers: bearer(key) });

    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ message: 'Internal server error', request_id: res.headers.get('x-amzn-requestid') });
  });

  it('answers 502 when the handler throws', async () => {
    const { key } = await createKey(['read:teams']);
    stub = async () => {
      throw new Error('boom');
    };

    const res = await call(gateway.url, '/api/teams', { headers: bearer(key) });

    expect(res.status).toBe(502);
    expect(JSON.stringify(res.body)).not.toContain('boom');
  });
});

describe('local gateway: an authorizer that fails', () => {
  it('answers 503 with Retry-After in the surface error shape (the key was not judged; repeating is safe), never 500', async () => {
    const throttled = async () => {
      throw Object.assign(new Error('The level of configured provisioned throughput for the table was exceeded'), {
        name: 'ProvisionedThroughputExceededException',
      });
    };
    const gateway = await startLocalGateway({
      port: 0,
      authorizerCacheTtlSeconds: 0,
      loadHandler: (name) => (name === 'authorizer' ? (throttled as unknown as ProxyHandler) : loadFunctionHandler(name)),
    });
    try {
      const res = await fetch(`${gateway.url}/api/teams`, { headers: { authorization: `Bearer service_${'a'.repeat(64)}` } });

      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toMatchObject({ error: 'service_unavailable' });
    } finally {
      await gateway.stop();
    }
  });
});

import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import type { APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';
import { generateApiKey, hashApiKey } from '#shared/auth/api-key';
import type { KeyType, Permission } from '#shared/auth/permissions';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { admin } from '../support/admin-harness';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';

let service: LocalService;
let fixture: TenancyFixture;

beforeAll(async () => {
  // The default TTL (300 s): every request below that answers 401 after a revocation would answer 200 from the cache.
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, authorizerCacheTtlSeconds: 300 });
  fixture = await createTenancyFixture();
});
afterAll(() => service.stop());

const ALL: Permission[] = ['read:teams', 'write:sms_campaigns', 'write:leads'];

/** A key holding a read, a platform and an intake permission, and its public id. */
async function createKey(type: KeyType = 'enterprise'): Promise<{ key: string; keyId: string }> {
  const key = await fixture.createKey(type, ALL);
  const record = await fixture.store.getApiKeyByHash(hashApiKey(key));
  if (!record) throw new Error('the fixture key was not stored');
  return { key, keyId: record.keyId };
}

type Headers = Record<string, string | string[]>;

/** Raw HTTP, so a header can be sent several times (an array value becomes one header line per value). */
function send(path: string, headers: Headers, body?: string): Promise<{ status: number; body: string }> {
  const url = new URL(path, service.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: body === undefined ? 'GET' : 'POST',
        headers: (body === undefined
          ? headers
          : { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }) as OutgoingHttpHeaders,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const readCall = (headers: Headers) => send('/api/teams', headers);
const platformCall = (headers: Headers) =>
  send('/v1/messaging/sms/campaign/cmp_missing', { ...headers, 'x-workspace-id': fixture.teams.own.workspaceId });
const intakeCall = (headers: Headers) =>
  send(
    '/api/outbound/speed-to-lead/ingest',
    { ...headers, 'x-test-mode': 'true' },
    JSON.stringify({ phone: '+15125550123', customer_name: 'Test Mode' }),
  );

/** What each surface answers an authorized request here: teams list, unknown campaign, test-mode intake. */
const AUTHORIZED = { read: 200, platform: 404, intake: 200 } as const;

describe('exactly one credential per request', () => {
  it.each([
    ['read', readCall],
    ['platform', platformCall],
  ] as const)(
    'answers 401 to two Authorization headers on the %s API, and never lets the never-issued one in afterwards',
    async (surface, call) => {
      const { key } = await createKey();
      const neverIssued = generateApiKey();

      const forged = await call({ authorization: [`Bearer ${neverIssued}`, `Bearer ${key}`] });
      const reversed = await call({ authorization: [`Bearer ${key}`, `Bearer ${neverIssued}`] });
      const neverIssuedAlone = await call({ authorization: `Bearer ${neverIssued}` });
      const validAlone = await call({ authorization: `Bearer ${key}` });
      const twiceTheSame = await call({ authorization: [`Bearer ${key}`, `Bearer ${key}`] });

      expect(forged.status).toBe(401);
      expect(reversed.status).toBe(401);
      expect(neverIssuedAlone.status).toBe(401);
      expect(validAlone.status).toBe(AUTHORIZED[surface]);
      expect(twiceTheSame.status).toBe(401);
    },
  );

  it('answers 401 on intake when Authorization and X-API-Key name different keys, or X-API-Key comes twice', async () => {
    const { key } = await createKey();
    const other = generateApiKey();

    expect((await intakeCall({ authorization: `Bearer ${other}`, 'x-api-key': key })).status).toBe(401);
    expect((await intakeCall({ authorization: `Bearer ${key}`, 'x-api-key': other })).status).toBe(401);
    expect((await intakeCall({ 'x-api-key': [other, key] })).status).toBe(401);
    expect((await intakeCall({ authorization: [`Bearer ${other}`, `Bearer ${key}`] })).status).toBe(401);
  });

  it('accepts Authorization and X-API-Key naming the same key on intake, and either one alone', async () => {
    const { key } = await createKey();
    expect((await intakeCall({ authorization: `Bearer ${key}`, 'x-api-key': key })).status).toBe(200);
    expect((await intakeCall({ authorization: `Bearer ${key}` })).status).toBe(200);
    expect((await intakeCall({ 'x-api-key': key })).status).toBe(200);
  });

  it("refuses in the authorizer itself a request whose multiValueHeaders disagree with headers (API Gateway's event)", async () => {
    const { key } = await createKey();
    const neverIssued = generateApiKey();
    const { handler } = require('../../functions/authorizer/handler') as {
      handler: (event: APIGatewayRequestAuthorizerEvent, context: Context) => Promise<unknown>;
    };
    const event = (headers: Record<string, string>, multiValueHeaders: Record<string, string[]>) =>
      ({
        type: 'REQUEST',
        methodArn: 'arn:aws:execute-api:eu-west-1:123456789012:abc123/v1/GET/api/teams',
        resource: '/api/teams',
        path: '/api/teams',
        httpMethod: 'GET',
        headers,
        multiValueHeaders,
        queryStringParameters: null,
        multiValueQueryStringParameters: null,
        pathParameters: null,
        stageVariables: null,
        requestContext: {},
      }) as unknown as APIGatewayRequestAuthorizerEvent;
    const context = {} as Context;

    await expect(
      handler(event({ Authorization: `Bearer ${key}` }, { Authorization: [`Bearer ${neverIssued}`, `Bearer ${key}`] }), context),
    ).rejects.toThrow('Unauthorized');
    await expect(handler(event({ Authorization: `Bearer ${key}` }, { Authorization: [`Bearer ${key}`] }), context)).resolves.toMatchObject({
      policyDocument: { Statement: [{ Effect: 'Allow' }] },
    });
  });
});

describe('revocation applies to the next request', () => {
  it('answers 401 on every surface right after `key revoke` while the service runs with policies cached', async () => {
    const { key, keyId } = await createKey('enterprise_all_teams');
    const surfaces = {
      read: () => readCall({ authorization: `Bearer ${key}` }),
      platform: () => platformCall({ authorization: `Bearer ${key}` }),
      intakeBearer: () => intakeCall({ authorization: `Bearer ${key}` }),
      intakeApiKey: () => intakeCall({ 'x-api-key': key }),
    };
    const before: Record<string, number> = {};
    for (const [name, call] of Object.entries(surfaces)) {
      await call();
      before[name] = (await call()).status; // the second answer comes from the cache where there is one
    }

    const revoke = await admin('key', 'revoke', '--id', keyId, '--yes');
    const after: Record<string, number> = {};
    for (const [name, call] of Object.entries(surfaces)) after[name] = (await call()).status;

    expect(revoke).toMatchObject({ code: 0, stderr: '' });
    expect(revoke.stdout).toContain(`Revoked key ${keyId}`);
    expect(before).toEqual({ read: 200, platform: 404, intakeBearer: 200, intakeApiKey: 200 });
    expect(after).toEqual({ read: 401, platform: 401, intakeBearer: 401, intakeApiKey: 401 });
  });

  it('keeps serving cached policies of other keys until the epoch moves, then re-authorizes them', async () => {
    const { key } = await createKey();
    await readCall({ authorization: `Bearer ${key}` });
    const cached = service.gateway.stats();
    await readCall({ authorization: `Bearer ${key}` });
    const afterHit = service.gateway.stats();

    const { keyId: otherId } = await createKey();
    expect((await admin('key', 'revoke', '--id', otherId, '--yes')).code).toBe(0);
    const afterFlush = await readCall({ authorization: `Bearer ${key}` });

    expect(afterHit.authorizerInvocations).toBe(cached.authorizerInvocations);
    expect(afterFlush.status).toBe(200);
    expect(service.gateway.stats().authorizerInvocations).toBe(afterHit.authorizerInvocations + 1);
  });

  it('never caches on intake: a key revoked in the store (no flush) is refused there at once', async () => {
    const { key, keyId } = await createKey();
    expect((await intakeCall({ authorization: `Bearer ${key}` })).status).toBe(200);

    await fixture.store.revokeApiKey(keyId, new Date().toISOString());

    expect((await intakeCall({ authorization: `Bearer ${key}` })).status).toBe(401);
    expect((await intakeCall({ 'x-api-key': key })).status).toBe(401);
  });
});

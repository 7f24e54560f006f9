import type { FlushStageAuthorizersCacheCommand } from '@aws-sdk/client-api-gateway';
import { ApiGatewayAuthorizerCache, apiStagesFromEnv } from '#shared/adapters/aws/api-gateway-authorizer-cache';
import { DynamoAuthorizerCacheEpoch } from '#shared/adapters/dynamodb/authorizer-cache-epoch';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { AUTHORIZER_TIMEOUT_SECONDS } from '#shared/auth/authorizer-settings';
import { createApiKey } from '#shared/domain/key-service';
import { runAdmin } from '../../../../../bin/admin/main';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';

type Step = { flush: FlushStageAuthorizersCacheCommand['input'] } | { sleep: number };

/** A fake API Gateway client at the port boundary: records each command's input, in order with the waits. */
function recorder(options: { failWith?: Error } = {}) {
  const steps: Step[] = [];
  return {
    steps,
    client: {
      async send(command: FlushStageAuthorizersCacheCommand) {
        if (options.failWith) throw options.failWith;
        steps.push({ flush: command.input });
        return {};
      },
    },
    sleep: async (ms: number) => {
      steps.push({ sleep: ms });
    },
  };
}

const API_ENV = { READ_API_ID: 'rd1', PLATFORM_API_ID: 'pf2', INTAKE_API_ID: 'in3', API_STAGE_NAME: 'v1' };

describe('revocation flushes the authorizer caches', () => {
  let dynamo: LocalDynamo;
  let store: DynamoTenancyStore;
  let epoch: DynamoAuthorizerCacheEpoch;

  beforeAll(async () => {
    dynamo = await startEmulator();
    store = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
    epoch = new DynamoAuthorizerCacheEpoch(getDocumentClient(), physicalTableName('teams'));
  });
  afterAll(() => dynamo.stop());

  async function newKeyId(): Promise<string> {
    const enterprise = await store.createEnterprise({ name: 'Flush' });
    const team = await store.createTeam({
      name: 'Flush team',
      timezone: 'America/Chicago',
      isTest: false,
      enterpriseId: enterprise.id,
      workspaceId: `ws_flush_${enterprise.id}`,
    });
    const { record } = await createApiKey(store, { name: 'flush', type: 'enterprise', anchorTeamId: team.id, permissions: ['read:teams'] });
    return record.keyId;
  }

  async function revoke(keyId: string, env: Record<string, string | undefined>, fake: ReturnType<typeof recorder>) {
    let stdout = '';
    let stderr = '';
    const code = await runAdmin(['key', 'revoke', '--id', keyId, '--json', '--yes'], {
      stdout: { write: (c: string) => (stdout += c) },
      stderr: { write: (c: string) => (stderr += c) },
      env: { ...process.env, ...env },
      apiGateway: fake.client,
      sleep: fake.sleep,
    });
    return { code, stdout, stderr };
  }

  it('flushes each REST API stage, waits the authorizer timeout, and flushes them again', async () => {
    const fake = recorder();
    const cache = new ApiGatewayAuthorizerCache({ ...apiStagesFromEnv(API_ENV), client: fake.client, sleep: fake.sleep });

    await cache.flush();

    const round = [
      { flush: { restApiId: 'rd1', stageName: 'v1' } },
      { flush: { restApiId: 'pf2', stageName: 'v1' } },
      { flush: { restApiId: 'in3', stageName: 'v1' } },
    ];
    expect(fake.steps).toEqual([...round, { sleep: AUTHORIZER_TIMEOUT_SECONDS * 1000 }, ...round]);
  });

  it('reads the API ids and the stage (default v1) from the environment and names what is missing', () => {
    expect(apiStagesFromEnv({ READ_API_ID: 'a', PLATFORM_API_ID: 'b', INTAKE_API_ID: 'c' })).toEqual({
      stages: [
        { restApiId: 'a', stageName: 'v1' },
        { restApiId: 'b', stageName: 'v1' },
        { restApiId: 'c', stageName: 'v1' },
      ],
      missing: [],
    });
    expect(apiStagesFromEnv({ READ_API_ID: 'a', API_STAGE_NAME: 'prod' })).toEqual({
      stages: [{ restApiId: 'a', stageName: 'prod' }],
      missing: ['PLATFORM_API_ID', 'INTAKE_API_ID'],
    });
  });

  it('`key revoke` revokes, moves the local epoch and flushes the stages named by the stack outputs', async () => {
    const keyId = await newKeyId();
    const fake = recorder();
    const before = await epoch.read();

    const run = await revoke(keyId, API_ENV, fake);

    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toMatchObject({ keyId, alreadyRevoked: false });
    expect((await store.listApiKeys()).find((k) => k.keyId === keyId)?.revokedAt).toEqual(expect.any(String));
    expect(await epoch.read()).toBe(before + 1);
    expect(fake.steps.filter((s) => 'flush' in s)).toEqual(
      [
        ...Object.entries(API_ENV).filter(([name]) => name.endsWith('_API_ID')),
        ...Object.entries(API_ENV).filter(([name]) => name.endsWith('_API_ID')),
      ].map(([, restApiId]) => ({ flush: { restApiId, stageName: 'v1' } })),
    );
  });

  it('flushes again when the key was already revoked, so a failed flush can be retried', async () => {
    const keyId = await newKeyId();
    await revoke(keyId, {}, recorder());
    const before = await epoch.read();

    const run = await revoke(keyId, {}, recorder());

    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ alreadyRevoked: true });
    expect(await epoch.read()).toBe(before + 1);
  });

  it('refuses before revoking when only some API ids are set, naming the missing variables', async () => {
    const keyId = await newKeyId();
    const fake = recorder();

    const run = await revoke(keyId, { READ_API_ID: 'rd1' }, fake);

    expect(run.code).toBe(2);
    expect(run.stderr).toContain('PLATFORM_API_ID, INTAKE_API_ID');
    expect((await store.listApiKeys()).find((k) => k.keyId === keyId)?.revokedAt).toBeNull();
    expect(fake.steps).toEqual([]);
  });

  it('reports a failed flush as a failure that says the key is revoked and how to retry', async () => {
    const keyId = await newKeyId();

    const run = await revoke(keyId, API_ENV, recorder({ failWith: new Error('AccessDenied') }));

    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`key ${keyId} is revoked, but flushing the authorizer caches failed (AccessDenied)`);
    expect(run.stderr).toContain(`key revoke --id ${keyId}`);
  });
});

import { CreateApiKeyCommand, DeleteApiKeyCommand, GetApiKeysCommand } from '@aws-sdk/client-api-gateway';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRateLimitStore } from '#shared/adapters/dynamodb/rate-limit-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { authenticateApiKey } from '#shared/domain/identity-resolver';
import { recordUsage, takeRequest } from '#shared/domain/rate-limit';
import { runAdmin } from '../../../../bin/admin/main';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { admin, adminJson } from '../../../support/admin-harness';
import { startEmulator } from '../../../support/emulator';

/** Key settings, usage and limits through the operator CLI, on the embedded DynamoDB. */
let dynamo: LocalDynamo;
let store: DynamoTenancyStore;
let teamId: number;
let workspaceCounter = 0;

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
  const enterprise = await adminJson<{ id: number }>('enterprise', 'create', '--name', 'Keys Inc');
  const team = await adminJson<{ id: number }>(
    'team',
    'create',
    '--name',
    'Keys North',
    '--timezone',
    'America/Chicago',
    '--enterprise',
    String(enterprise.id),
    '--workspace',
    `ws_keys_${++workspaceCounter}`,
  );
  teamId = team.id;
});
afterAll(() => dynamo.stop());

interface CreatedKey {
  key: string;
  keyId: string;
  keyPrefix: string;
  expiresAt: string | null;
  rateLimitPerMinute: number | null;
  fieldGroups: string[] | null;
}

const create = (...flags: string[]) =>
  adminJson<CreatedKey>('key', 'create', '--type', 'enterprise', '--team', String(teamId), '--permissions', 'read:leads', ...flags);

describe('admin key settings', () => {
  it('creates a key with an expiry, its own limit and a field allow-list, and keeps only a masked prefix', async () => {
    const before = Date.now();
    const created = await create('--expires', '30d', '--rate-limit', '50', '--fields', 'notes,contact');
    expect(created.keyPrefix).toBe(created.key.slice(0, 12));
    expect(created.keyPrefix).toMatch(/^service_[0-9a-f]{4}$/);
    expect(Date.parse(created.expiresAt ?? '') - before).toBeGreaterThanOrEqual(30 * 86_400_000 - 1000);
    expect(created).toMatchObject({ rateLimitPerMinute: 50, fieldGroups: ['contact', 'notes'] });
    const resolved = await authenticateApiKey(store, created.key);
    expect(resolved).toMatchObject({
      ok: true,
      identity: { rateLimitPerMinute: 50, fieldGroups: ['contact', 'notes'], keyPrefix: created.keyPrefix },
    });
  });

  it('refuses an expiry in the past, an unknown field group and a limit that is not a whole number, naming the flag', async () => {
    const past = await admin(
      'key',
      'create',
      '--type',
      'enterprise',
      '--team',
      String(teamId),
      '--permissions',
      'read:leads',
      '--expires',
      '2020-01-01T00:00:00Z',
    );
    expect(past.code).toBe(2);
    expect(past.stderr).toMatch(/--expires/);
    const fields = await admin(
      'key',
      'create',
      '--type',
      'enterprise',
      '--team',
      String(teamId),
      '--permissions',
      'read:leads',
      '--fields',
      'phones',
    );
    expect(fields.code).toBe(2);
    expect(fields.stderr).toMatch(/--fields.*unknown: phones/);
    const limit = await admin(
      'key',
      'create',
      '--type',
      'enterprise',
      '--team',
      String(teamId),
      '--permissions',
      'read:leads',
      '--rate-limit',
      'lots',
    );
    expect(limit.code).toBe(2);
    expect(limit.stderr).toMatch(/--rate-limit/);
  });

  it('changes a key’s settings with key set, and an expired key no longer authenticates', async () => {
    const created = await create('--fields', 'core');
    const changed = await adminJson<CreatedKey>(
      'key',
      'set',
      '--id',
      created.keyId,
      '--rate-limit',
      '120',
      '--fields',
      'all',
      '--expires',
      '2h',
    );
    expect(changed).toMatchObject({ rateLimitPerMinute: 120, fieldGroups: null });
    const back = await adminJson<CreatedKey>('key', 'set', '--id', created.keyId, '--rate-limit', 'default', '--expires', 'never');
    expect(back).toMatchObject({ rateLimitPerMinute: null, expiresAt: null });
    await store.updateApiKeySettings(created.keyId, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(await authenticateApiKey(store, created.key)).toEqual({ ok: false, reason: 'expired' });
  });

  it('lists name, masked prefix, type and scope, permissions, created, last used, usage count and status within 120 columns', async () => {
    const created = await create('--name', `A very long key name for the BI tool ${'x'.repeat(60)}`, '--expires', '10d');
    const limits = new DynamoRateLimitStore(getDocumentClient(), physicalTableName('limits'));
    const who = { keyId: created.keyId, keyLimit: null, teamId, teamLimit: null };
    const now = Date.now();
    for (const at of [now - 120_000, now - 119_000, now - 60_000, now]) {
      const decision = await takeRequest(limits, who, { perKeyPerMinute: 1000, perWorkspacePerHour: 10_000 }, at);
      await recordUsage(limits, created.keyId, decision, at);
    }
    const revoked = await create('--name', 'revoked one');
    await admin('key', 'revoke', '--id', revoked.keyId, '--yes');

    const human = await admin('key', 'list');
    expect(human.code).toBe(0);
    for (const line of human.stdout.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(120);
    const row = human.stdout.split('\n').find((line) => line.startsWith(created.keyId)) ?? '';
    expect(row).toContain(created.keyPrefix);
    expect(row).toContain('A very long…');
    expect(row).toMatch(/team \d+\s+1\/\d+\s+\d{4}-\d{2}-\d{2}\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s+4\s+expires \d{4}-\d{2}-\d{2}/);
    expect(human.stdout.split('\n').find((line) => line.startsWith(revoked.keyId))).toMatch(/revoked \d{4}-\d{2}-\d{2}$/);

    const json = JSON.parse((await admin('key', 'list', '--json')).stdout) as {
      keyId: string;
      usageCount: number;
      lastUsedAt: string | null;
    }[];
    const listed = json.find((k) => k.keyId === created.keyId);
    expect(listed).toMatchObject({ usageCount: 4, lastUsedAt: new Date(now).toISOString() });
    expect(JSON.stringify(json)).not.toMatch(/service_[0-9a-f]{64}|keyHash/);
  });

  it('sets and clears a team’s hourly limit', async () => {
    expect(await adminJson('team', 'limits', '--team', String(teamId), '--per-hour', '500')).toEqual({ teamId, rateLimitPerHour: 500 });
    expect((await store.getTeam(teamId))?.rateLimitPerHour).toBe(500);
    expect(await adminJson('team', 'limits', '--team', String(teamId), '--per-hour', 'default')).toEqual({
      teamId,
      rateLimitPerHour: null,
    });
    const unknown = await admin('team', 'limits', '--team', '999999', '--per-hour', '5');
    expect(unknown.code).toBe(2);
  });

  it('registers a new key in the usage plan named by USAGE_PLAN_ID, and refuses to create one on a deployed stack without it', async () => {
    const sent: string[] = [];
    const usagePlanClient = {
      async send(command: { constructor: { name: string } }) {
        sent.push(command.constructor.name);
        return command instanceof CreateApiKeyCommand ? { id: 'apikey-1' } : {};
      },
    };
    let stdout = '';
    let stderr = '';
    const io = { stdout: { write: (c: string) => (stdout += c) }, stderr: { write: (c: string) => (stderr += c) } };
    const argv = ['key', 'create', '--type', 'enterprise', '--team', String(teamId), '--permissions', 'read:leads', '--json'];
    expect(await runAdmin(argv, { ...io, env: { ...process.env, USAGE_PLAN_ID: 'plan-1' }, usagePlanClient })).toBe(0);
    expect(sent).toEqual(['CreateApiKeyCommand', 'CreateUsagePlanKeyCommand']);
    expect(JSON.parse(stdout)).not.toHaveProperty('usagePlanError');

    // Keys made before the usage plan existed: one command registers every active one.
    sent.length = 0;
    stdout = '';
    const active = (await store.listApiKeys()).filter((r) => r.revokedAt === null && (r.expiresAt ?? null) === null).length;
    expect(
      await runAdmin(['key', 'register', '--all', '--json'], { ...io, env: { ...process.env, USAGE_PLAN_ID: 'plan-1' }, usagePlanClient }),
    ).toBe(0);
    const { keyIds } = JSON.parse(stdout) as { keyIds: string[] };
    expect(keyIds.length).toBeGreaterThanOrEqual(active);
    expect(sent.filter((name) => name === 'CreateUsagePlanKeyCommand')).toHaveLength(keyIds.length);
    const revoked = (await store.listApiKeys()).filter((r) => r.revokedAt !== null).map((r) => r.keyId);
    expect(keyIds.filter((id) => revoked.includes(id))).toEqual([]);
    expect(await runAdmin(['key', 'register', '--all', '--id', keyIds[0] as string], { ...io, env: process.env, usagePlanClient })).toBe(2);

    const keysBefore = (await store.listApiKeys()).length;
    const deployed = { TABLE_TEAMS: 'LeadCallSchedulingService-Teams', AWS_REGION: 'us-east-1' };
    expect(await runAdmin(argv, { ...io, env: deployed })).toBe(2);
    expect(stderr).toMatch(/USAGE_PLAN_ID/);
    expect((await store.listApiKeys()).length).toBe(keysBefore);
  });

  it('deletes a revoked key’s API Gateway API key, and a failure there never undoes the revocation', async () => {
    const key = await create('--name', 'leaving the plan');
    const sent: { name: string; input: unknown }[] = [];
    let failDelete = true;
    const usagePlanClient = {
      async send(command: { constructor: { name: string }; input: unknown }) {
        sent.push({ name: command.constructor.name, input: command.input });
        if (command instanceof GetApiKeysCommand) return { items: [{ id: 'apikey-7', name: key.keyId }] };
        if (command instanceof DeleteApiKeyCommand && failDelete) throw new Error('throttled');
        return {};
      },
    };
    let stdout = '';
    const io = { stdout: { write: (c: string) => (stdout += c) }, stderr: { write: (_c: string) => true } };
    const env = { ...process.env, USAGE_PLAN_ID: 'plan-1' };

    expect(await runAdmin(['key', 'revoke', '--id', key.keyId, '--yes', '--json'], { ...io, env, usagePlanClient })).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      revokedAt: expect.any(String),
      usagePlanKey: { status: 'failed', error: expect.stringMatching(/throttled/) },
    });
    expect((await store.getApiKeyById(key.keyId))?.revokedAt).not.toBeNull();
    expect(await authenticateApiKey(store, key.key)).toEqual({ ok: false, reason: 'revoked' });

    // Run again, as the warning says: the revocation stands, the API key goes.
    failDelete = false;
    sent.length = 0;
    stdout = '';
    expect(await runAdmin(['key', 'revoke', '--id', key.keyId, '--json'], { ...io, env, usagePlanClient })).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ alreadyRevoked: true, usagePlanKey: { status: 'removed' } });
    expect(sent).toEqual([
      { name: 'GetApiKeysCommand', input: { nameQuery: key.keyId, limit: 5 } },
      { name: 'DeleteApiKeyCommand', input: { apiKey: 'apikey-7' } },
    ]);

    // Locally, without USAGE_PLAN_ID, there is no plan and nothing is called.
    sent.length = 0;
    stdout = '';
    expect(await runAdmin(['key', 'revoke', '--id', key.keyId], { ...io, env: process.env, usagePlanClient })).toBe(0);
    expect(stdout).not.toMatch(/API Gateway API key/);
    expect(sent).toEqual([]);
  });
});

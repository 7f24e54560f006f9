import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { WRITE_PERMISSIONS } from '#shared/auth/permissions';
import { authenticateApiKey } from '#shared/domain/identity-resolver';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { admin } from '../../../support/admin-harness';
import { startEmulator } from '../../../support/emulator';

async function adminJson<T>(...argv: string[]): Promise<T> {
  const run = await admin(...argv, '--json');
  expect(run).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(run.stdout) as T;
}

let workspaceCounter = 0;
const workspace = () => `ws_cli_${++workspaceCounter}`;

describe('admin CLI', () => {
  let dynamo: LocalDynamo;
  let store: DynamoTenancyStore;

  beforeAll(async () => {
    dynamo = await startEmulator();
    store = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
  });
  afterAll(async () => {
    await dynamo.stop();
  });

  /** A portfolio with one enterprise and one team, created through the CLI. */
  async function tenancy(): Promise<{ portfolioId: number; enterpriseId: number; teamId: number }> {
    const portfolio = await adminJson<{ id: number }>('portfolio', 'create', '--name', 'CLI Holdings');
    const enterprise = await adminJson<{ id: number }>(
      'enterprise',
      'create',
      '--name',
      'CLI Plumbing',
      '--portfolio',
      String(portfolio.id),
    );
    const team = await adminJson<{ id: number }>(
      'team',
      'create',
      '--name',
      'CLI North',
      '--timezone',
      'America/Chicago',
      '--enterprise',
      String(enterprise.id),
      '--workspace',
      workspace(),
    );
    return { portfolioId: portfolio.id, enterpriseId: enterprise.id, teamId: team.id };
  }

  it('creates an enterprise inside a portfolio and a team inside the enterprise', async () => {
    const { portfolioId, enterpriseId, teamId } = await tenancy();

    expect(await store.listPortfolioEnterpriseIds(portfolioId)).toEqual([enterpriseId]);
    expect(await store.getTeam(teamId)).toMatchObject({ name: 'CLI North', timezone: 'America/Chicago', enterpriseId, isTest: false });
    expect(await store.listEnterpriseTeamIds(enterpriseId)).toEqual([{ teamId, isTest: false }]);
  });

  it('marks a team created with --test as a test team and derives its workspace id from the name', async () => {
    const { enterpriseId } = await tenancy();

    const team = await adminJson<{ id: number; workspaceId: string; isTest: boolean }>(
      'team',
      'create',
      '--name',
      'QA Bench 42',
      '--timezone',
      'Europe/Berlin',
      '--enterprise',
      String(enterpriseId),
      '--test',
    );

    expect(team).toMatchObject({ workspaceId: 'ws_qa_bench_42', isTest: true });
  });

  it('lists the teams of one enterprise with --enterprise', async () => {
    const { enterpriseId, teamId } = await tenancy();

    const teams = await adminJson<{ id: number }[]>('team', 'list', '--enterprise', String(enterpriseId));
    const human = await admin('team', 'list', '--enterprise', String(enterpriseId));

    expect(teams.map((t) => t.id)).toEqual([teamId]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/ID\s+NAME\s+TIMEZONE/);
    expect(human.stdout).toContain('CLI North');
  });

  it('refuses an invalid time zone with exit code 1 and a message naming --timezone', async () => {
    const { enterpriseId } = await tenancy();

    const run = await admin('team', 'create', '--name', 'Nowhere', '--timezone', 'America/Atlantis', '--enterprise', String(enterpriseId));

    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('--timezone');
    expect(run.stderr).toContain('America/Atlantis');
  });

  it('refuses a team in an enterprise that does not exist, naming --enterprise', async () => {
    const run = await admin('team', 'create', '--name', 'Orphan', '--timezone', 'America/Denver', '--enterprise', '99999');

    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--enterprise');
  });

  it('refuses a reused workspace id, naming --workspace', async () => {
    const { enterpriseId } = await tenancy();
    const taken = workspace();
    await adminJson('team', 'create', '--name', 'First', '--timezone', 'UTC', '--enterprise', String(enterpriseId), '--workspace', taken);

    const run = await admin(
      'team',
      'create',
      '--name',
      'Second',
      '--timezone',
      'UTC',
      '--enterprise',
      String(enterpriseId),
      '--workspace',
      taken,
    );

    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--workspace');
  });

  it('prints a new key once, with a warning, and the key authenticates with the requested scope', async () => {
    const { portfolioId, teamId } = await tenancy();

    const run = await admin(
      'key',
      'create',
      '--type',
      'portfolio_all_teams',
      '--team',
      String(teamId),
      '--permissions',
      'all',
      '--portfolio',
      String(portfolioId),
    );

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/will not|only time/i);
    const plaintext = /service_[0-9a-f]{64}/.exec(run.stdout)?.[0] ?? '';
    const resolved = await authenticateApiKey(store, plaintext);
    expect(resolved).toMatchObject({ ok: true, identity: { keyType: 'portfolio_all_teams', portfolioId, teamIds: [teamId] } });
    expect(resolved.ok && resolved.identity.permissions).not.toContain('read:support_tickets');
  });

  it('never shows key material in key list', async () => {
    const { teamId } = await tenancy();
    const created = await adminJson<{ key: string; keyId: string }>(
      'key',
      'create',
      '--type',
      'enterprise',
      '--team',
      String(teamId),
      '--permissions',
      'read:leads,read:calls',
      '--name',
      'Listing check',
    );

    const human = await admin('key', 'list');
    const json = await admin('key', 'list', '--json');

    expect(created.key).toMatch(/^service_[0-9a-f]{64}$/);
    for (const run of [human, json]) {
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(created.keyId);
      expect(run.stdout).not.toMatch(/service_[0-9a-f]{64}/);
      expect(run.stdout).not.toMatch(/[0-9a-f]{64}/);
    }
    expect(human.stdout).toMatch(/ID\s+NAME\s+PREFIX\s+TYPE SCOPE\s+PERMS\s+CREATED\s+LAST USED\s+USES\s+STATUS/);
    const listed = (JSON.parse(json.stdout) as { keyId: string; permissions: string[] }[]).find((k) => k.keyId === created.keyId);
    expect(listed).toMatchObject({ name: 'Listing check', type: 'enterprise', scope: { kind: 'team', id: teamId } });
    expect(listed?.permissions).toEqual(['read:calls', 'read:leads']);
  });

  it('revokes a key: revokedAt is set and the key no longer authenticates', async () => {
    const { teamId } = await tenancy();
    const created = await adminJson<{ key: string; keyId: string }>(
      'key',
      'create',
      '--type',
      'enterprise_all_teams',
      '--team',
      String(teamId),
      '--permissions',
      'all',
    );

    const run = await admin('key', 'revoke', '--id', created.keyId, '--yes');

    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Revoked key ${created.keyId}`);
    const listed = (await adminJson<{ keyId: string; revokedAt: string | null }[]>('key', 'list')).find((k) => k.keyId === created.keyId);
    expect(listed?.revokedAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/));
    expect(await authenticateApiKey(store, created.key)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('refuses to revoke a key id that does not exist', async () => {
    const run = await admin('key', 'revoke', '--id', 'key_0123456789abcdef');

    expect(run.code).toBe(2);
    expect(run.stderr).toContain('key_0123456789abcdef');
  });

  it('refuses read:support_tickets on a single-team key, naming --permissions', async () => {
    const { teamId } = await tenancy();

    const run = await admin('key', 'create', '--type', 'enterprise', '--team', String(teamId), '--permissions', 'read:support_tickets');

    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--permissions');
    expect(run.stdout).toBe('');
  });

  it('refuses a key anchored on a team that does not exist, naming --team', async () => {
    const run = await admin('key', 'create', '--type', 'enterprise', '--team', '424242', '--permissions', 'all');

    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--team');
  });

  it('refuses a non-numeric id, naming the flag', async () => {
    const run = await admin('team', 'list', '--enterprise', 'acme');

    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--enterprise');
  });

  it('refuses unknown commands and unknown flags with exit code 1', async () => {
    expect((await admin('team', 'delete')).code).toBe(2);
    const unknownFlag = await admin('team', 'list', '--colour', 'blue');
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr).toContain('--colour');
  });

  it("prints help for help and exits 0: a command's usage, and where the commands read and write", async () => {
    const run = await admin('help', 'key', 'create');
    const target = await admin('help', 'target');

    expect(run.code).toBe(0);
    expect(run.stdout).toContain('key create --type TYPE --team ANCHOR_TEAM_ID');
    expect(target.code).toBe(0);
    expect(target.stdout).toContain('TeamsTableName');
  });

  it('manages the seeded demo: its keys are listed without key material and the credentials file has the contract shape', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-cli-seed-'));
    try {
      const { seedIfEmpty } = await import('../../../../local/demo/seed');

      const result = await seedIfEmpty(dataDir);
      const again = await seedIfEmpty(dataDir);
      const listed = await admin('key', 'list');

      expect(result.seeded).toBe(true);
      expect(again).toEqual({ credentialsPath: result.credentialsPath, seeded: false, counts: null });
      const credentials = JSON.parse(readFileSync(result.credentialsPath, 'utf8')) as { keys: Record<string, unknown>[] };
      expect(credentials.keys.map((k) => k.type)).toEqual(['enterprise', 'enterprise_all_teams', 'portfolio_all_teams', 'enterprise']);
      for (const key of credentials.keys) {
        expect(Object.keys(key)).toEqual(['key', 'type', 'permissions', 'team_ids', 'enterprise_id', 'portfolio_id']);
        expect(listed.stdout).not.toContain(String(key.key));
      }
      expect(credentials.keys[1]?.permissions).toContain('read:support_tickets');
      for (const key of credentials.keys.slice(0, 3)) expect(key.permissions).toEqual(expect.arrayContaining([...WRITE_PERMISSIONS]));
      expect(credentials.keys[2]?.team_ids).toHaveLength(5);
      expect(credentials.keys[3]?.permissions).toEqual(['read:leads']);
      // The table clips names to fit 120 columns; --json has them whole.
      expect((await admin('key', 'list', '--json')).stdout).toContain('Demo enterprise key (read:leads only)');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

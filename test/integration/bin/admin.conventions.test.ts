import { createApiKey } from '#shared/domain/key-service';
import type { Team } from '#shared/domain/tenancy';
import { admin, adminJson, useIntakeTeams } from '../../support/admin-harness';

/*
 * Errors blame the flag the operator typed (never one they did not pass), and `key list` shows the
 * operator's keys: the ones the service mints for itself only with --all.
 */

const id = (team: Team) => String(team.id);
let counter = 0;

// One emulator for the file: the fixture starts it once and gives every test fresh teams.
const fx = useIntakeTeams();

describe('admin CLI: errors blame the right flag', () => {
  it('a second team of the same name, without --workspace, is refused naming --name (its derived workspace id is taken)', async () => {
    const name = `Duplicate Name ${++counter}`;
    const args = ['team', 'create', '--name', name, '--timezone', 'UTC', '--enterprise', String(fx.teams.anchor.enterpriseId)];
    await adminJson(...args);

    const text = await admin(...args);
    const json = await admin(...args, '--json');

    expect(text.code).toBe(2);
    expect(text.stdout).toBe('');
    expect(text.stderr).toMatch(new RegExp(`^error: --name '${name}' is taken`));
    expect(text.stderr).toContain(`ws_duplicate_name_${counter}`);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: 'invalid_request', flag: '--name' });
  });

  it('the same with --workspace given blames --workspace, which was typed', async () => {
    const name = `Duplicate Workspace ${++counter}`;
    const args = [
      'team',
      'create',
      '--timezone',
      'UTC',
      '--enterprise',
      String(fx.teams.anchor.enterpriseId),
      '--workspace',
      `ws_dup_${counter}`,
    ];
    await adminJson(...args, '--name', name);

    const json = await admin(...args, '--name', `${name} bis`, '--json');

    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr)).toMatchObject({ flag: '--workspace' });
  });

  it('an unknown key type names --type with the closest type, also when it is too long to make a default --name from', async () => {
    const typo = await admin('key', 'create', '--type', 'enterprize', '--team', id(fx.teams.anchor), '--permissions', 'all');
    const long = await admin('key', 'create', '--type', 'x'.repeat(120), '--team', id(fx.teams.anchor), '--permissions', 'all', '--json');

    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain(
      "--type must be one of enterprise, enterprise_all_teams, portfolio_all_teams; got 'enterprize'; did you mean enterprise?",
    );
    expect(long.code).toBe(2);
    expect(JSON.parse(long.stderr)).toMatchObject({ flag: '--type' });
  });

  it('quiet hours that end before they start blame the flag that was typed', async () => {
    const run = await admin('messaging', 'quiet-hours', '--team', id(fx.teams.anchor), '--end', '5', '--json');

    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr)).toMatchObject({ flag: '--end', message: expect.stringMatching(/^--end: /) });
  });

  it('a usage error points at the help of the command it was in', async () => {
    const run = await admin('team', 'list', '--enterprise', 'acme');

    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('team list --help');
  });
});

describe('admin CLI: key list and internal keys', () => {
  it('hides the keys the service mints for itself unless --all, and says so', async () => {
    const mine = await createApiKey(fx.store, {
      name: 'Operator key',
      type: 'enterprise',
      anchorTeamId: fx.teams.anchor.id,
      permissions: ['read:leads'],
    });
    // What local/sandbox/call-reports.ts mints under `npm start` to post its simulated call reports:
    // marked internal (the mark decides, whatever the name)...
    const internal = await createApiKey(fx.store, {
      name: 'Call reports of the sandbox',
      type: 'enterprise_all_teams',
      anchorTeamId: fx.teams.anchor.id,
      permissions: ['write:calls'],
      internal: true,
    });
    // ...or, minted before the mark existed, known by the name it was given.
    const unmarked = await createApiKey(fx.store, {
      name: 'local sandbox call reports',
      type: 'enterprise_all_teams',
      anchorTeamId: fx.teams.anchor.id,
      permissions: ['write:calls'],
    });
    expect(unmarked.record).not.toHaveProperty('internal');

    const text = await admin('key', 'list');
    const json = await adminJson<{ keyId: string; internal: boolean }[]>('key', 'list');
    const all = await adminJson<{ keyId: string; internal: boolean }[]>('key', 'list', '--all');
    const allText = await admin('key', 'list', '--all');

    expect(text.stdout).toContain(mine.record.keyId);
    expect(text.stdout).not.toContain(internal.record.keyId);
    expect(text.stdout).toMatch(/\(\d+ internal keys? of the service hidden: `key list --all` shows them\)/);
    expect(json.map((k) => k.keyId)).toContain(mine.record.keyId);
    expect(json.map((k) => k.keyId)).not.toContain(internal.record.keyId);
    expect(json.map((k) => k.keyId)).not.toContain(unmarked.record.keyId);
    expect(all.find((k) => k.keyId === unmarked.record.keyId)).toMatchObject({ internal: true });
    expect(all.find((k) => k.keyId === internal.record.keyId)).toMatchObject({ internal: true });
    expect(all.find((k) => k.keyId === mine.record.keyId)).toMatchObject({ internal: false });
    expect(allText.stdout).toContain(internal.record.keyId);
    expect(allText.stdout).not.toContain('hidden');
  });
});

describe('admin CLI: intake lead sources blame what was typed', () => {
  it('new --sources that leave out the stored default name --sources, not the --default that was not passed', async () => {
    const team = id(fx.teams.anchor);
    await adminJson('intake', 'lead-sources', '--team', team, '--sources', 'Website,Google Ads', '--default', 'Website');

    const run = await admin('intake', 'lead-sources', '--team', team, '--sources', 'Google Ads,Facebook', '--json');

    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr)).toMatchObject({ flag: '--sources', message: expect.stringContaining("leaves out 'Website'") });
  });
});

describe('admin CLI: a missing choice names no flag', () => {
  it('key set without a change, and rollups rebuild without a target, name the choices and blame none; two targets name both', async () => {
    const keySet = await admin('key', 'set', '--id', 'key_0123456789abcdef', '--json');
    const none = await admin('rollups', 'rebuild', '--json');
    const two = await admin('rollups', 'rebuild', '--team', '1', '--all', '--json');

    for (const run of [keySet, none, two]) expect(run.code).toBe(2);
    expect(JSON.parse(keySet.stderr)).toEqual({
      error: 'invalid_request',
      message: 'give at least one of --expires, --rate-limit, --fields',
    });
    expect(JSON.parse(none.stderr)).not.toHaveProperty('flag');
    expect(JSON.parse(two.stderr)).toMatchObject({ flag: '--all', message: expect.stringContaining('not --team and --all') });
  });
});

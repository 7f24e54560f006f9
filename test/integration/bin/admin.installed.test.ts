import { execFile } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

/*
 * The package's `bin` runs the CLI as a command from any working directory: it finds tsx, the
 * TypeScript entry and the embedded DynamoDB's modules in the package, not in the caller's folder.
 */

const root = path.join(__dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  bin: Record<string, string>;
};
const run = promisify(execFile);

async function command(
  cwd: string,
  env: Record<string, string>,
  ...argv: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const [name, entry] = Object.entries(pkg.bin)[0] ?? [];
  expect(name).toBe(`${pkg.name}-admin`);
  try {
    const { stdout, stderr } = await run(path.join(root, entry as string), argv, { cwd, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the admin CLI as an installed command', () => {
  let elsewhere: string;

  beforeAll(() => {
    elsewhere = mkdtempSync(path.join(tmpdir(), 'admin-bin-'));
  });
  afterAll(() => {
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it('is an executable script with a node shebang', () => {
    const entry = path.join(root, Object.values(pkg.bin)[0] as string);
    accessSync(entry, constants.X_OK);
    expect(readFileSync(entry, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('prints its version and names itself in its help, from another working directory', async () => {
    const version = await command(elsewhere, {}, '--version');
    const help = await command(elsewhere, {}, 'key', '--help');

    expect(version).toEqual({ code: 0, stdout: `${pkg.name} ${pkg.version}\n`, stderr: '' });
    expect(help.stdout).toContain(`Usage: ${pkg.name}-admin key <command>`);
  });

  it('passes on the exit code of a usage error', async () => {
    const unknown = await command(elsewhere, {}, 'kye', 'list');

    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("did you mean 'key list'?");
  });

  it('opens the local data folder with the embedded DynamoDB from another working directory', async () => {
    const dataDir = path.join(elsewhere, 'data');

    const created = await command(elsewhere, { DATA_DIR: dataDir }, 'portfolio', 'create', '--name', 'From elsewhere', '--local', '--json');
    const listed = await command(elsewhere, { DATA_DIR: dataDir }, 'portfolio', 'list', '--local', '--json');

    expect(created).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ name: 'From elsewhere' })]);
  }, 60_000);
});

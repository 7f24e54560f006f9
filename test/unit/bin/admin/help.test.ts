import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { GROUPS } from '../../../../bin/admin/help';
import { COMMANDS } from '../../../../bin/admin/main';
import { closest, editDistance } from '../../../../bin/admin/suggest';
import { admin } from '../../../support/admin-harness';

/*
 * The CLI's conventions that need no store: help at three levels, --version, "did you mean" and
 * usage errors (exit 2, one line on stderr). None of these runs opens a DynamoDB.
 */

const pkg = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};
const names = Object.keys(COMMANDS);
const lines = (text: string) => text.trimEnd().split('\n');

/** The words of an example command line, with "quoted parts" kept whole. */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? '');
}

describe('admin CLI help', () => {
  it.each([['--help'], ['-h'], ['help']])('`%s` prints the short overview naming every group, exit 0', async (flag) => {
    const run = await admin(flag);

    expect(run).toMatchObject({ code: 0, stderr: '' });
    for (const group of Object.keys(GROUPS)) expect(run.stdout).toMatch(new RegExp(`^  ${group} `, 'm'));
    expect(lines(run.stdout).length).toBeLessThanOrEqual(45);
    // The overview names groups, not every command's flags.
    expect(run.stdout).not.toContain('--permissions');
  });

  it('with no command at all prints the overview on stderr and exits 2', async () => {
    const run = await admin();

    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Usage:');
  });

  it.each(Object.keys(GROUPS))('`%s --help` and `help %s` list exactly that group’s commands', async (group) => {
    const run = await admin(group, '--help');
    const viaHelp = await admin('help', group);

    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(viaHelp.stdout).toBe(run.stdout);
    const members = names.filter((name) => name.startsWith(`${group} `));
    for (const name of members) expect(run.stdout).toContain(`  ${name} `);
    for (const name of names.filter((n) => !members.includes(n))) expect(run.stdout).not.toContain(`  ${name} `);
  });

  it('a group of two words has help too: `coach rubric --help`', async () => {
    const run = await admin('coach', 'rubric', '--help');

    expect(run.code).toBe(0);
    expect(run.stdout).toContain('coach rubric history');
  });

  it('a group without a command is a usage error naming its commands', async () => {
    const run = await admin('team');

    expect(run.code).toBe(2);
    expect(run.stderr).toContain("'team' needs a command: create, list, set, limits");
    expect(lines(run.stderr)).toHaveLength(1);
  });

  it.each(names)('`%s --help` prints only that command: usage, every flag it takes, an example', async (name) => {
    const command = COMMANDS[name];
    const run = await admin(...name.split(' '), '--help');
    const viaHelp = await admin('help', ...name.split(' '));

    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(viaHelp.stdout).toBe(run.stdout);
    expect(run.stdout).toMatch(new RegExp(`^Usage: .* ${name}\\b`));
    for (const option of Object.keys(command?.options ?? {})) expect(run.stdout).toMatch(new RegExp(`^  --${option}\\b`, 'm'));
    expect(run.stdout).toMatch(/^Examples?\n {2}\S.* /m);
    expect(lines(run.stdout).length).toBeLessThanOrEqual(40);
    for (const other of names.filter((n) => n !== name && !name.startsWith(n) && !n.startsWith(name))) {
      expect(run.stdout).not.toContain(`-- ${other} `);
    }
  });

  it.each(names)('the help of `%s` documents exactly its flags, and its examples use only them', (name) => {
    const command = COMMANDS[name];
    if (!command) throw new Error(name);
    const documented = Object.keys(command.help.flags).map((flag) => flag.split(' ')[0]);
    const accepted = Object.keys(command.options).map((option) => `--${option}`);
    // The one word a command takes beside its flags (`intake preset show NAME`) is documented by its name in capitals.
    const positional = command.positional ? [command.positional.toUpperCase()] : [];
    expect(documented.sort()).toEqual([...accepted, ...positional].sort());
    for (const example of command.help.examples) {
      expect(example.startsWith(`${name} `) || example === name).toBe(true);
      const flags = words(example).filter((w) => w.startsWith('-'));
      for (const flag of flags) expect([...accepted, '--json', '--local', '--yes', '-y']).toContain(flag);
    }
  });

  it('fits 100 columns (a command’s examples aside, which are lines to copy whole)', async () => {
    const texts = [(await admin('--help')).stdout, (await admin('help', 'target')).stdout];
    for (const group of Object.keys(GROUPS)) texts.push((await admin(group, '--help')).stdout);
    for (const name of names) texts.push((await admin(...name.split(' '), '--help')).stdout.split(/\nExamples?\n/)[0] ?? '');
    for (const text of texts) for (const line of lines(text)) expect(line.length).toBeLessThanOrEqual(100);
  });

  it('prints a command’s help even when the rest of the line is wrong', async () => {
    const run = await admin('key', 'create', '--bogus', '--help');

    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--permissions');
  });

  it('lists --yes in the help of the commands that ask first, and only there', async () => {
    for (const name of names) {
      const run = await admin('help', ...name.split(' '));
      expect(/^ {2}-y, --yes/m.test(run.stdout)).toBe(COMMANDS[name]?.help.confirms === true);
    }
  });
});

describe('admin CLI --version', () => {
  it.each([['--version'], ['-V'], ['version']])('`%s` prints the package name and version, exit 0', async (flag) => {
    const run = await admin(flag);

    expect(run).toEqual({ code: 0, stdout: `${pkg.name} ${pkg.version}\n`, stderr: '' });
  });
});

describe('admin CLI: did you mean', () => {
  it.each([
    [['kye', 'list'], "unknown command 'kye list'; did you mean 'key list'?"],
    [['tema', 'create'], "unknown command 'tema create'; did you mean 'team create'?"],
    [['key', 'revok'], "unknown command 'key revok'; did you mean 'key revoke'?"],
    [['key', 'rm'], "unknown command 'key rm'"],
    [['intake', 'routng'], "did you mean 'intake routing'?"],
    [['portfolo'], "did you mean 'portfolio'?"],
    [['help', 'kye'], "did you mean 'key'?"],
    [['team', 'list', '--enterprse', '1'], "unknown flag --enterprse for 'team list'; did you mean --enterprise?"],
    [['key', 'create', '--perm', 'all'], 'did you mean --permissions?'],
    [['key', 'list', '--al'], 'did you mean --all?'],
    [['team', 'list', '--colour', 'blue'], "unknown flag --colour for 'team list'"],
  ])('%j: one line on stderr, exit 2', async (argv, message) => {
    const run = await admin(...argv);

    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
    expect(lines(run.stderr)).toHaveLength(1);
  });

  it('suggests nothing for what is nothing like a command', async () => {
    const run = await admin('frobnicate');

    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain('did you mean');
  });

  it('a missing value or a stray word is a usage error naming it', async () => {
    const missing = await admin('team', 'list', '--enterprise');
    const stray = await admin('team', 'list', 'acme');

    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain('--enterprise needs a value');
    expect(stray.code).toBe(2);
    expect(stray.stderr).toContain("unexpected argument 'acme'");
  });

  it('--json reports a usage error as JSON naming the flag', async () => {
    const run = await admin('team', 'list', '--enterprse', '1', '--json');

    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr)).toMatchObject({ error: 'invalid_request', flag: '--enterprse' });
  });

  it('edit distance: zero only for the same word, symmetric, a swap of neighbours is one edit', () => {
    expect(editDistance('kye', 'key')).toBe(1);
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const d = editDistance(a, b);
        expect(d).toBe(editDistance(b, a));
        expect(d === 0).toBe(a === b);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });

  it('suggests a known word within two edits, or one the typed text starts, and a known word itself', () => {
    const known = [...names, ...Object.keys(GROUPS)];
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...known), fc.string({ maxLength: 14 })), (typed) => {
        const suggestion = closest(typed, known);
        if (known.includes(typed)) expect(suggestion).toBe(typed);
        if (suggestion !== null) {
          expect(known).toContain(suggestion);
          expect(editDistance(typed, suggestion) <= 2 || suggestion.startsWith(typed)).toBe(true);
        }
      }),
    );
  });
});

describe('internal keys', () => {
  it('are known by the name the local sandbox gives its call-report keys', () => {
    // bin/admin/internal-keys.ts knows them by this name: the sandbox must keep giving it.
    const source = readFileSync(path.join(__dirname, '..', '..', '..', '..', 'local', 'sandbox', 'call-reports.ts'), 'utf8');
    expect(source).toContain("const KEY_NAME = 'local sandbox call reports';");
    expect(readFileSync(path.join(__dirname, '..', '..', '..', '..', 'bin', 'admin', 'internal-keys.ts'), 'utf8')).toContain(
      "'local sandbox call reports'",
    );
  });
});

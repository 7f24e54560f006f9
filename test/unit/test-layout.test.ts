import { existsSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { REPOSITORY_ROOT } from '../support/import-graph';

/**
 * A source file's tests are found by its path: the unit and integration tests of `shared/domain/phone.ts`
 * are `test/unit/shared/domain/phone.test.ts` and `test/integration/shared/domain/phone.test.ts`; a
 * test of a whole folder is named after the folder (`test/unit/shared/contracts.test.ts`), and a
 * second test file of one source adds an aspect (`ingest.routing.test.ts` for `ingest.ts`). Only
 * tests of the repository as a whole, or of the test harness itself, sit at a kind's top level.
 * End-to-end tests (test/e2e) go through the local gateway and are named by behaviour; infra tests
 * (test/infra) by what they assert of the synthesized stacks.
 */
const MIRRORED_KINDS = ['unit', 'integration'] as const;
const TOP_LEVEL = new Map<string, string>([
  ['unit/layering.test.ts', 'the import rules of the whole repository'],
  ['unit/area-names.test.ts', 'one name per area across the area folders'],
  ['unit/self-contained.test.ts', 'nothing in the repository points outside it'],
  ['unit/test-layout.test.ts', 'this layout'],
  ['unit/source-size.test.ts', 'the file and function length limits of the whole repository'],
  ['integration/dynamodb-local-harness.test.ts', 'the harness of test/support/dynamodb-local.ts'],
]);

function testFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return testFiles(full);
    return name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The source a test path names: `<path>` or `<path>.<aspect>` as a .ts/.mjs file or a folder; null when none. */
function sourceOfTest(relativeTest: string, exists: (candidate: string) => boolean): string | null {
  const base = relativeTest.replace(/\.test\.ts$/, '');
  const dir = path.posix.dirname(base);
  const [name, ...aspect] = path.posix.basename(base).split('.');
  if (aspect.length > 1 || name === undefined) return null;
  const stem = dir === '.' ? name : `${dir}/${name}`;
  for (const candidate of [`${stem}.ts`, `${stem}.mjs`, stem]) if (exists(candidate)) return candidate;
  return null;
}

describe('test layout', () => {
  it.each(MIRRORED_KINDS)('every %s test names the source file or folder it tests by its path', (kind) => {
    const root = path.join(REPOSITORY_ROOT, 'test', kind);
    const offenders = testFiles(root)
      .map((file) => path.relative(root, file).split(path.sep).join('/'))
      .filter((relative) => !TOP_LEVEL.has(`${kind}/${relative}`))
      .filter((relative) => sourceOfTest(relative, (candidate) => existsSync(path.join(REPOSITORY_ROOT, candidate))) === null);
    expect(offenders).toEqual([]);
  });

  it('gives every function’s handler a unit test beside its path (docs/adr/0160-handler-unit-tests.md)', () => {
    const functions = readdirSync(path.join(REPOSITORY_ROOT, 'functions')).filter((name) =>
      existsSync(path.join(REPOSITORY_ROOT, 'functions', name, 'handler.ts')),
    );
    expect(functions.length).toBeGreaterThan(0);
    const untested = functions.filter((name) => !existsSync(path.join(REPOSITORY_ROOT, 'test/unit/functions', name, 'handler.test.ts')));
    expect(untested).toEqual([]);
  });

  it('keeps the listed top-level tests where they are', () => {
    const missing = [...TOP_LEVEL.keys()].filter((relative) => !existsSync(path.join(REPOSITORY_ROOT, 'test', relative)));
    expect(missing).toEqual([]);
  });

  it('reads a file, a folder and an aspect as the source a test names, and nothing else', () => {
    const tree = new Set(['shared/domain/phone.ts', 'shared/contracts', 'shared/domain/intake/ingest.ts', 'bin/admin.mjs']);
    const exists = (candidate: string) => tree.has(candidate);
    expect(sourceOfTest('shared/domain/phone.test.ts', exists)).toBe('shared/domain/phone.ts');
    expect(sourceOfTest('shared/contracts.test.ts', exists)).toBe('shared/contracts');
    expect(sourceOfTest('shared/domain/intake/ingest.routing.test.ts', exists)).toBe('shared/domain/intake/ingest.ts');
    expect(sourceOfTest('bin/admin.installed.test.ts', exists)).toBe('bin/admin.mjs');
    expect(sourceOfTest('shared/domain/phones.test.ts', exists)).toBeNull();
    expect(sourceOfTest('shared/domain/intake/ingest.a.b.test.ts', exists)).toBeNull();
  });
});

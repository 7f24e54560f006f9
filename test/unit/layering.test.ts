import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * The dependency rules of the layers (thin handlers; ports and adapters): domain code
 * throws typed errors and logs through shared modules, and leaves HTTP status codes, error bodies
 * and queue mechanics to the layers that own them.
 */
const ROOT = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The repository-relative files a module imports (relative and `#shared/...` specifiers; packages are left out). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/g)].map((m) => m[1] ?? '');
  return specifiers.flatMap((s) => {
    if (s.startsWith('#shared/')) return [path.join('shared', s.slice('#shared/'.length))];
    if (s.startsWith('.')) return [path.relative(ROOT, path.resolve(path.dirname(file), s))];
    return [];
  });
}

describe('layering', () => {
  const domainFiles = sourceFiles(path.join(ROOT, 'shared/domain'));

  it('finds the domain modules', () => {
    expect(domainFiles.length).toBeGreaterThan(20);
  });

  it.each(['shared/http', 'shared/workers', 'functions', 'lib'])('no domain module imports from %s', (layer) => {
    const offenders = domainFiles.flatMap((file) =>
      importsOf(file)
        .filter((target) => target === layer || target.startsWith(`${layer}/`))
        .map((target) => `${path.relative(ROOT, file)} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });
});

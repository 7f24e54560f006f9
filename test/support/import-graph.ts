import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

/**
 * The repository's own import graph, read from the source text: which module imports which, by
 * repository-relative path. Every kind of import counts (type-only ones, re-exports, side-effect
 * imports and `import()`): a type-only cycle costs no runtime, but it still ties two modules so
 * that neither can be read, moved or tested without the other.
 */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

export const REPOSITORY_ROOT = path.resolve(__dirname, '../..');

/** The folders whose modules the graph holds: everything that ships or runs the service, and the tests' own helpers. */
export const SOURCE_FOLDERS = ['bin', 'lib', 'functions', 'shared', 'local', 'bench', 'test/support'] as const;

const IMPORT_PATTERN = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+'([^']+)'|(?:^|\n)\s*import\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g;

/** The files under a folder whose names end in one of the extensions (TypeScript unless told), node_modules left out. */
export function sourceFiles(dir: string, extensions: readonly string[] = ['.ts']): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full, extensions);
    return extensions.some((extension) => entry.name.endsWith(extension)) ? [full] : [];
  });
}

function resolveModule(base: string): string | undefined {
  return [base, `${base}.ts`, path.join(base, 'index.ts')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** The repository files a module imports (relative and `#shared/...` specifiers; packages are left out). */
export function importsOf(file: string, root: string = REPOSITORY_ROOT): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const targets = [...text.matchAll(IMPORT_PATTERN)].flatMap((match) => {
    const specifier = match[1] ?? match[2] ?? match[3] ?? '';
    let resolved: string | undefined;
    if (specifier.startsWith('#shared/')) resolved = resolveModule(path.join(root, 'shared', specifier.slice('#shared/'.length)));
    else if (specifier.startsWith('.')) resolved = resolveModule(path.resolve(path.dirname(path.join(root, file)), specifier));
    return resolved ? [path.relative(root, resolved)] : [];
  });
  return [...new Set(targets)];
}

export function importGraph(folders: readonly string[] = SOURCE_FOLDERS, root: string = REPOSITORY_ROOT): ImportGraph {
  const files = folders.flatMap((folder) => sourceFiles(path.join(root, folder))).map((file) => path.relative(root, file));
  return new Map(files.map((file) => [file, importsOf(file, root)]));
}

/**
 * The import cycles of a graph, one per group of modules that reach each other (Tarjan's strongly
 * connected components), each as its shortest chain from the group's first module (in path order)
 * back to itself: `[a, b, c, a]` reads "a imports b, b imports c, c imports a".
 */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;

  const visit = (module: string): void => {
    index.set(module, next);
    lowLink.set(module, next);
    next += 1;
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(module, Math.min(lowLink.get(module) ?? 0, lowLink.get(target) ?? 0));
      } else if (onStack.has(target)) {
        lowLink.set(module, Math.min(lowLink.get(module) ?? 0, index.get(target) ?? 0));
      }
    }
    if (lowLink.get(module) !== index.get(module)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== module);
    const selfImport = (graph.get(module) ?? []).includes(module);
    if (group.length > 1 || selfImport) groups.push(group);
  };

  for (const module of [...graph.keys()].sort()) if (!index.has(module)) visit(module);
  return groups.map((group) => shortestChain(graph, new Set(group))).sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** The shortest import chain from the group's first module back to itself, through the group only (breadth first). */
function shortestChain(graph: ImportGraph, group: ReadonlySet<string>): string[] {
  const start = [...group].sort()[0] ?? '';
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const module = queue[i] ?? '';
    for (const target of graph.get(module) ?? []) {
      if (!group.has(target)) continue;
      if (target === start) {
        const chain = [start];
        for (let at: string | undefined = module; at !== undefined && at !== start; at = cameFrom.get(at)) chain.splice(1, 0, at);
        chain.push(start);
        return chain;
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, module);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

import { readFile, stat } from 'node:fs/promises';
import * as path from 'node:path';
import type { Plugin, PluginBuild } from 'esbuild';

/** The AWS SDK's ES module files: their imports name the barrels of @smithy/core and @aws-sdk/core. */
const SDK_MODULE = /[\\/]node_modules[\\/]@(?:smithy|aws-sdk)[\\/].*[\\/]dist-es[\\/].*\.js$/;

/** One `import { … } from "…";` line, as the SDK's compiled files write every named import. */
const NAMED_IMPORT = /^import \{([^}]*)\} from "([^"]+)";$/gm;

/** One `export { … } from "…";` line: what a barrel is made of. */
const NAMED_REEXPORT = /^export \{([^}]*)\} from "([^"]+)";$/;

/** The exports a barrel's own code may declare besides its re-exports; any other form leaves the module as it is. */
const LOCAL_DECLARATION = /^export (?:class|function|async function|const|let|var) ([\w$]+)\b/;
const LOCAL_LIST = /^export \{([^}]*)\};$/;

/** The folder of the package a path lies in: node_modules/name or node_modules/@scope/name, the last one. */
const PACKAGE_FOLDER = /^.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+/;

/** Where a barrel's own code goes, so that importing one of its names does not reach every file it re-exports. */
const LOCAL_PART_NAMESPACE = 'sdk-barrel-own-code';

/** Where a name a barrel exports is defined: a module that is not a barrel (or a barrel's own code), and its name there. */
interface Definition {
  readonly module: string;
  readonly name: string;
}

/** A barrel: its exports by name, and the names and source lines of its own code (none in a pure one). */
interface Barrel {
  readonly exports: ReadonlyMap<string, Definition>;
  readonly ownNames: readonly string[];
  readonly ownLines: readonly string[];
}

/**
 * esbuild writes a module in the chunk of every entry that reaches it through the import graph,
 * re-exports included, even where tree shaking then keeps only code another chunk uses. The
 * DynamoDB client reaches the protocol, serde and checksum barrels of @smithy/core and
 * @aws-sdk/core, so every file they re-export is reached from the entry, and what a first-use
 * client (SQS, Scheduler, S3…) uses of them is written into the chunk read at load: the REST-JSON
 * protocol, HTTP-binding and string serde, MD5, stream mixins. Here each SDK file's named imports
 * from a barrel name the modules that define them instead, and a barrel's own code (serde's
 * `v4`, endpoints' and retry's helpers) becomes a module of its own that the barrel re-exports, so
 * a file is reached only from code that imports it
 * (docs/adr/0203-sdk-code-of-first-use-clients-stays-in-their-chunks.md). The SDK packages declare
 * no side effects, so which of a barrel's files run changes nothing; an import this cannot place
 * (a name not found, a barrel with `export *` or a form not read here) is left as it was.
 */
export function sdkImportsPastBarrels(projectRoot: string): Plugin {
  return {
    name: 'sdk-imports-past-barrels',
    setup(build) {
      const barrels = barrelReader(build, projectRoot);
      const rewrite = async (source: string, resolveDir: string): Promise<string> => {
        const replacements = new Map<string, string>();
        const imports = [...source.matchAll(NAMED_IMPORT)];
        const found = await Promise.all(imports.map(([, , specifier = '']) => barrels.of(specifier, resolveDir)));
        imports.forEach(([line, names = ''], index) => {
          const direct = directImports(names, found[index]);
          if (direct !== undefined) replacements.set(line, direct);
        });
        // Each replacement stays on its line, so the SDK's own line numbers still hold.
        return source.replace(NAMED_IMPORT, (line) => replacements.get(line) ?? line);
      };
      build.onLoad({ filter: SDK_MODULE, namespace: 'file' }, async (args) => {
        const resolveDir = path.dirname(args.path);
        const own = await barrels.at(args.path);
        const source = await readFile(args.path, 'utf8');
        const contents =
          own !== undefined && own.ownNames.length > 0
            ? withoutOwnCode(source, own, localPartSpecifier(projectRoot, args.path))
            : await rewrite(source, resolveDir);
        return { contents, loader: 'js', resolveDir };
      });
      build.onResolve({ filter: new RegExp(`^${LOCAL_PART_NAMESPACE}:`) }, (args) => ({
        path: args.path.slice(LOCAL_PART_NAMESPACE.length + 1),
        namespace: LOCAL_PART_NAMESPACE,
        // The barrel's package declares no side effects; its own code, moved here, keeps that.
        sideEffects: false,
      }));
      build.onLoad({ filter: /.*/, namespace: LOCAL_PART_NAMESPACE }, async (args) => {
        const file = path.resolve(projectRoot, args.path);
        const resolveDir = path.dirname(file);
        const own = await barrels.at(file);
        return { contents: await rewrite(own?.ownLines.join('\n') ?? '', resolveDir), loader: 'js', resolveDir };
      });
    },
  };
}

/** Relative, so the source maps name no build machine's folders. */
function localPartSpecifier(projectRoot: string, barrel: string): string {
  return `${LOCAL_PART_NAMESPACE}:${path.relative(projectRoot, barrel)}`;
}

/** The barrel with its own code blanked out (line numbers kept) and re-exported from the module now holding it. */
function withoutOwnCode(source: string, barrel: Barrel, localPart: string): string {
  const reexports = source.split('\n').map((line) => (NAMED_REEXPORT.test(line) ? line : ''));
  return [...reexports, `export { ${barrel.ownNames.join(', ')} } from ${JSON.stringify(localPart)};`].join('\n');
}

/** The import lines naming each definition's module, or undefined when a name cannot be placed. */
function directImports(names: string, barrel: Barrel | undefined): string | undefined {
  if (barrel === undefined) return undefined;
  const byModule = new Map<string, string[]>();
  for (const { imported, local } of specifiers(names)) {
    const definition = barrel.exports.get(imported);
    if (definition === undefined) return undefined;
    const binding = definition.name === local ? local : `${definition.name} as ${local}`;
    byModule.set(definition.module, [...(byModule.get(definition.module) ?? []), binding]);
  }
  return [...byModule].map(([module, bindings]) => `import { ${bindings.join(', ')} } from ${JSON.stringify(module)};`).join(' ');
}

/** `a, b as c,` → [{a, a}, {b, c}] */
function specifiers(list: string): { imported: string; local: string }[] {
  const parts = list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return parts.map((part) => {
    const [imported = part, local = imported] = part.split(/\s+as\s+/);
    return { imported, local };
  });
}

/** Reads each barrel once per build: by the specifier an SDK file imports, or by its file. */
function barrelReader(build: PluginBuild, projectRoot: string) {
  const byFile = new Map<string, Promise<Barrel | undefined>>();
  const resolved = new Map<string, Promise<string | undefined>>();
  const resolveOnce = async (specifier: string, resolveDir: string): Promise<string | undefined> => {
    const local = specifier.startsWith('.') ? await relativeFile(path.resolve(resolveDir, specifier)) : undefined;
    if (local !== undefined) return local;
    const result = await build.resolve(specifier, { kind: 'import-statement', resolveDir });
    return result.errors.length > 0 || result.external || result.namespace !== 'file' ? undefined : result.path;
  };
  // The SDK's files import the same few barrels: a package name is resolved once per importing package, a relative path once per folder.
  const resolve = (specifier: string, resolveDir: string): Promise<string | undefined> => {
    const key = `${specifier.startsWith('.') ? resolveDir : (PACKAGE_FOLDER.exec(resolveDir)?.[0] ?? resolveDir)}\0${specifier}`;
    let file = resolved.get(key);
    if (file === undefined) {
      file = resolveOnce(specifier, resolveDir);
      resolved.set(key, file);
    }
    return file;
  };
  const read = async (file: string, chain: readonly string[]): Promise<Barrel | undefined> => {
    const lines = (await readFile(file, 'utf8')).split('\n');
    const reexports = lines.map((line) => NAMED_REEXPORT.exec(line)).filter((match) => match !== null);
    const ownLines = lines.map((line) => (NAMED_REEXPORT.test(line) ? '' : line));
    const ownNames = ownExports(ownLines);
    if (reexports.length === 0 || ownNames === undefined) return undefined;
    const exports = new Map<string, Definition>(ownNames.map((name) => [name, { module: localPartSpecifier(projectRoot, file), name }]));
    for (const [, names = '', specifier = ''] of reexports) {
      const target = await resolve(specifier, path.dirname(file));
      if (target === undefined) return undefined;
      // Barrels re-exporting from each other would wait on each other: the names then stay where they are.
      const inner = chain.includes(target) ? undefined : await barrelAt(target, [...chain, target]);
      for (const { imported, local } of specifiers(names)) {
        const definition = inner === undefined ? { module: target, name: imported } : inner.exports.get(imported);
        if (definition !== undefined) exports.set(local, definition);
      }
    }
    return { exports, ownNames, ownLines };
  };
  const barrelAt = (file: string, chain: readonly string[]): Promise<Barrel | undefined> => {
    let barrel = byFile.get(file);
    if (barrel === undefined) {
      barrel = read(file, chain);
      byFile.set(file, barrel);
    }
    return barrel;
  };
  return {
    at: (file: string) => barrelAt(file, [file]),
    of: async (specifier: string, resolveDir: string) => {
      const file = await resolve(specifier, resolveDir);
      return file === undefined ? undefined : barrelAt(file, [file]);
    },
  };
}

/** The names a barrel's own code exports, or undefined when one of its exports has a form not read here. */
function ownExports(lines: readonly string[]): string[] | undefined {
  const names: string[] = [];
  for (const line of lines.filter((candidate) => /^export\b/.test(candidate))) {
    const declared = LOCAL_DECLARATION.exec(line)?.[1];
    const listed = LOCAL_LIST.exec(line)?.[1];
    if (declared !== undefined) names.push(declared);
    else if (listed !== undefined) names.push(...specifiers(listed).map(({ local }) => local));
    else return undefined;
  }
  return names;
}

/**
 * The file a relative specifier of the SDK's compiled files names: they write it without its `.js`,
 * or name a folder's index.js. Asking esbuild (a round trip each) for every re-export of every
 * barrel tripled a function's build; anything else is still asked.
 */
async function relativeFile(base: string): Promise<string | undefined> {
  for (const candidate of [`${base}.js`, path.join(base, 'index.js')]) {
    const found = await stat(candidate).then(
      (info) => info.isFile(),
      () => false,
    );
    if (found) return candidate;
  }
  return undefined;
}

import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/** A package's ES module file: the code these rewrites read (our own TypeScript is left alone). */
const PACKAGE_MODULE = /[\\/]node_modules[\\/].*\.m?js$/;

/** One named import from a Node built-in, on one line, as packages' ES modules write them. */
const BUILTIN_IMPORT = /^import \{([^}]*)\} from ["'](?:node:)?([a-z_/]+)["'];?[ \t]*$/gm;

/** What `node:stream/web` exports: Node defines each on the global object too, loaded when first read. */
export const WEB_STREAM_GLOBALS: ReadonlySet<string> = new Set([
  'ReadableStream',
  'ReadableStreamDefaultReader',
  'ReadableStreamBYOBReader',
  'ReadableStreamBYOBRequest',
  'ReadableByteStreamController',
  'ReadableStreamDefaultController',
  'TransformStream',
  'TransformStreamDefaultController',
  'WritableStream',
  'WritableStreamDefaultWriter',
  'WritableStreamDefaultController',
  'ByteLengthQueuingStrategy',
  'CountQueuingStrategy',
  'TextEncoderStream',
  'TextDecoderStream',
  'CompressionStream',
  'DecompressionStream',
]);

/**
 * Values a built-in module exports that Node's global object holds too, the same values
 * (test/infra/function-bundle.builtin-globals.test.ts holds them equal): under their own names, or
 * as members of a global (`holder`).
 */
interface GlobalValues {
  readonly names: ReadonlySet<string>;
  readonly holder?: string;
}

export const BUILTIN_GLOBALS: Readonly<Record<string, GlobalValues>> = {
  // Getters that load web streams when first read: the names are read only where the code uses them.
  'stream/web': { names: WEB_STREAM_GLOBALS },
  timers: { names: new Set(['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate']) },
  console: { names: new Set(['Console']), holder: 'console' },
};

/**
 * Importing a built-in module costs what its module loads and the ES module view Node builds of
 * it, which reads every export: `node:stream/web` loads all of Node's web streams (1–2 ms of CPU in
 * a fresh process), `node:timers` its promises API, `node:console` its module. @middy/core imports
 * `ReadableStream` for one `instanceof` on its response-streaming path and `setTimeout`, Powertools'
 * Logger the `Console` class, so every function paid them at load
 * (docs/adr/0206-the-base-every-function-loads.md). Node's global object holds the same values,
 * and the web streams there load when first read. A package's import of such values is replaced
 * on its line (so the package's line numbers hold): dropped where the global has the name, so the
 * code reads it where it runs, or bound to the global's member. An import this cannot replace
 * whole (a name not listed, or renamed where the global has it under its own name) is left as it was.
 */
export function builtinImportsFromGlobals(): Plugin {
  return {
    name: 'builtin-imports-from-globals',
    setup(build) {
      build.onLoad({ filter: PACKAGE_MODULE, namespace: 'file' }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const contents = source.replace(BUILTIN_IMPORT, (line, names: string, module: string) => fromGlobals(names, module) ?? line);
        // Unchanged: esbuild loads the file as it would have.
        return contents === source ? undefined : { contents, loader: 'js' };
      });
    },
  };
}

/** The line that takes an import's names from the global object, or undefined when one cannot be. */
function fromGlobals(names: string, module: string): string | undefined {
  const globals = BUILTIN_GLOBALS[module];
  if (globals === undefined) return undefined;
  const bindings: string[] = [];
  for (const part of names.split(',').map((name) => name.trim())) {
    if (part === '') continue;
    const [imported = part, local = imported] = part.split(/\s+as\s+/);
    if (!globals.names.has(imported)) return undefined;
    if (globals.holder !== undefined) bindings.push(`const ${local} = globalThis.${globals.holder}.${imported};`);
    else if (local !== imported) return undefined;
  }
  return bindings.join(' ');
}

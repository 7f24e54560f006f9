import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/** A package's ES module file: the code these rewrites read (our own TypeScript is left alone). */
const PACKAGE_MODULE = /[\\/]node_modules[\\/].*\.m?js$/;

/** One `import { … } from "node:stream/web";` line, as a package's ES module writes a named import. */
const WEB_STREAMS_IMPORT = /^import \{([^}]*)\} from ["'](?:node:)?stream\/web["'];?[ \t]*$/gm;

/**
 * What `node:stream/web` exports that Node also defines on the global object: the same classes
 * (test/infra/function-bundle.web-streams.test.ts holds them equal), defined there as getters that
 * load web streams when first read.
 */
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
 * Importing `node:stream/web` makes Node load its web streams at once (the readable, writable and
 * transform streams, their adapters, compression and encoding streams, worker messaging): 1–2 ms
 * of CPU in a fresh process. @middy/core imports `ReadableStream` from it at the top of its module
 * for one `instanceof` on its response-streaming path, so every function paid it at load though
 * none streams through middy (docs/adr/0206-the-base-every-function-loads.md). Node defines the
 * same classes on the global object, loaded when first read; a package's import of them is
 * dropped here (its line kept blank, so the package's line numbers hold), and the names then read
 * the globals where the code uses them. An import this cannot drop whole (a renamed name, one
 * Node does not define globally) is left as it was.
 */
export function webStreamsOnFirstUse(): Plugin {
  return {
    name: 'web-streams-on-first-use',
    setup(build) {
      build.onLoad({ filter: PACKAGE_MODULE, namespace: 'file' }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('stream/web')) return undefined;
        const contents = withoutWebStreamImports(source);
        // Unchanged: the other plugins (or esbuild) load the file as they would have.
        return contents === source ? undefined : { contents, loader: 'js' };
      });
    },
  };
}

/** The source with each import of globally defined web stream names blanked. */
function withoutWebStreamImports(source: string): string {
  return source.replace(WEB_STREAMS_IMPORT, (line, names: string) => {
    const specifiers = names
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    return specifiers.every((name) => WEB_STREAM_GLOBALS.has(name)) ? '' : line;
  });
}

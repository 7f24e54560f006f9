import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';
import { buildOpenApiDocument } from '#shared/openapi/document';
import { builtinImportsFromGlobals } from './builtin-globals';
import { sdkImportsPastBarrels } from './sdk-barrel-imports';

/** The file Lambda loads: the stack's handler setting `index.handler` resolves to it. */
export const BUNDLE_ENTRY_FILE = 'index.mjs';

/** Chunks loaded with `import()` on first use sit here, beside the entry file. */
const CHUNK_FOLDER = 'chunks';

/**
 * esbuild bundles CommonJS packages (most of the AWS SDK) into the ES module output; their
 * `require('node:…')` calls need a `require`, which an ES module does not have. Every output file
 * (the entry and each chunk) gets one from `createRequire`.
 */
const REQUIRE_SHIM =
  "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);";

/**
 * How every function is bundled, for the stack (lib/service-function.ts) and the benchmarks
 * (bench/bundles.ts) alike, so what is measured is what deploys: one ES module entry,
 * `index.mjs`, minified with source maps (no sources content), the AWS SDK included, and code
 * splitting, so what a function imports with `import()` (the SDK clients other than DynamoDB,
 * Powertools' idempotency, libraries only some requests need) lands in chunks that are read and
 * compiled only when a request first needs them instead of at every cold start
 * (docs/adr/0119-cold-start-build-only-what-requests-need.md). Splitting needs ES module output and an output folder.
 * What a cold start reads is one chunk (plus the entry naming the handler): see `oneChunkAtLoad`.
 */
export function functionBuildOptions(projectRoot: string, entry: string, outdir: string): BuildOptions {
  return {
    entryPoints: { index: entry },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: `${CHUNK_FOLDER}/[name]-[hash]`,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    banner: { js: REQUIRE_SHIM },
    // Nothing external: the SDK is bundled rather than taken from the runtime (pinned versions,
    // and only the modules a function uses are loaded).
    external: [],
    mainFields: ['module', 'main'],
    // Lambda's credentials are always in the environment: the SDK's full provider chain is left
    // out of every bundle (shared/adapters/aws/lambda-credentials.ts).
    alias: { '@aws-sdk/credential-provider-node': './shared/adapters/aws/lambda-credentials.ts' },
    absWorkingDir: projectRoot,
    logLevel: 'warning',
    define: prerenderedOpenApiDefines(),
    plugins: functionBundlePlugins(projectRoot, entry),
  };
}

/**
 * The plugins every function's build runs; they are functions, so the build worker makes its own.
 * esbuild takes a file from the first plugin that loads it: `sdkImportsPastBarrels` loads the SDK's
 * files, so `builtinImportsFromGlobals` reads the other packages' (none of the SDK's imports those built-ins).
 */
export function functionBundlePlugins(projectRoot: string, entry: string): Plugin[] {
  return [oneChunkAtLoad(projectRoot, entry), sdkImportsPastBarrels(projectRoot), builtinImportsFromGlobals()];
}

/**
 * What runs in the build worker: the TypeScript of function-bundle-worker.ts through tsx (the CDK
 * app itself runs under tsx); a failure to start it is answered like a failed build.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
try {
  require('tsx/cjs/api').register();
  require(workerData.file);
} catch (error) {
  workerData.port.postMessage({ error: String(error && error.message), fatal: true });
  Atomics.store(workerData.done, 0, 1);
  Atomics.notify(workerData.done, 0);
}`;

/** Longer than any function's build; a worker that never answers fails the synth rather than hanging it. */
const BUILD_TIMEOUT_MS = 5 * 60_000;

/** The build worker, started with the first synchronous build and kept for the next ones (starting one costs about a second). */
let buildWorker: { readonly port: MessagePort; readonly done: Int32Array } | undefined;

function startBuildWorker(): { readonly port: MessagePort; readonly done: Int32Array } {
  const done = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const file = path.join(__dirname, 'function-bundle-worker.ts');
  const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { file, done, port: port2 }, transferList: [port2] });
  // Waiting for builds keeps nothing alive: the process ends when its own work does.
  worker.unref();
  return { port: port1, done };
}

/**
 * Builds a function's bundle and returns when it is written, for callers that cannot wait on a
 * promise (a CDK construct: lib/service-function.ts). esbuild runs plugins in its asynchronous API
 * only, so the build runs in a worker (function-bundle-worker.ts) while this thread waits for it.
 */
export function buildFunctionBundleSync(projectRoot: string, entry: string, outdir: string): void {
  buildWorker ??= startBuildWorker();
  const { port, done } = buildWorker;
  Atomics.store(done, 0, 0);
  // The options travel without the plugins (functions); the worker adds them back.
  port.postMessage({ options: { ...functionBuildOptions(projectRoot, entry, outdir), plugins: [] }, projectRoot, entry });
  if (Atomics.wait(done, 0, 0, BUILD_TIMEOUT_MS) === 'timed-out') throw new Error(`bundling ${entry}: no answer in 5 minutes`);
  const answer = receiveMessageOnPort(port)?.message as { error: string | null; fatal?: boolean } | undefined;
  if (answer?.fatal) buildWorker = undefined;
  if (answer?.error !== null) throw new Error(`bundling ${entry}: ${answer?.error ?? 'the build worker gave no answer'}`);
}

/** The namespace of the modules `oneChunkAtLoad` puts where a module was imported with `import()`. */
const FIRST_USE_NAMESPACE = 'first-use';

/**
 * esbuild puts the code an entry shares with each module it imports with `import()` in a chunk per
 * set of importers, so a function read 4–14 files at load (the SDK's protocol code it shares with
 * the first-use SQS client in one, with the idempotency chunk in another, esbuild's helpers in a
 * third…), each costing its own read, source map and link: 0.5–1 ms a file
 * (docs/adr/0196-one-chunk-at-load-and-report-processing-on-first-use.md). Here every module
 * imported with `import()` is reached through a module that imports the entry first: all the code
 * the entry reaches is then shared with every first-use module alike, so esbuild writes it in one
 * chunk, which index.mjs re-exports the handler from; what only first-use modules need stays in
 * their chunks. Nothing runs differently: the entry has run before any `import()` of it resolves.
 */
function oneChunkAtLoad(projectRoot: string, entry: string): Plugin {
  return {
    name: 'one-chunk-at-load',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.namespace === FIRST_USE_NAMESPACE) return undefined;
        const target = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          namespace: FIRST_USE_NAMESPACE,
        });
        if (target.errors.length > 0 || target.external || target.namespace !== 'file') return undefined;
        // Relative, so the source maps name no build machine's folders.
        return { path: path.relative(projectRoot, target.path), namespace: FIRST_USE_NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: FIRST_USE_NAMESPACE }, (args) => {
        const target = JSON.stringify(path.resolve(projectRoot, args.path));
        const reexports = [`export * from ${target};`];
        // `export *` leaves out the default export, which some packages' `import()` callers read.
        if (hasDefaultExport(path.resolve(projectRoot, args.path))) reexports.push(`export { default } from ${target};`);
        return { contents: [`import ${JSON.stringify(entry)};`, ...reexports].join('\n'), resolveDir: projectRoot, loader: 'js' };
      });
    },
  };
}

/** An ES module with a default export, or a CommonJS one (its `module.exports` is its default). */
function hasDefaultExport(file: string): boolean {
  const source = readFileSync(file, 'utf8');
  return !/^\s*export\s/m.test(source) || /\bexport\s+default\b|\bas\s+default\b/.test(source);
}

/**
 * What functions/get-openapi reads: in a bundle, the OpenAPI document built here at bundle time (it
 * is a pure function of the route table and the contracts), so the function's cold start parses one
 * JSON string instead of compiling every route's schemas and converting them (2.5x the SDK-only
 * reference before); the flag is a constant, so esbuild drops the builder as dead code. They are
 * not environment variables: esbuild writes the values in where the names appear. Run from source
 * (`npm start`, tests) both are unset and the function builds the document itself.
 */
let openApiDefines: Record<string, string> | undefined;

function prerenderedOpenApiDefines(): Record<string, string> {
  openApiDefines ??= {
    'process.env.OPENAPI_DOCUMENT_PRERENDERED': JSON.stringify('yes'),
    'process.env.OPENAPI_DOCUMENT_JSON': JSON.stringify(JSON.stringify(buildOpenApiDocument())),
  };
  return openApiDefines;
}

/**
 * The outputs a cold start reads: the entry and every chunk reached from it through static
 * imports, keyed as in the metafile. Chunks behind `import()` wait for a request that needs them.
 */
export function outputsLoadedAtStart(metafile: Metafile): Set<string> {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => file.endsWith(`/${BUNDLE_ENTRY_FILE}`));
  const loaded = new Set<string>();
  const visit = (file: string) => {
    const output = outputs[file];
    if (loaded.has(file) || !output) return;
    loaded.add(file);
    for (const imported of output.imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  if (entry) visit(entry);
  return loaded;
}

import type { BuildOptions, Metafile } from 'esbuild';
import { buildOpenApiDocument } from '#shared/openapi/document';

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
  };
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

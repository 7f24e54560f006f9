import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { type ResourceUse, ROUTES } from '#shared/routes';
import { STREAM_CONSUMERS, WORKERS } from '#shared/workers/definitions';
import { BUNDLE_ENTRY_FILE, functionBuildOptions, outputsLoadedAtStart } from '../lib/function-bundle';
import { kb, ratio, type SectionContext, type SectionReport, type Table, type TargetCheck } from './report';

/**
 * Section 1: every function bundled exactly as lib/service-function.ts bundles it for the stack
 * (the same `functionBuildOptions` of lib/function-bundle.ts: ES module entry `index.mjs`, code
 * splitting, minified, source maps without sources content, the AWS SDK included, from the project
 * root so the same tsconfig applies), plus a metafile; beside two references bundled the same way.
 */

export type BundleKind = 'function' | 'reference';

/** What the function talks to, for grouping: read-only DynamoDB routes carry the size target. */
export type FunctionClass = 'authorizer' | 'dynamodb-only' | 'dynamodb + queues/events' | 'no AWS' | 'reference' | 'zod probe';

export interface BuiltBundle {
  readonly name: string;
  readonly kind: BundleKind;
  readonly class: FunctionClass;
  readonly entry: string;
  /** The entry file Lambda loads, `index.mjs`. */
  readonly outfile: string;
  /** Every JavaScript file of the asset: the entry and all its chunks. */
  readonly bytes: number;
  /** The JavaScript read at load: the entry and the chunks it imports statically (the rest waits for `import()`). */
  readonly startBytes: number;
  readonly mapBytes: number;
  readonly metafile: Metafile;
}

interface EntrySpec {
  readonly name: string;
  readonly kind: BundleKind;
  readonly class: FunctionClass;
  readonly entry: string;
  /** Bundled with the SDK's CommonJS build and its own credential chain, not the house options (the SDK-only reference). */
  readonly sdkAsItComes?: boolean;
}

export const HELLO_REFERENCE = 'ref:hello-world';
/**
 * The reference the cold-start targets divide by: a function that only reads DynamoDB, the SDK as
 * it comes (its CommonJS build, its whole credential chain), as the targets were first measured against.
 */
export const SDK_REFERENCE = 'ref:sdk-only';
/**
 * The same function bundled exactly as ours are (the SDK's ES modules, tree-shaken, and its
 * credential chain aliased to the environment provider, lib/function-bundle.ts): dividing by it shows what our own code adds to the SDK.
 */
export const LEAN_SDK_REFERENCE = 'ref:sdk-only-lean';

/** esbuild's defaults for Node (the packages' `main`: the SDK's CommonJS build) and no alias. */
const SDK_AS_IT_COMES = { mainFields: ['main', 'module'], alias: {} };

const REFERENCE_SOURCES: Record<string, string> = {
  'hello-world.ts': `export const handler = async () => ({ statusCode: 200, body: 'hello' });\n`,
  'sdk-only.ts': [
    `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';`,
    `import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';`,
    `const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));`,
    `export const handler = async (event: { id?: string }) =>`,
    `  (await client.send(new GetCommand({ TableName: process.env.TABLE_NAME ?? 'table', Key: { pk: event.id ?? 'x' } }))).Item ?? null;`,
    '',
  ].join('\n'),
  // The two ways of importing zod 4: the named export drags every locale into the bundle.
  'zod-named.ts': [
    `import { z } from 'zod';`,
    `const schema = z.object({ id: z.string().min(1), count: z.number().int() });`,
    `export const handler = async (event: unknown) => schema.parse(event);`,
    '',
  ].join('\n'),
  'zod-namespace.ts': [
    `import * as z from 'zod';`,
    `const schema = z.object({ id: z.string().min(1), count: z.number().int() });`,
    `export const handler = async (event: unknown) => schema.parse(event);`,
    '',
  ].join('\n'),
};

function classify(functionName: string, tables: number, uses: readonly ResourceUse[]): FunctionClass {
  if (functionName === 'authorizer') return 'authorizer';
  if (tables === 0 && uses.length === 0) return 'no AWS';
  return uses.length === 0 ? 'dynamodb-only' : 'dynamodb + queues/events';
}

/** Every function the stack deploys: one per route row, one per worker and stream consumer, and the authorizer. */
export function functionEntries(root: string): EntrySpec[] {
  const specs = new Map<string, EntrySpec>();
  const add = (name: string, tables: number, uses: readonly ResourceUse[]) => {
    if (specs.has(name)) return;
    specs.set(name, {
      name,
      kind: 'function',
      class: classify(name, tables, uses),
      entry: path.join(root, 'functions', name, 'handler.ts'),
    });
  };
  add('authorizer', 1, []);
  for (const route of ROUTES) add(route.functionName, route.tables.length, route.uses ?? []);
  for (const worker of WORKERS) add(worker.functionName, worker.tables.length, worker.uses);
  for (const consumer of STREAM_CONSUMERS) add(consumer.functionName, consumer.tables.length, []);
  return [...specs.values()];
}

function referenceEntries(outDir: string): EntrySpec[] {
  const dir = path.join(outDir, 'entries');
  mkdirSync(dir, { recursive: true });
  for (const [file, source] of Object.entries(REFERENCE_SOURCES)) writeFileSync(path.join(dir, file), source);
  return [
    { name: HELLO_REFERENCE, kind: 'reference', class: 'reference', entry: path.join(dir, 'hello-world.ts') },
    { name: SDK_REFERENCE, kind: 'reference', class: 'reference', entry: path.join(dir, 'sdk-only.ts'), sdkAsItComes: true },
    { name: LEAN_SDK_REFERENCE, kind: 'reference', class: 'reference', entry: path.join(dir, 'sdk-only.ts') },
    { name: 'zod:named-import', kind: 'reference', class: 'zod probe', entry: path.join(dir, 'zod-named.ts') },
    { name: 'zod:namespace-import', kind: 'reference', class: 'zod probe', entry: path.join(dir, 'zod-namespace.ts') },
  ];
}

/** The JavaScript outputs of a build (chunks included), keyed as in the metafile. */
function jsOutputs(metafile: Metafile): [string, Metafile['outputs'][string]][] {
  return Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.mjs'));
}

/** Bundles every function and reference into .bench/bundles/<name>/ (index.mjs and chunks/), two builds at a time. */
export async function buildAll(ctx: SectionContext): Promise<BuiltBundle[]> {
  const specs = [...functionEntries(ctx.root), ...referenceEntries(ctx.outDir)];
  const results: BuiltBundle[] = [];
  const queue = [...specs];
  const worker = async () => {
    for (let spec = queue.shift(); spec; spec = queue.shift()) {
      const outdir = path.join(ctx.outDir, 'bundles', spec.name.replace(/[:]/g, '_'));
      rmSync(outdir, { recursive: true, force: true });
      const options = functionBuildOptions(ctx.root, spec.entry, outdir);
      const result = await build({ ...options, ...(spec.sdkAsItComes ? SDK_AS_IT_COMES : {}), metafile: true, logLevel: 'silent' });
      if (!result.metafile) throw new Error(`esbuild returned no metafile for ${spec.name}`);
      const { sdkAsItComes: _, ...built } = spec;
      const js = jsOutputs(result.metafile);
      const start = outputsLoadedAtStart(result.metafile);
      results.push({
        ...built,
        outfile: path.join(outdir, BUNDLE_ENTRY_FILE),
        bytes: js.reduce((sum, [, output]) => sum + output.bytes, 0),
        startBytes: js.filter(([file]) => start.has(file)).reduce((sum, [, output]) => sum + output.bytes, 0),
        mapBytes: js.reduce((sum, [file]) => sum + statSync(path.join(ctx.root, `${file}.map`)).size, 0),
        metafile: result.metafile,
      });
    }
  };
  await Promise.all([worker(), worker()]);
  const order = new Map(specs.map((s, i) => [s.name, i]));
  return results.sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));
}

// ---------------------------------------------------------------------------------------------
// Metafile analysis
// ---------------------------------------------------------------------------------------------

/** Bytes each input contributes to the output files: all of them, or those read at load. */
function inputsOf(bundle: BuiltBundle, which: 'all' | 'start' = 'all'): { input: string; bytes: number }[] {
  const start = outputsLoadedAtStart(bundle.metafile);
  const bytes = new Map<string, number>();
  for (const [file, output] of jsOutputs(bundle.metafile)) {
    if (which === 'start' && !start.has(file)) continue;
    for (const [input, info] of Object.entries(output.inputs)) bytes.set(input, (bytes.get(input) ?? 0) + info.bytesInOutput);
  }
  return [...bytes].map(([input, n]) => ({ input, bytes: n })).sort((a, b) => b.bytes - a.bytes);
}

/** The package an input belongs to (`@scope/name` or `name`), or `(project)` for our own code. */
export function packageOf(input: string): string {
  const i = input.lastIndexOf('node_modules/');
  if (i === -1) return '(project)';
  const rest = input.slice(i + 'node_modules/'.length).split('/');
  return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1] ?? ''}` : (rest[0] ?? '?');
}

/** Groups packages into what a reader reasons about: the AWS SDK, zod, and each other library. */
export function groupOf(pkg: string): string {
  if (
    pkg.startsWith('@aws-sdk/') ||
    pkg.startsWith('@smithy/') ||
    pkg.startsWith('@aws-crypto/') ||
    pkg === 'fast-xml-parser' ||
    pkg === 'strnum' ||
    pkg === 'tslib' ||
    pkg === '@aws/lambda-invoke-store' ||
    pkg === 'bowser' ||
    pkg === 'uuid' ||
    pkg === 'mnemonist' ||
    pkg === 'obliterator'
  )
    return 'AWS SDK';
  return pkg;
}

function groupBytes(bundle: BuiltBundle, which: 'all' | 'start' = 'all'): Map<string, number> {
  const groups = new Map<string, number>();
  for (const { input, bytes } of inputsOf(bundle, which)) {
    const g = groupOf(packageOf(input));
    groups.set(g, (groups.get(g) ?? 0) + bytes);
  }
  return groups;
}

function zodLocaleBytes(bundle: BuiltBundle): number {
  return inputsOf(bundle)
    .filter((i) => /node_modules\/zod\/.*\/locales\//.test(i.input))
    .reduce((sum, i) => sum + i.bytes, 0);
}

// ---------------------------------------------------------------------------------------------
// The section
// ---------------------------------------------------------------------------------------------

export const DYNAMO_ONLY_LIMIT_BYTES = 700 * 1024;

export async function run(ctx: SectionContext): Promise<SectionReport> {
  const started = performance.now();
  ctx.progress('bundling every function and the references with esbuild…');
  const bundles = await buildAll(ctx);
  const buildMs = performance.now() - started;

  const byName = new Map(bundles.map((b) => [b.name, b]));
  const hello = byName.get(HELLO_REFERENCE);
  const sdk = byName.get(SDK_REFERENCE);
  const leanSdk = byName.get(LEAN_SDK_REFERENCE);
  if (!hello || !sdk || !leanSdk) throw new Error('reference bundles missing');
  const functions = bundles.filter((b) => b.kind === 'function');
  const references = [hello, sdk, leanSdk];

  const groupNames = ['AWS SDK', 'zod', '@middy/core', 'luxon', 'libphonenumber-js', 'chrono-node', '(project)'];
  const sizeTable: Table = {
    title: `Bundle sizes (minified JS; esbuild ${await esbuildVersion()}, node22 esm splitting minify sourcemap, SDK bundled; library columns: bytes read at load)`,
    columns: [
      'bundle',
      'class',
      'JS KB',
      'at load KB',
      'later KB',
      'map KB',
      '× hello',
      'load × SDK-only',
      ...groupNames.map((g) => `${g} KB`),
      'other KB',
      'zod locales KB',
    ],
    rows: [...references, ...functions].map((b) => {
      const groups = groupBytes(b, 'start');
      const known = groupNames.reduce((sum, g) => sum + (groups.get(g) ?? 0), 0);
      const total = [...groups.values()].reduce((s, v) => s + v, 0);
      return [
        b.name,
        b.class,
        round1(b.bytes / 1024),
        round1(b.startBytes / 1024),
        round1((b.bytes - b.startBytes) / 1024),
        round1(b.mapBytes / 1024),
        round1(b.bytes / hello.bytes),
        round2(b.startBytes / sdk.startBytes),
        ...groupNames.map((g) => round1((groups.get(g) ?? 0) / 1024)),
        round1((total - known) / 1024),
        round1(zodLocaleBytes(b) / 1024),
      ];
    }),
  };

  const largest = [...functions].sort((a, b) => b.startBytes - a.startBytes).slice(0, 3);
  const topInputs: Table = {
    title: 'Top 5 inputs read at load of the three largest bundles (bytes in output, from the metafile)',
    columns: ['bundle', 'input', 'KB', 'share of load'],
    rows: largest.flatMap((b) =>
      inputsOf(b, 'start')
        .slice(0, 5)
        .map((i) => [b.name, shortInput(i.input), round1(i.bytes / 1024), `${((i.bytes / b.startBytes) * 100).toFixed(1)}%`]),
    ),
  };

  const named = byName.get('zod:named-import');
  const namespace = byName.get('zod:namespace-import');
  const zodTable: Table = {
    title: 'zod 4 import style on a tiny handler (z.object({ id, count }).parse), bundled the same way',
    columns: ['import', 'JS KB', 'zod KB', 'zod locales KB'],
    rows: [named, namespace]
      .filter((b): b is BuiltBundle => b !== undefined)
      .map((b) => [
        b.name === 'zod:named-import' ? "import { z } from 'zod'" : "import * as z from 'zod'",
        round1(b.bytes / 1024),
        round1((groupBytes(b).get('zod') ?? 0) / 1024),
        round1(zodLocaleBytes(b) / 1024),
      ]),
  };

  const targets: TargetCheck[] = functions
    .filter((b) => b.class === 'dynamodb-only' || b.class === 'authorizer')
    .map((b) => ({
      name: `bundle ${b.name}`,
      figure: kb(b.bytes),
      target: `≤ ${kb(DYNAMO_ONLY_LIMIT_BYTES)}`,
      met: b.bytes <= DYNAMO_ONLY_LIMIT_BYTES,
    }));

  const notes = [
    `${bundles.length} bundles built in ${(buildMs / 1000).toFixed(1)} s into ${path.relative(ctx.root, path.join(ctx.outDir, 'bundles'))}/.`,
    `References: hello-world = ${kb(hello.bytes)}, SDK-only (DynamoDBClient + DynamoDBDocumentClient + GetCommand) = ${kb(sdk.bytes)}, ${kb(sdk.startBytes)} of it read at load, with the SDK's whole credential chain; bundled as ours are (credentials from the environment only) ${kb(leanSdk.bytes)}, ${kb(leanSdk.startBytes)} at load.`,
    "'at load' = the entry index.mjs and the chunks it imports statically, what every cold start reads and compiles; 'later' = chunks loaded with import() when a request first needs them (SDK clients other than DynamoDB, Powertools idempotency, the SDK's own lazily loaded credential code…). The size target counts all of it ('JS KB').",
    named && namespace
      ? `zod: named import ${kb(named.bytes)} vs namespace import ${kb(namespace.bytes)} (${ratio(named.bytes / namespace.bytes)}); ${functions.filter((f) => zodLocaleBytes(f) > zodLocaleBytes(namespace) + 1024).length} of ${functions.length} functions carry more zod locales than the namespace import does (${kb(zodLocaleBytes(namespace))}, the default 'en' locale).`
      : 'zod probes missing',
    "'other KB' = project-independent packages not listed in their own column; 'AWS SDK' groups @aws-sdk, @smithy, @aws-crypto and their helpers (fast-xml-parser, tslib…).",
  ];

  return {
    tables: [sizeTable, topInputs, zodTable],
    targets,
    notes,
    figures: {
      buildMs: Math.round(buildMs),
      bundles: bundles.map((b) => ({
        name: b.name,
        kind: b.kind,
        class: b.class,
        bytes: b.bytes,
        startBytes: b.startBytes,
        mapBytes: b.mapBytes,
        ratioToHello: round2(b.bytes / hello.bytes),
        ratioToSdkOnly: round2(b.bytes / sdk.bytes),
        startRatioToSdkOnly: round2(b.startBytes / sdk.startBytes),
        groups: Object.fromEntries([...groupBytes(b)].sort((x, y) => y[1] - x[1])),
        groupsAtLoad: Object.fromEntries([...groupBytes(b, 'start')].sort((x, y) => y[1] - x[1])),
        zodLocaleBytes: zodLocaleBytes(b),
        topInputs: inputsOf(b)
          .slice(0, 5)
          .map((i) => ({ input: i.input, bytes: i.bytes })),
      })),
    },
  };
}

function shortInput(input: string): string {
  const i = input.lastIndexOf('node_modules/');
  return i === -1 ? input : input.slice(i + 'node_modules/'.length);
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

async function esbuildVersion(): Promise<string> {
  const { version } = await import('esbuild');
  return version;
}

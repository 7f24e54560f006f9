import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { type BuildOptions, build, type Metafile } from 'esbuild';
import { type PortUse, ROUTES } from '#shared/routes';
import { STREAM_CONSUMERS, WORKERS } from '#shared/workers/definitions';
import { kb, ratio, type SectionContext, type SectionReport, type Table, type TargetCheck } from './report';

/**
 * Section 1: every function bundled exactly as lib/service-function.ts has NodejsFunction bundle
 * it (esbuild `--bundle --target=node22 --platform=node --format=cjs --minify --sourcemap
 * --sources-content=false`, no externals because bundleAwsSDK is on, run from the project root so
 * the same tsconfig applies), plus a metafile; beside two references bundled the same way.
 */

/** The build options NodejsFunction derives from ServiceFunction's `bundling` props. */
export function serviceBuildOptions(root: string): BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    external: [],
    absWorkingDir: root,
    metafile: true,
    logLevel: 'silent',
  };
}

export type BundleKind = 'function' | 'reference';

/** What the function talks to, for grouping: read-only DynamoDB routes carry the size target. */
export type FunctionClass = 'authorizer' | 'dynamodb-only' | 'dynamodb + queues/events' | 'no AWS' | 'reference' | 'zod probe';

export interface BuiltBundle {
  readonly name: string;
  readonly kind: BundleKind;
  readonly class: FunctionClass;
  readonly entry: string;
  /** The minified JavaScript file (what Lambda loads). */
  readonly outfile: string;
  readonly bytes: number;
  readonly mapBytes: number;
  readonly metafile: Metafile;
}

interface EntrySpec {
  readonly name: string;
  readonly kind: BundleKind;
  readonly class: FunctionClass;
  readonly entry: string;
}

export const HELLO_REFERENCE = 'ref:hello-world';
export const SDK_REFERENCE = 'ref:sdk-only';

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

function classify(functionName: string, tables: number, uses: readonly PortUse[]): FunctionClass {
  if (functionName === 'authorizer') return 'authorizer';
  if (tables === 0 && uses.length === 0) return 'no AWS';
  return uses.length === 0 ? 'dynamodb-only' : 'dynamodb + queues/events';
}

/** Every function the stack deploys: one per route row, one per worker and stream consumer, and the authorizer. */
export function functionEntries(root: string): EntrySpec[] {
  const specs = new Map<string, EntrySpec>();
  const add = (name: string, tables: number, uses: readonly PortUse[]) => {
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
    { name: SDK_REFERENCE, kind: 'reference', class: 'reference', entry: path.join(dir, 'sdk-only.ts') },
    { name: 'zod:named-import', kind: 'reference', class: 'zod probe', entry: path.join(dir, 'zod-named.ts') },
    { name: 'zod:namespace-import', kind: 'reference', class: 'zod probe', entry: path.join(dir, 'zod-namespace.ts') },
  ];
}

/** Bundles every function and reference into .bench/bundles/<name>/index.js (two builds at a time). */
export async function buildAll(ctx: SectionContext): Promise<BuiltBundle[]> {
  const specs = [...functionEntries(ctx.root), ...referenceEntries(ctx.outDir)];
  const options = serviceBuildOptions(ctx.root);
  const results: BuiltBundle[] = [];
  const queue = [...specs];
  const worker = async () => {
    for (let spec = queue.shift(); spec; spec = queue.shift()) {
      const outfile = path.join(ctx.outDir, 'bundles', spec.name.replace(/[:]/g, '_'), 'index.js');
      const result = await build({ ...options, entryPoints: [spec.entry], outfile });
      if (!result.metafile) throw new Error(`esbuild returned no metafile for ${spec.name}`);
      results.push({
        ...spec,
        outfile,
        bytes: statSync(outfile).size,
        mapBytes: statSync(`${outfile}.map`).size,
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

/** Bytes each input contributes to the output file. */
function inputsOf(bundle: BuiltBundle): { input: string; bytes: number }[] {
  const output = Object.entries(bundle.metafile.outputs).find(([file]) => file.endsWith('.js'));
  if (!output) return [];
  return Object.entries(output[1].inputs)
    .map(([input, info]) => ({ input, bytes: info.bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes);
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

function groupBytes(bundle: BuiltBundle): Map<string, number> {
  const groups = new Map<string, number>();
  for (const { input, bytes } of inputsOf(bundle)) {
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
  if (!hello || !sdk) throw new Error('reference bundles missing');
  const functions = bundles.filter((b) => b.kind === 'function');
  const references = [hello, sdk];

  const groupNames = ['AWS SDK', 'zod', '@middy/core', 'luxon', 'libphonenumber-js', 'chrono-node', '(project)'];
  const sizeTable: Table = {
    title: `Bundle sizes (minified JS as Lambda loads it; esbuild ${await esbuildVersion()}, node22 cjs minify sourcemap, SDK bundled)`,
    columns: [
      'bundle',
      'class',
      'JS KB',
      'map KB',
      '× hello',
      '× SDK-only',
      ...groupNames.map((g) => `${g} KB`),
      'other KB',
      'zod locales KB',
    ],
    rows: [...references, ...functions].map((b) => {
      const groups = groupBytes(b);
      const known = groupNames.reduce((sum, g) => sum + (groups.get(g) ?? 0), 0);
      const total = [...groups.values()].reduce((s, v) => s + v, 0);
      return [
        b.name,
        b.class,
        round1(b.bytes / 1024),
        round1(b.mapBytes / 1024),
        round1(b.bytes / hello.bytes),
        round2(b.bytes / sdk.bytes),
        ...groupNames.map((g) => round1((groups.get(g) ?? 0) / 1024)),
        round1((total - known) / 1024),
        round1(zodLocaleBytes(b) / 1024),
      ];
    }),
  };

  const largest = [...functions].sort((a, b) => b.bytes - a.bytes).slice(0, 3);
  const topInputs: Table = {
    title: 'Top 5 inputs of the three largest bundles (bytes in output, from the metafile)',
    columns: ['bundle', 'input', 'KB', 'share'],
    rows: largest.flatMap((b) =>
      inputsOf(b)
        .slice(0, 5)
        .map((i) => [b.name, shortInput(i.input), round1(i.bytes / 1024), `${((i.bytes / b.bytes) * 100).toFixed(1)}%`]),
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
    `References: hello-world = ${kb(hello.bytes)}, SDK-only (DynamoDBClient + DynamoDBDocumentClient + GetCommand) = ${kb(sdk.bytes)}.`,
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
        mapBytes: b.mapBytes,
        ratioToHello: round2(b.bytes / hello.bytes),
        ratioToSdkOnly: round2(b.bytes / sdk.bytes),
        groups: Object.fromEntries([...groupBytes(b)].sort((x, y) => y[1] - x[1])),
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

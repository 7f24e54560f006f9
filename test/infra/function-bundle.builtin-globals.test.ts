import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { type BuildOptions, build, type Metafile } from 'esbuild';
import { LOAD_ENV } from '../../bench/cold-probe';
import { BUILTIN_GLOBALS, builtinImportsFromGlobals } from '../../lib/builtin-globals';
import { BUNDLE_ENTRY_FILE, functionBuildOptions, outputsLoadedAtStart } from '../../lib/function-bundle';

/**
 * No function loads Node's web streams, its timers' promises API or its console module at import
 * (docs/adr/0206-the-base-every-function-loads.md): a package's import of values Node's global
 * object holds too is replaced at build time by the globals, and the web streams there load when
 * first read. Held here: the globals are the modules' values; no function's load imports those
 * modules; and middy handlers, plain (with the timeout middy sets from `setTimeout`, and a log
 * line through Powertools' Logger and its `Console`) and streaming (middy's own streaming, whose
 * body check reads `ReadableStream`, and the house streaming of get-call-recording), answer the
 * same built with and without the rewrite.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const REWRITE = 'builtin-imports-from-globals';
const exec = promisify(execFile);
let outRoot: string;

beforeAll(() => {
  outRoot = mkdtempSync(path.join(tmpdir(), 'function-builtin-globals-'));
});

afterAll(() => {
  rmSync(outRoot, { recursive: true, force: true });
});

/** The built-in modules whose values functions now read from the globals. */
const REPLACED_BUILTINS = Object.keys(BUILTIN_GLOBALS).flatMap((module) => [module, `node:${module}`]);

/** The built-in modules the outputs read at load import, by any kind of import. */
function builtinsImportedAtLoad(metafile: Metafile): string[] {
  return [...outputsLoadedAtStart(metafile)].flatMap((file) =>
    (metafile.outputs[file]?.imports ?? []).flatMap((imported) => (imported.external ? [imported.path] : [])),
  );
}

describe('built-in modules in function bundles', () => {
  it("Node's global object holds the values of each replaced import", async () => {
    const script = `
      const table = JSON.parse(process.argv[1]);
      const different = Object.entries(table).flatMap(([module, { names, holder }]) => {
        const exported = require('node:' + module);
        const globals = holder === undefined ? globalThis : globalThis[holder];
        return names.filter((name) => typeof exported[name] !== 'function' || globals[name] !== exported[name]).map((name) => module + ' ' + name);
      });
      process.stdout.write(JSON.stringify(different));`;
    const table = Object.fromEntries(
      Object.entries(BUILTIN_GLOBALS).map(([module, { names, holder }]) => [module, { names: [...names], holder }]),
    );
    const { stdout } = await exec(process.execPath, ['-e', script, JSON.stringify(table)]);
    expect(JSON.parse(stdout)).toEqual([]);
    // Every class node:stream/web exports is listed: a new one is considered, not left at load.
    const { stdout: webNames } = await exec(process.execPath, [
      '-e',
      "process.stdout.write(JSON.stringify(Object.keys(require('node:stream/web'))))",
    ]);
    expect(JSON.parse(webNames)).toEqual([...(BUILTIN_GLOBALS['stream/web']?.names ?? [])]);
  });

  it.each(readdirSync(path.join(ROOT, 'functions')))(
    '%s imports none of node:stream/web, node:timers, node:console at load',
    async (functionName) => {
      const entry = path.join(ROOT, 'functions', functionName, 'handler.ts');
      const result = await build({
        ...functionBuildOptions(ROOT, entry, path.join(outRoot, functionName)),
        write: false,
        metafile: true,
        logLevel: 'silent',
      });
      const builtins = builtinsImportedAtLoad(result.metafile);
      // Every function reads some built-in at load (node:crypto, node:stream…): none listed means the check is broken.
      expect(builtins.length).toBeGreaterThan(0);
      expect(builtins.filter((builtin) => REPLACED_BUILTINS.includes(builtin))).toEqual([]);
    },
    60_000,
  );
});

/** A package's module importing built-ins in the forms the rewrite replaces and those it leaves. */
const PACKAGE_SOURCE = [
  "import { ReadableStream, WritableStream } from 'node:stream/web';",
  'import { TransformStream as Transform } from "node:stream/web";',
  "import { setTimeout, setInterval as every } from 'node:timers';",
  "import { Console } from 'node:console'",
  "import { setTimeout as wait } from 'node:timers/promises';",
  "import { Readable } from 'node:stream';",
  'export const used = [ReadableStream, WritableStream, Transform, setTimeout, every, Console, wait, Readable];',
  '',
].join('\n');

describe('the rewrite of a package’s built-in imports', () => {
  it('replaces whole imports of listed values and leaves renamed web streams, renamed timers and other modules as they were', async () => {
    const folder = path.join(outRoot, 'package', 'node_modules', 'uses-builtins');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'index.js'), PACKAGE_SOURCE);
    const result = await build({
      entryPoints: [path.join(folder, 'index.js')],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      plugins: [builtinImportsFromGlobals()],
      logLevel: 'silent',
    });
    const text = result.outputFiles[0]?.text ?? '';
    const imports = [...text.matchAll(/^import .* from "([^"]+)";$/gm)].map(([line]) => line);
    expect(imports).toEqual([
      'import { TransformStream as Transform } from "node:stream/web";',
      // One renamed name keeps the whole line.
      'import { setTimeout, setInterval as every } from "node:timers";',
      'import { setTimeout as wait } from "node:timers/promises";',
      'import { Readable } from "node:stream";',
    ]);
    expect(text).toContain('globalThis.console.Console');
    // The dropped names are read from the global object where the code uses them.
    expect(text).toMatch(/\[ReadableStream, WritableStream, Transform, setTimeout, every, Console, wait, Readable\]/);
  });
});

/** Handlers built as the functions are: middy, and the house streaming wrapper get-call-recording uses. */
const FIXTURE = `
import middy from '@middy/core';
import { Readable } from 'node:stream';
import { streamBody, streamingHandler } from '#shared/http/response-stream';
import { log } from '#shared/logging/logger';

export const plain = middy(async (event) => {
  log('info', 'plain answered', { name_length: event.name.length });
  if (event.slow) await new Promise((resolve) => setTimeout(resolve, 500));
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hello: event.name }) };
});

export const recording = streamingHandler(
  middy(async (event) => {
    streamBody(event, Readable.from([Buffer.from('RIFF'), Buffer.from([0, 1, 2, 255])]));
    return { statusCode: 200, headers: { 'content-type': 'audio/wav' }, body: '', isBase64Encoded: true };
  }),
);

const bodies = {
  web: () => new ReadableStream({ start(controller) { controller.enqueue(new TextEncoder().encode('web bytes')); controller.close(); } }),
  node: () => Readable.from(['node ', 'bytes']),
  text: () => 'a string body',
  none: () => 42,
};
export const middyStreaming = middy({ streamifyResponse: true }).handler(async (event) => ({
  statusCode: 201,
  headers: { 'content-type': 'text/plain' },
  body: bodies[event.kind](),
}));
`;

/** What the replaced imports loaded, as process.moduleLoadList names it. */
const LOADED_BY_REPLACED_IMPORTS =
  /^NativeModule (stream\/web|internal\/webstreams\/(readable|writable|transform)stream|timers\/promises|console)$/;

/**
 * The child: imports the bundle with the Lambda runtime's streaming API in place, records which
 * of those modules were loaded, then runs each handler and prints what each answered (after the
 * log lines the plain handler writes).
 */
const CHILD = `
const { Writable } = require('node:stream');
const loadedAtImport = () => process.moduleLoadList.filter((name) => ${LOADED_BY_REPLACED_IMPORTS}.test(name));
const sink = () => {
  const chunks = [];
  const stream = new Writable({ write(chunk, _encoding, done) { chunks.push(Buffer.from(chunk)); done(); } });
  stream.text = () => Buffer.concat(chunks).toString('base64');
  return stream;
};
let prelude = null;
globalThis.awslambda = { streamifyResponse: (handler) => handler, HttpResponseStream: { from: (stream, given) => { prelude = given; return stream; } } };
const streamed = async (handler, event) => {
  prelude = null;
  const out = sink();
  try {
    await handler(event, out, {});
    return { prelude, bytes: out.text() };
  } catch (error) {
    return { prelude, error: error.message };
  }
};
(async () => {
  const bundle = await import(require('node:url').pathToFileURL(process.argv[1]).href);
  const atLoad = loadedAtImport();
  const remaining = (ms) => ({ getRemainingTimeInMillis: () => ms });
  const answers = {
    plain: await bundle.plain({ name: 'Ada' }, remaining(5000)),
    // middy answers a handler that runs into the end of the invocation's time, from its setTimeout.
    slow: await bundle.plain({ name: 'Ada', slow: true }, remaining(50)).catch((error) => ({ error: error.name + ' ' + error.message })),
    recording: await streamed(bundle.recording, { resource: '/api/calls/{callId}/recording' }),
  };
  for (const kind of ['text', 'node', 'none', 'web']) answers[kind] = await streamed(bundle.middyStreaming, { kind });
  process.stdout.write('\\n' + JSON.stringify({ atLoad, answers }));
})().catch((error) => { console.error(error); process.exit(1); });`;

interface FixtureRun {
  readonly atLoad: string[];
  readonly answers: Record<string, unknown>;
  /** The log lines written, without their timestamps. */
  readonly logs: Record<string, unknown>[];
}

async function runFixture(withRewrite: boolean): Promise<FixtureRun> {
  const outdir = path.join(outRoot, withRewrite ? 'fixture-rewritten' : 'fixture-as-published');
  const options: BuildOptions = functionBuildOptions(ROOT, path.join(ROOT, 'fixture-entry.ts'), outdir);
  await build({
    ...options,
    // The fixture is no file of the project; its imports resolve from the project root, as a function's do.
    entryPoints: undefined,
    stdin: { contents: FIXTURE, resolveDir: ROOT, sourcefile: 'fixture-entry.ts', loader: 'ts' },
    entryNames: 'index',
    plugins: (options.plugins ?? []).filter((plugin) => withRewrite || plugin.name !== REWRITE),
    logLevel: 'silent',
  });
  const { stdout } = await exec(process.execPath, ['-e', CHILD, path.join(outdir, BUNDLE_ENTRY_FILE)], {
    env: { ...LOAD_ENV, NODE_OPTIONS: '--enable-source-maps' },
  });
  const lines = stdout.split('\n').filter((line) => line.trim() !== '');
  const logs = lines.slice(0, -1).map((line) => {
    const { timestamp: _, ...fields }: Record<string, unknown> = JSON.parse(line);
    return fields;
  });
  return { ...JSON.parse(lines.at(-1) ?? '{}'), logs };
}

describe('middy handlers built with the built-ins’ values read from the globals', () => {
  it('load none of those modules at import, and answer and log the same as built from the packages as published', async () => {
    const rewritten = await runFixture(true);
    const published = await runFixture(false);
    expect(rewritten.atLoad).toEqual([]);
    // The packages as published load them at import: without the rewrite this test fails.
    expect(published.atLoad).toEqual(
      expect.arrayContaining(['NativeModule stream/web', 'NativeModule timers/promises', 'NativeModule console']),
    );
    expect(rewritten.answers).toEqual(published.answers);
    expect(rewritten.logs).toEqual(published.logs);
    const line = expect.objectContaining({ level: 'INFO', message: 'plain answered', name_length: 3 });
    expect(rewritten.logs).toEqual([line, line]);
    expect(rewritten.answers).toEqual({
      plain: { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{"hello":"Ada"}' },
      slow: { error: 'TimeoutError [AbortError]: The operation was aborted.' },
      recording: {
        prelude: { statusCode: 200, headers: { 'content-type': 'audio/wav' } },
        bytes: Buffer.from('RIFF\u0000\u0001\u0002\u00ff', 'latin1').toString('base64'),
      },
      text: {
        prelude: { statusCode: 201, headers: { 'content-type': 'text/plain' } },
        bytes: Buffer.from('a string body').toString('base64'),
      },
      node: {
        prelude: { statusCode: 201, headers: { 'content-type': 'text/plain' } },
        bytes: Buffer.from('node bytes').toString('base64'),
      },
      // middy's check of the body reads ReadableStream: a web stream is streamed, anything else refused.
      web: { prelude: { statusCode: 201, headers: { 'content-type': 'text/plain' } }, bytes: Buffer.from('web bytes').toString('base64') },
      none: { prelude: { statusCode: 201, headers: { 'content-type': 'text/plain' } }, error: 'handler response not a ReadableStream' },
    });
  }, 60_000);

  it('load none of those modules at import of a real function: list-team-sessions', async () => {
    const outdir = path.join(outRoot, 'list-team-sessions');
    const entry = path.join(ROOT, 'functions', 'list-team-sessions', 'handler.ts');
    await build({ ...functionBuildOptions(ROOT, entry, outdir), logLevel: 'silent' });
    const script = `
      globalThis.awslambda = { streamifyResponse: (handler) => handler, HttpResponseStream: { from: (stream) => stream } };
      import(require('node:url').pathToFileURL(process.argv[1]).href)
        .then((bundle) => process.stdout.write(JSON.stringify({ handler: typeof bundle.handler, loaded: process.moduleLoadList.filter((name) => ${LOADED_BY_REPLACED_IMPORTS}.test(name)) })))
        .catch((error) => { console.error(error); process.exit(1); });`;
    const { stdout } = await exec(process.execPath, ['-e', script, path.join(outdir, BUNDLE_ENTRY_FILE)], { env: { ...LOAD_ENV } });
    expect(JSON.parse(stdout)).toEqual({ handler: 'function', loaded: [] });
  }, 60_000);
});

import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { type BuildOptions, build, type Metafile } from 'esbuild';
import { LOAD_ENV } from '../../bench/cold-probe';
import { BUNDLE_ENTRY_FILE, functionBuildOptions, outputsLoadedAtStart } from '../../lib/function-bundle';
import { WEB_STREAM_GLOBALS } from '../../lib/web-stream-imports';

/**
 * No function loads Node's web streams at import (docs/adr/0206-the-base-every-function-loads.md):
 * a package's import of web stream classes from `node:stream/web` is dropped at build time and the
 * names read Node's globals, which load web streams when first read. Held here: the globals are
 * the module's classes; no function's load reaches `node:stream/web`; and middy handlers, plain
 * and streaming (middy's own streaming, whose body check reads `ReadableStream`, and the house
 * streaming of get-call-recording), answer the same bytes built with and without the rewrite.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const REWRITE = 'web-streams-on-first-use';
const exec = promisify(execFile);
let outRoot: string;

beforeAll(() => {
  outRoot = mkdtempSync(path.join(tmpdir(), 'function-web-streams-'));
});

afterAll(() => {
  rmSync(outRoot, { recursive: true, force: true });
});

const isWebStreams = (specifier: string) => /^(node:)?stream\/web$/.test(specifier);

/** The built-in modules the outputs read at load import, by any kind of import. */
function builtinsImportedAtLoad(metafile: Metafile): string[] {
  return [...outputsLoadedAtStart(metafile)].flatMap((file) =>
    (metafile.outputs[file]?.imports ?? []).flatMap((imported) => (imported.external ? [imported.path] : [])),
  );
}

describe('web streams in function bundles', () => {
  it("Node's globals are the classes node:stream/web exports, each of them", async () => {
    const script = `
      const web = require('node:stream/web');
      process.stdout.write(JSON.stringify(Object.keys(web).filter((name) => globalThis[name] === web[name])));`;
    const { stdout } = await exec(process.execPath, ['-e', script]);
    const sameOnGlobal: string[] = JSON.parse(stdout);
    expect([...WEB_STREAM_GLOBALS].filter((name) => !sameOnGlobal.includes(name))).toEqual([]);
  });

  it.each(readdirSync(path.join(ROOT, 'functions')))(
    '%s imports no node:stream/web at load',
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
      expect(builtins.filter(isWebStreams)).toEqual([]);
    },
    60_000,
  );
});

/** Handlers built as the functions are: middy, and the house streaming wrapper get-call-recording uses. */
const FIXTURE = `
import middy from '@middy/core';
import { Readable } from 'node:stream';
import { streamBody, streamingHandler } from '#shared/http/response-stream';

export const plain = middy(async (event) => ({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hello: event.name }) }));

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

/**
 * The child: imports the bundle with the Lambda runtime's streaming API in place, records whether
 * web streams were loaded, then runs each handler and prints what each answered.
 */
const CHILD = `
const { Writable } = require('node:stream');
const webStreamsLoaded = () => process.moduleLoadList.includes('NativeModule stream/web') || process.moduleLoadList.includes('NativeModule internal/webstreams/readablestream');
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
  const atLoad = webStreamsLoaded();
  const answers = {
    plain: await bundle.plain({ name: 'Ada' }, {}),
    recording: await streamed(bundle.recording, { resource: '/api/calls/{callId}/recording' }),
  };
  for (const kind of ['text', 'node', 'none', 'web']) answers[kind] = await streamed(bundle.middyStreaming, { kind });
  process.stdout.write(JSON.stringify({ atLoad, answers }));
})().catch((error) => { console.error(error); process.exit(1); });`;

async function runFixture(withRewrite: boolean): Promise<{ atLoad: boolean; answers: Record<string, unknown> }> {
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
  return JSON.parse(stdout);
}

describe('middy handlers built with web streams read from the globals', () => {
  it('load no web streams at import, and answer the same bytes as built from the package as published', async () => {
    const rewritten = await runFixture(true);
    const published = await runFixture(false);
    expect(rewritten.atLoad).toBe(false);
    // The package as published loads them at import: without the rewrite this test fails.
    expect(published.atLoad).toBe(true);
    expect(rewritten.answers).toEqual(published.answers);
    expect(rewritten.answers).toEqual({
      plain: { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{"hello":"Ada"}' },
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

  it('load no web streams at import of a real function: list-team-sessions', async () => {
    const outdir = path.join(outRoot, 'list-team-sessions');
    const entry = path.join(ROOT, 'functions', 'list-team-sessions', 'handler.ts');
    await build({ ...functionBuildOptions(ROOT, entry, outdir), logLevel: 'silent' });
    const script = `
      globalThis.awslambda = { streamifyResponse: (handler) => handler, HttpResponseStream: { from: (stream) => stream } };
      import(require('node:url').pathToFileURL(process.argv[1]).href)
        .then((bundle) => process.stdout.write(JSON.stringify({ handler: typeof bundle.handler, loaded: process.moduleLoadList.filter((name) => /stream\\/web|webstreams\\/(readable|writable|transform)stream/.test(name)) })))
        .catch((error) => { console.error(error); process.exit(1); });`;
    const { stdout } = await exec(process.execPath, ['-e', script, path.join(outdir, BUNDLE_ENTRY_FILE)], { env: { ...LOAD_ENV } });
    expect(JSON.parse(stdout)).toEqual({ handler: 'function', loaded: [] });
  }, 60_000);
});

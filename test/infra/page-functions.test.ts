import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { ASSET_FOLDER, PAGE_ASSETS, type PageFunction } from '#shared/pages/assets';
import { LAMBDA_RESPONSE_LIMIT_BYTES } from '#shared/pagination/budget';
import { LOAD_ENV } from '../../bench/cold-probe';
import { BUNDLE_ENTRY_FILE, functionBuildOptions, outputsLoadedAtStart } from '../../lib/function-bundle';
import { stagePageAssets } from '../../lib/service-function';

/**
 * The page functions as the stack deploys them (ServiceFunction: the esbuild bundle, then
 * stagePageAssets): their JavaScript stays small, the big files sit beside it in assets/ with
 * brotli and gzip copies, and the bundled handler, loaded as Lambda loads it (LAMBDA_TASK_ROOT),
 * answers them from there, compressed, and within Lambda's response limit even uncompressed.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const PAGE_FUNCTIONS = Object.keys(PAGE_ASSETS) as PageFunction[];
/**
 * What Lambda reads at a cold start (the entry and its static imports) stays within the read
 * functions' budget (≤ 700 KB); Scalar's 4 MB never counts, it is not JavaScript of the
 * function.
 */
const MAX_JS_AT_LOAD_BYTES = 700 * 1024;
let outRoot: string;
const metafiles = new Map<string, Metafile>();

beforeAll(async () => {
  outRoot = mkdtempSync(path.join(tmpdir(), 'page-functions-'));
  for (const functionName of PAGE_FUNCTIONS) {
    const outdir = path.join(outRoot, functionName);
    const result = await build({
      ...functionBuildOptions(ROOT, path.join(ROOT, 'functions', functionName, 'handler.ts'), outdir),
      metafile: true,
      logLevel: 'silent',
    });
    if (result.metafile) metafiles.set(functionName, result.metafile);
    stagePageAssets(outdir, functionName);
  }
}, 60_000);

afterAll(() => {
  rmSync(outRoot, { recursive: true, force: true });
});

/** The JavaScript read at load: the entry and the chunks it imports statically, transitively. */
function javaScriptAtLoad(functionName: string): number {
  const metafile = metafiles.get(functionName);
  if (!metafile) return 0;
  return [...outputsLoadedAtStart(metafile)].reduce((sum, file) => sum + (metafile.outputs[file]?.bytes ?? 0), 0);
}

/** Runs the bundled handler in a child process as Lambda would (its folder as LAMBDA_TASK_ROOT) and returns its result. */
function invoke(functionName: string, event: Record<string, unknown>): Record<string, unknown> {
  const outdir = path.join(outRoot, functionName);
  const script = `
    const { pathToFileURL } = require('node:url');
    (async () => {
      const { handler } = await import(pathToFileURL(process.argv[1]).href);
      const result = await handler(JSON.parse(process.argv[2]), { functionName: 'page', awsRequestId: 'r', getRemainingTimeInMillis: () => 10000 });
      process.stdout.write(JSON.stringify(result));
    })().catch((error) => { console.error(error); process.exit(1); });`;
  const out = execFileSync(process.execPath, ['-e', script, path.join(outdir, BUNDLE_ENTRY_FILE), JSON.stringify(event)], {
    env: { ...LOAD_ENV, LOG_LEVEL: 'silent', LAMBDA_TASK_ROOT: outdir },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out) as Record<string, unknown>;
}

function getEvent(resource: string, pathParameters: Record<string, string> | null, headers: Record<string, string>) {
  return {
    resource,
    path: resource,
    httpMethod: 'GET',
    headers,
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters,
    stageVariables: null,
    requestContext: { requestId: 'req-1', resourcePath: resource, httpMethod: 'GET' },
    body: null,
    isBase64Encoded: false,
  };
}

describe('page functions', () => {
  it.each(PAGE_FUNCTIONS)('%s keeps its JavaScript small and its assets beside it, each with brotli and gzip copies', (functionName) => {
    const outdir = path.join(outRoot, functionName);
    expect(javaScriptAtLoad(functionName)).toBeGreaterThan(0);
    expect(javaScriptAtLoad(functionName)).toBeLessThan(MAX_JS_AT_LOAD_BYTES);
    for (const asset of PAGE_ASSETS[functionName]) {
      const staged = path.join(outdir, ASSET_FOLDER, asset.file);
      // Buffer#equals: Jest's deep equality walks 4 MB byte by byte.
      expect(readFileSync(staged).equals(readFileSync(path.join(ROOT, asset.source)))).toBe(true);
      for (const suffix of ['.br', '.gz']) expect(statSync(`${staged}${suffix}`).size).toBeLessThan(statSync(staged).size);
    }
    // Scalar's script is not inside the handler's JavaScript.
    const entry = readFileSync(path.join(outdir, BUNDLE_ENTRY_FILE), 'utf8');
    expect(entry).not.toContain('createApiReference');
  });

  it('answers the Scalar script from the staged brotli copy, and uncompressed within the 6 MB response limit', () => {
    const file = path.join(outRoot, 'get-api-docs', ASSET_FOLDER, 'scalar.js');
    const event = (encoding: string) => getEvent('/api/docs/assets/{file}', { file: 'scalar.js' }, { 'accept-encoding': encoding });

    const br = invoke('get-api-docs', event('gzip, deflate, br'));
    expect(br.statusCode).toBe(200);
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      vary: 'accept-encoding',
      'content-type': 'text/javascript; charset=utf-8',
    });
    expect(Buffer.from(String(br.body), 'base64').equals(readFileSync(`${file}.br`))).toBe(true);

    const plain = invoke('get-api-docs', event('identity'));
    expect(plain.statusCode).toBe(200);
    expect(Buffer.from(String(plain.body), 'base64').equals(readFileSync(file))).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(plain))).toBeLessThan(LAMBDA_RESPONSE_LIMIT_BYTES);
  }, 60_000);

  it('answers each page as HTML with a self-only Content-Security-Policy, naming its assets by their content hash', () => {
    for (const [functionName, resource] of [
      ['get-api-docs', '/api/docs'],
      ['get-console', '/console'],
    ] as const) {
      const result = invoke(functionName, getEvent(resource, null, {}));
      expect(result.statusCode).toBe(200);
      const headers = result.headers as Record<string, string>;
      expect(headers['content-type']).toBe('text/html; charset=utf-8');
      expect(headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self';/);
      const html = Buffer.from(String(result.body), 'base64').toString('utf8');
      for (const asset of PAGE_ASSETS[functionName])
        expect(html).toMatch(new RegExp(`assets/${asset.file.replace('.', '\\.')}\\?v=[0-9a-f]{16}"`));
    }
  }, 60_000);
});

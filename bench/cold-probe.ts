import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { TABLES, tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import { QUEUE_ARN_ENV, QUEUE_URL_ENV } from '#shared/adapters/runtime/queue-env';
import { RECORDING_HOSTS_ENV } from '#shared/adapters/runtime/resource-env';
import { DEFAULT_RETRY_SCHEDULE_SECONDS } from '#shared/domain/webhooks/retry-schedule';
import type { TableName } from '#shared/routes';
import { outputsLoadedAtStart } from '../lib/function-bundle';
import type { BuiltBundle } from './bundles';

/**
 * The cold-import probe: the child process that imports one bundle in the environment a deployed
 * function has at load and reports one JSON line (import time, CPU, network and Intl calls), and
 * the loops that run it per bundle and per chunk loaded on first use.
 */

const PROBE_TIMEOUT_MS = 20_000;

/** What a deployed function finds in its environment at load; every value is a dummy. */
export const LOAD_ENV: Readonly<Record<string, string>> = {
  AWS_REGION: 'us-east-1',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
  AWS_ACCESS_KEY_ID: 'AKIDBENCHDUMMY',
  AWS_SECRET_ACCESS_KEY: 'bench-dummy-secret',
  AWS_SESSION_TOKEN: 'bench-dummy-token',
  // Anything that does try to call AWS goes to a closed local port, never to the internet.
  AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
  // The SDK warns once on Node < 22 (these machines); Lambda runs Node 22, where it never does.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  LOG_LEVEL: 'info',
  // TABLE_<NAME> for every table the stack creates.
  ...Object.fromEntries(Object.keys(TABLES).map((t) => [tableNameEnvVar(t as TableName), `bench-${t}`])),
  // Secrets are named, never given: functions read them at run time (shared/adapters/runtime/secrets.ts).
  CURSOR_SECRET_ID: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:bench-cursor-AbCdEf',
  // Every queue's URL and ARN (shared/adapters/runtime/queue-env.ts).
  ...Object.fromEntries(Object.entries(QUEUE_URL_ENV).map(([queue, name]) => [name, `http://127.0.0.1:9/000000000000/${queue}`])),
  ...Object.fromEntries(Object.entries(QUEUE_ARN_ENV).map(([queue, name]) => [name, `arn:aws:sqs:us-east-1:000000000000:${queue}`])),
  EVENT_BUS_NAME: 'bench-bus',
  EXPORT_BUCKET_NAME: 'bench-exports',
  SCHEDULE_GROUP_NAME: 'bench-schedules',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/bench-scheduler',
  VOICE_PROVIDER_BASE_URL: 'http://127.0.0.1:9',
  VOICE_PROVIDER_API_KEY_SECRET_ID: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:bench-voice-AbCdEf',
  VOICE_PROVIDER_ASSISTANT_ID: 'bench',
  VOICE_PROVIDER_PHONE_NUMBER_ID: 'bench',
  SMS_PROVIDER: 'sandbox',
  SMS_ORIGINATION_IDENTITY: '+12025550100',
  SMS_CONFIGURATION_SET: 'bench',
  [RECORDING_HOSTS_ENV]: 'recordings.bench.invalid',
  COACH_LLM_BASE_URL: 'http://127.0.0.1:9',
  COACH_LLM_API_KEY_SECRET_ID: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:bench-llm-AbCdEf',
  COACH_LLM_MODEL: 'bench',
  RESPONDER_LLM_BASE_URL: 'https://llm.example.invalid/v1',
  RESPONDER_LLM_API_KEY_SECRET_ID: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:bench-llm-AbCdEf',
  RESPONDER_LLM_MODEL: 'bench',
  WEBHOOK_SECRET_KEY_ID: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:bench-webhook-AbCdEf',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false',
  PUBLIC_ORIGIN: 'https://book.bench.invalid',
  // As the stack sets it (lib/webhooks.ts); an empty value reads as unset.
  WEBHOOK_RETRY_SCHEDULE_SECONDS: DEFAULT_RETRY_SCHEDULE_SECONDS.join(','),
};

/** The child: counts network attempts, times the import, reports one JSON line. */
export const PROBE_SOURCE = `'use strict';
const net = require('node:net');
const dns = require('node:dns');
let connects = 0;
let lookups = 0;
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) { connects++; return connect.apply(this, args); };
const lookup = dns.lookup;
dns.lookup = function (...args) { lookups++; return lookup.apply(this, args); };
let intl = 0;
const countCalls = (owner, name) => {
  const original = owner[name];
  const counted = function (...args) { intl++; return new.target ? Reflect.construct(original, args, new.target) : original.apply(this, args); };
  counted.prototype = original.prototype;
  Object.setPrototypeOf(counted, original);
  owner[name] = counted;
};
countCalls(Number.prototype, 'toLocaleString');
for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) countCalls(Date.prototype, name);
countCalls(String.prototype, 'localeCompare');
for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter']) countCalls(Intl, name);
// The Lambda Node.js runtime puts its response-streaming API on the global awslambda before it
// loads a function, and a streaming function checks for it at load: as there, so here.
globalThis.awslambda = { streamifyResponse: (handler) => handler, HttpResponseStream: { from: (stream) => stream } };
const { pathToFileURL } = require('node:url');
const url = pathToFileURL(process.argv[2]).href;
// With a second file: the function is imported first, untimed, then what a first request would
// load with import() (a chunk) is timed.
const later = process.argv[3] ? pathToFileURL(process.argv[3]).href : null;
(async () => {
  await import(pathToFileURL(require('node:path').join(__dirname, 'cold-warm.mjs')).href);
  const loaded = later ? await import(url) : null;
  const cpuBefore = process.cpuUsage();
  const before = performance.now();
  let exported = 'error';
  let error = null;
  try {
    if (later) await import(later);
    exported = typeof (loaded ?? (await import(url))).handler;
  } catch (e) {
    error = String((e && e.message) || e);
  }
  const after = performance.now();
  const cpu = process.cpuUsage(cpuBefore);
  setTimeout(() => {
    process.stdout.write(JSON.stringify({ requireMs: after - before, cpuMs: (cpu.user + cpu.system) / 1000, sinceStartMs: after, exported, error, connects, lookups, intl }) + '\\n');
    process.exit(0);
  }, 25);
})();
`;

interface ProbeResult {
  requireMs: number;
  cpuMs: number;
  sinceStartMs: number;
  exported: string;
  error: string | null;
  connects: number;
  lookups: number;
  intl: number;
}

function probe(probeFile: string, bundle: string, sourceMaps: boolean, later?: string): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [probeFile, bundle, ...(later ? [later] : [])], {
      env: { ...LOAD_ENV, NODE_OPTIONS: sourceMaps ? '--enable-source-maps' : '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as ProbeResult);
      } catch {
        reject(new Error(`probe of ${bundle} exited ${code}: ${(err || out).slice(0, 400)}`));
      }
    });
  });
}

export interface Series {
  require: number[];
  cpu: number[];
  sinceStart: number[];
  connects: number;
  lookups: number;
  intl: number;
  errors: string[];
  exported: string;
}

/**
 * A bundle measured more often than the others within each round: the reference every ratio is
 * divided by. Its median is the denominator of every function's figure at once, so its sampling
 * error would move all of them together; measured after every `every` other bundles, it has about
 * `bundles / every` times the samples, spread across the round like theirs.
 */
export interface RepeatedReference {
  readonly name: string;
  readonly every: number;
}

/** One round's order: every bundle once, the repeated reference also after each `every` others. */
export function roundOrder<B extends { readonly name: string }>(bundles: readonly B[], repeated?: RepeatedReference): B[] {
  const reference = repeated && bundles.find((b) => b.name === repeated.name);
  if (!reference || !repeated) return [...bundles];
  const order: B[] = [];
  let sinceReference = 0;
  for (const b of bundles) {
    order.push(b);
    if (b === reference) sinceReference = 0;
    else if (++sinceReference === repeated.every) {
      order.push(reference);
      sinceReference = 0;
    }
  }
  return order;
}

export async function measure(
  probeFile: string,
  bundles: readonly BuiltBundle[],
  sourceMaps: boolean,
  runs: number,
  repeated?: RepeatedReference,
): Promise<Map<string, Series>> {
  const series = new Map<string, Series>(
    bundles.map((b) => [b.name, { require: [], cpu: [], sinceStart: [], connects: 0, lookups: 0, intl: 0, errors: [], exported: '?' }]),
  );
  const order = roundOrder(bundles, repeated);
  for (let i = 0; i < runs; i++) {
    for (const b of order) {
      const s = series.get(b.name) as Series;
      try {
        const r = await probe(probeFile, b.outfile, sourceMaps);
        s.require.push(r.requireMs);
        s.cpu.push(r.cpuMs);
        s.sinceStart.push(r.sinceStartMs);
        s.connects += r.connects;
        s.lookups += r.lookups;
        s.intl += r.intl;
        s.exported = r.exported;
        if (r.error) s.errors.push(r.error);
      } catch (error) {
        s.errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  }
  return series;
}

export function shortModule(module: string): string {
  const i = module.lastIndexOf('node_modules/');
  return i === -1 ? module : module.slice(i + 'node_modules/'.length);
}

/** A chunk a function loads with `import()` when a request first needs it. */
export interface LazyEntry {
  readonly bundle: BuiltBundle;
  /** The module the function imports on first use, as the metafile names it. */
  readonly module: string;
  readonly file: string;
  /** Bytes that import reads: the chunk and its static imports not already loaded with the function. */
  readonly bytes: number;
}

export function lazyEntries(bundles: readonly BuiltBundle[], root: string): LazyEntry[] {
  return bundles.flatMap((bundle) => {
    const outputs = bundle.metafile.outputs;
    const atStart = outputsLoadedAtStart(bundle.metafile);
    return Object.entries(outputs)
      .filter(
        ([file, output]) =>
          file.endsWith('.mjs') &&
          !atStart.has(file) &&
          output.entryPoint &&
          !output.entryPoint.includes('node_modules/@smithy/') &&
          !output.entryPoint.includes('node_modules/@aws-sdk/credential-provider') &&
          !output.entryPoint.includes('node_modules/bowser'),
      )
      .map(([file, output]) => {
        const seen = new Set<string>();
        const visit = (f: string) => {
          const o = outputs[f];
          if (seen.has(f) || atStart.has(f) || !o) return;
          seen.add(f);
          for (const imported of o.imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
        };
        visit(file);
        const bytes = [...seen].reduce((sum, f) => sum + (outputs[f]?.bytes ?? 0), 0);
        return { bundle, module: output.entryPoint ?? file, file: path.join(root, file), bytes };
      });
  });
}

export async function measureFirstUse(probeFile: string, entries: readonly LazyEntry[], runs: number): Promise<Map<LazyEntry, number[]>> {
  const cpu = new Map<LazyEntry, number[]>(entries.map((e) => [e, []]));
  for (let i = 0; i < runs; i++) {
    for (const entry of entries) {
      try {
        const r = await probe(probeFile, entry.bundle.outfile, true, entry.file);
        if (!r.error) cpu.get(entry)?.push(r.cpuMs);
      } catch {
        // a failed probe leaves the run out of the median
      }
    }
  }
  return cpu;
}

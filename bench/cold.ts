import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { TABLES, tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import { QUEUE_ARN_ENV, QUEUE_URL_ENV } from '#shared/adapters/runtime/queue-env';
import { RECORDING_HOSTS_ENV } from '#shared/adapters/runtime/resource-env';
import { DEFAULT_RETRY_SCHEDULE_SECONDS } from '#shared/domain/webhooks/retry-schedule';
import type { TableName } from '#shared/routes';
import { outputsLoadedAtStart } from '../lib/function-bundle';
import { type BuiltBundle, buildAll, HELLO_REFERENCE, LEAN_SDK_REFERENCE, SDK_REFERENCE } from './bundles';
import { median, ms, ratio, round, type SectionContext, type SectionReport, type TargetCheck } from './report';

/**
 * Section 2: cold import time. Each bundle's entry (`index.mjs`) is imported in fresh `node`
 * processes with the environment a deployed function has at load (dummy values,
 * NODE_OPTIONS=--enable-source-maps as ServiceFunction sets it), interleaved round-robin so drift
 * hits every bundle alike; the figure is the median. Lambda's Node.js runtime is itself made of ES
 * module files, so its module loader is up before it imports the handler: the probe imports one
 * empty module file first, then times the import of the function's index.mjs. A probe counts
 * socket connects and DNS lookups during and just after the import: handlers must not touch the
 * network at import. It also counts calls into Intl (toLocaleString, Intl.* constructors…): a
 * process's first one loads ICU data, about 12 ms, so none belongs at import.
 */

export const RUNS = 15;
export const COLD_RATIO_TARGET = 1.3;
/** Bundles measured a second time without source maps, to show what --enable-source-maps costs. */
const NO_SOURCE_MAP_SAMPLE = ['authorizer', 'list-team-sessions', 'ingest-lead'];
const PROBE_TIMEOUT_MS = 20_000;
/**
 * Functions whose code loaded on first use is timed too: what a request that needs it then pays
 * (the import of that chunk after the function's), so moving work out of the cold start shows
 * where it went.
 */
const FIRST_USE_SAMPLE = ['ingest-lead', 'receive-voice-report', 'create-sms-campaign'];
const FIRST_USE_RUNS = 7;

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
  // As the stack sets it (lib/webhooks.ts); an empty value reads as unset.
  WEBHOOK_RETRY_SCHEDULE_SECONDS: DEFAULT_RETRY_SCHEDULE_SECONDS.join(','),
};

/** The child: counts network attempts, times the import, reports one JSON line. */
const PROBE_SOURCE = `'use strict';
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

interface Series {
  require: number[];
  cpu: number[];
  sinceStart: number[];
  connects: number;
  lookups: number;
  intl: number;
  errors: string[];
  exported: string;
}

async function measure(
  probeFile: string,
  bundles: readonly BuiltBundle[],
  sourceMaps: boolean,
  runs: number,
): Promise<Map<string, Series>> {
  const series = new Map<string, Series>(
    bundles.map((b) => [b.name, { require: [], cpu: [], sinceStart: [], connects: 0, lookups: 0, intl: 0, errors: [], exported: '?' }]),
  );
  for (let i = 0; i < runs; i++) {
    for (const b of bundles) {
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

function shortModule(module: string): string {
  const i = module.lastIndexOf('node_modules/');
  return i === -1 ? module : module.slice(i + 'node_modules/'.length);
}

/** A chunk a function loads with `import()` when a request first needs it. */
interface LazyEntry {
  readonly bundle: BuiltBundle;
  /** The module the function imports on first use, as the metafile names it. */
  readonly module: string;
  readonly file: string;
  /** Bytes that import reads: the chunk and its static imports not already loaded with the function. */
  readonly bytes: number;
}

function lazyEntries(bundles: readonly BuiltBundle[], root: string): LazyEntry[] {
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

async function measureFirstUse(probeFile: string, entries: readonly LazyEntry[], runs: number): Promise<Map<LazyEntry, number[]>> {
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

export async function run(ctx: SectionContext): Promise<SectionReport> {
  ctx.progress('bundling (same options as section 1)…');
  const all = await buildAll(ctx);
  const bundles = all.filter(
    (b) => b.kind === 'function' || b.name === HELLO_REFERENCE || b.name === SDK_REFERENCE || b.name === LEAN_SDK_REFERENCE,
  );
  const probeFile = path.join(ctx.outDir, 'entries', 'cold-probe.js');
  writeFileSync(probeFile, PROBE_SOURCE);
  writeFileSync(path.join(path.dirname(probeFile), 'cold-warm.mjs'), 'export default 0;\n');

  ctx.progress(`${bundles.length} bundles × ${RUNS} fresh processes with --enable-source-maps…`);
  const started = performance.now();
  const main = await measure(probeFile, bundles, true, RUNS);
  const sample = bundles.filter((b) => b.kind === 'reference' || NO_SOURCE_MAP_SAMPLE.includes(b.name));
  ctx.progress(`${sample.length} bundles × ${RUNS} processes without source maps…`);
  const plain = await measure(probeFile, sample, false, RUNS);
  const firstUse = lazyEntries(
    bundles.filter((b) => FIRST_USE_SAMPLE.includes(b.name)),
    ctx.root,
  );
  ctx.progress(`${firstUse.length} chunks loaded on first use × ${FIRST_USE_RUNS} processes…`);
  const later = await measureFirstUse(probeFile, firstUse, FIRST_USE_RUNS);
  const seconds = (performance.now() - started) / 1000;

  const med = (m: Map<string, Series>, name: string, key: 'require' | 'cpu' | 'sinceStart') => median(m.get(name)?.[key] ?? []);
  const sdkRequire = med(main, SDK_REFERENCE, 'require');
  const helloStart = med(main, HELLO_REFERENCE, 'sinceStart');
  const sdkCpu = med(main, SDK_REFERENCE, 'cpu');
  const leanSdkCpu = med(main, LEAN_SDK_REFERENCE, 'cpu');

  const rows = bundles.map((b) => {
    const s = main.get(b.name) as Series;
    const req = median(s.require);
    const start = median(s.sinceStart);
    const plainReq = plain.has(b.name) ? med(plain, b.name, 'require') : null;
    return [
      b.name,
      b.class,
      round(b.startBytes / 1024, 0),
      s.require.length,
      round(req, 1),
      round(Math.min(...s.require), 1),
      round(Math.max(...s.require), 1),
      round(req / sdkRequire, 2),
      round(median(s.cpu), 1),
      round(median(s.cpu) / sdkCpu, 2),
      round(median(s.cpu) / leanSdkCpu, 2),
      round(start, 1),
      round(start / helloStart, 2),
      plainReq === null ? null : round(plainReq, 1),
      s.connects + s.lookups,
      s.intl,
      s.errors.length === 0 ? (s.exported === 'function' ? 'ok' : `handler is ${s.exported}`) : (s.errors[0]?.slice(0, 60) ?? 'error'),
    ];
  });

  const targets: TargetCheck[] = bundles
    .filter((b) => b.kind === 'function')
    .map((b) => {
      const r = med(main, b.name, 'cpu') / sdkCpu;
      // A bundle that does not load has no cold start to speak of: the target is missed, whatever its time.
      const loaded = (main.get(b.name)?.errors.length ?? 1) === 0;
      return {
        name: `cold ${b.name}`,
        figure: loaded ? ratio(r) : 'fails to load',
        target: `≤ ${ratio(COLD_RATIO_TARGET, 1)} SDK-only (CPU)`,
        met: !loaded ? false : Number.isFinite(r) ? r <= COLD_RATIO_TARGET : null,
      };
    });

  const networkAttempts = [...main.values()].reduce((n, s) => n + s.connects + s.lookups, 0);
  const intlCalls = [...main.values()].reduce((n, s) => n + s.intl, 0);
  return {
    tables: [
      {
        title: `Cold import: median of ${RUNS} fresh node ${process.version} processes per bundle, import() time of index.mjs (NODE_OPTIONS=--enable-source-maps, as deployed)`,
        columns: [
          'bundle',
          'class',
          'KB at load',
          'n',
          'import p50 ms',
          'min',
          'max',
          '× SDK-only',
          'CPU p50 ms',
          'CPU × SDK',
          'CPU × lean SDK',
          'start→loaded ms',
          '× hello',
          'no-srcmap p50 ms',
          'net calls',
          'Intl calls',
          'load',
        ],
        rows,
      },
      {
        title: `Loaded on first use: the import() a request that needs it triggers, after the function's own import (median of ${FIRST_USE_RUNS} processes; CPU ms)`,
        columns: ['function', 'module imported on first use', 'KB read', 'CPU p50 ms', '× SDK-only import'],
        rows: firstUse.map((entry) => {
          const cpu = median(later.get(entry) ?? []);
          return [entry.bundle.name, shortModule(entry.module), round(entry.bytes / 1024, 0), round(cpu, 1), round(cpu / sdkCpu, 2)];
        }),
      },
    ],
    targets,
    notes: [
      `SDK-only reference (the SDK as it comes, whole credential chain; what the targets divide by): import p50 ${ms(sdkRequire)}, CPU p50 ${ms(sdkCpu)}; the same bundled as ours are (credentials from the environment only, lib/function-bundle.ts): CPU p50 ${ms(leanSdkCpu)}, so 'CPU × lean SDK' is what our own code adds to the SDK; hello-world process start→loaded p50 ${ms(helloStart)} (Node's own boot).`,
      "'CPU' is the process CPU time (user + system, every thread) spent in the import: less sensitive than wall time to other load on this shared machine (processes of other work slow the wall clock, not the CPU a load needs), so the target uses the CPU median; the wall-time ratio is printed beside it.",
      "The timed import is the bundle's index.mjs after Node's ES module loader is up (Lambda's runtime is an ES module: its loader is running before it imports the handler); chunks the entry imports statically load with it, chunks behind import() wait for a request that needs them.",
      "'start→loaded' is performance.now() right after the import (process boot, loader start and import); '× hello' divides it by hello-world's.",
      `'no-srcmap' re-measures the references and ${NO_SOURCE_MAP_SAMPLE.join(', ')} with NODE_OPTIONS empty: the difference is what --enable-source-maps costs at load.`,
      `Network attempts at import (socket connects + DNS lookups) across all runs: ${networkAttempts}. AWS_ENDPOINT_URL points at a closed 127.0.0.1 port in any case.`,
      `Intl calls at import (toLocaleString, localeCompare, Intl.* constructors) across all runs: ${intlCalls}. A process's first one loads ICU data, about 12 ms of cold start; descriptions built at load format numbers by hand (shared/contracts/contract.ts formatBytes).`,
      `${bundles.length * RUNS + sample.length * RUNS + firstUse.length * FIRST_USE_RUNS} processes in ${seconds.toFixed(0)} s, run one at a time; the machine is shared, so min/max show the noise.`,
    ],
    figures: {
      runs: RUNS,
      nodeVersion: process.version,
      env: Object.keys(LOAD_ENV),
      bundles: bundles.map((b) => {
        const s = main.get(b.name) as Series;
        return {
          name: b.name,
          class: b.class,
          bytes: b.bytes,
          startBytes: b.startBytes,
          requireMsMedian: round(median(s.require), 2),
          requireMsAll: s.require.map((v) => round(v, 2)),
          cpuMsMedian: round(median(s.cpu), 2),
          sinceStartMsMedian: round(median(s.sinceStart), 2),
          ratioToSdkOnly: round(median(s.require) / sdkRequire, 3),
          cpuRatioToSdkOnly: round(median(s.cpu) / sdkCpu, 3),
          noSourceMapsRequireMsMedian: plain.has(b.name) ? round(med(plain, b.name, 'require'), 2) : null,
          networkAttempts: s.connects + s.lookups,
          intlCalls: s.intl,
          errors: s.errors,
        };
      }),
    },
  };
}

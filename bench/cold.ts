import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { type BuiltBundle, buildAll, HELLO_REFERENCE, LEAN_SDK_REFERENCE, SDK_REFERENCE } from './bundles';
import {
  LOAD_ENV,
  lazyEntries,
  measure,
  measureFirstUse,
  PROBE_SOURCE,
  type RepeatedReference,
  roundOrder,
  type Series,
  shortModule,
} from './cold-probe';
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

/**
 * Fresh processes per bundle. A median of 15 moved a function's ratio by ±0.05 between whole runs
 * of the same code, enough to flip a verdict near the target either way; 31 narrows that by about
 * a third (√(15/31)) for some 2 minutes more. `BENCH_COLD_RUNS` lowers it on a machine too busy for the section's time.
 */
export const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 31);
export const COLD_RATIO_TARGET = 1.3;
/** Bundles measured a second time without source maps, to show what --enable-source-maps costs. */
const NO_SOURCE_MAP_SAMPLE = ['authorizer', 'list-team-sessions', 'ingest-lead'];
/**
 * Functions whose code loaded on first use is timed too: what a request that needs it then pays
 * (the import of that chunk after the function's), so moving work out of the cold start shows
 * where it went.
 */
const FIRST_USE_SAMPLE = ['ingest-lead', 'receive-voice-report', 'create-sms-campaign'];
const FIRST_USE_RUNS = 7;
/**
 * The lean reference is measured after every 8 other bundles of a round, so its median rests on
 * about 9 × RUNS processes: one noisy median of 15 would move all 66 ratios together (two whole
 * runs minutes apart on a quiet machine read the reference at 44.3 and 40.0 ms).
 */
const LEAN_REPEATED: RepeatedReference = { name: LEAN_SDK_REFERENCE, every: 8 };

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
  const main = await measure(probeFile, bundles, true, RUNS, LEAN_REPEATED);
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

  const m: Measured = { bundles, main, plain, refs: references(main) };
  return {
    tables: [
      {
        title: `Cold import: median of ${RUNS} fresh node ${process.version} processes per bundle (the lean reference: after every ${LEAN_REPEATED.every} bundles of each round), import() time of index.mjs (NODE_OPTIONS=--enable-source-maps, as deployed)`,
        columns: COLD_COLUMNS,
        rows: coldRows(m),
      },
      {
        title: `Loaded on first use: the import() a request that needs it triggers, after the function's own import (median of ${FIRST_USE_RUNS} processes; CPU ms)`,
        columns: ['function', 'module imported on first use', 'KB read', 'CPU p50 ms', '× lean SDK import'],
        rows: firstUse.map((entry) => {
          const cpu = median(later.get(entry) ?? []);
          return [
            entry.bundle.name,
            shortModule(entry.module),
            round(entry.bytes / 1024, 0),
            round(cpu, 1),
            round(cpu / m.refs.leanSdkCpu, 2),
          ];
        }),
      },
    ],
    targets: coldTargets(m),
    notes: coldNotes(
      m,
      `${roundOrder(bundles, LEAN_REPEATED).length * RUNS + sample.length * RUNS + firstUse.length * FIRST_USE_RUNS} processes in ${seconds.toFixed(0)} s`,
    ),
    figures: coldFigures(m),
  };
}

/** What the section measured: the bundles, their series with and without source maps, and the references' medians. */
interface Measured {
  readonly bundles: readonly BuiltBundle[];
  readonly main: Map<string, Series>;
  readonly plain: Map<string, Series>;
  readonly refs: { readonly sdkRequire: number; readonly helloStart: number; readonly sdkCpu: number; readonly leanSdkCpu: number };
}

const med = (m: Map<string, Series>, name: string, key: 'require' | 'cpu' | 'sinceStart') => median(m.get(name)?.[key] ?? []);

/** The reference bundles' medians every ratio divides by. */
function references(main: Map<string, Series>): Measured['refs'] {
  return {
    sdkRequire: med(main, SDK_REFERENCE, 'require'),
    helloStart: med(main, HELLO_REFERENCE, 'sinceStart'),
    sdkCpu: med(main, SDK_REFERENCE, 'cpu'),
    leanSdkCpu: med(main, LEAN_SDK_REFERENCE, 'cpu'),
  };
}

const COLD_COLUMNS = [
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
];

/** One row per bundle of the cold-import table. */
function coldRows({ bundles, main, plain, refs }: Measured): (string | number | null)[][] {
  return bundles.map((b) => {
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
      round(req / refs.sdkRequire, 2),
      round(median(s.cpu), 1),
      round(median(s.cpu) / refs.sdkCpu, 2),
      round(median(s.cpu) / refs.leanSdkCpu, 2),
      round(start, 1),
      round(start / refs.helloStart, 2),
      plainReq === null ? null : round(plainReq, 1),
      s.connects + s.lookups,
      s.intl,
      s.errors.length === 0 ? (s.exported === 'function' ? 'ok' : `handler is ${s.exported}`) : (s.errors[0]?.slice(0, 60) ?? 'error'),
    ];
  });
}

/**
 * Each function's CPU ratio to the lean SDK-only reference (the SDK bundled as ours are) against the
 * target: what our own code adds to the SDK a function cannot do without.
 */
function coldTargets({ bundles, main, refs }: Measured): TargetCheck[] {
  return bundles
    .filter((b) => b.kind === 'function')
    .map((b) => {
      const r = med(main, b.name, 'cpu') / refs.leanSdkCpu;
      // A bundle that does not load has no cold start to speak of: the target is missed, whatever its time.
      const loaded = (main.get(b.name)?.errors.length ?? 1) === 0;
      return {
        name: `cold ${b.name}`,
        figure: loaded ? ratio(r) : 'fails to load',
        target: `≤ ${ratio(COLD_RATIO_TARGET, 1)} lean SDK-only (CPU)`,
        met: !loaded ? false : Number.isFinite(r) ? r <= COLD_RATIO_TARGET : null,
      };
    });
}

/** How to read the section's figures; `processes` says how many probes ran and for how long. */
function coldNotes({ main, refs }: Measured, processes: string): string[] {
  const { sdkRequire, sdkCpu, leanSdkCpu, helloStart } = refs;
  const networkAttempts = [...main.values()].reduce((n, s) => n + s.connects + s.lookups, 0);
  const intlCalls = [...main.values()].reduce((n, s) => n + s.intl, 0);
  return [
    `Lean SDK-only reference (the SDK bundled as ours are, credentials from the environment only, lib/function-bundle.ts; what the targets divide by): CPU p50 ${ms(leanSdkCpu)}, so 'CPU × lean SDK' is what our own code adds to the SDK; the SDK as it comes (its CommonJS build, whole credential chain): import p50 ${ms(sdkRequire)}, CPU p50 ${ms(sdkCpu)}; hello-world process start→loaded p50 ${ms(helloStart)} (Node's own boot).`,
    "'CPU' is the process CPU time (user + system, every thread) spent in the import: less sensitive than wall time to other load on this shared machine (processes of other work slow the wall clock, not the CPU a load needs), so the target uses the CPU median; the wall-time ratio is printed beside it.",
    "The timed import is the bundle's index.mjs after Node's ES module loader is up (Lambda's runtime is an ES module: its loader is running before it imports the handler); chunks the entry imports statically load with it, chunks behind import() wait for a request that needs them.",
    "'start→loaded' is performance.now() right after the import (process boot, loader start and import); '× hello' divides it by hello-world's.",
    `'no-srcmap' re-measures the references and ${NO_SOURCE_MAP_SAMPLE.join(', ')} with NODE_OPTIONS empty: the difference is what --enable-source-maps costs at load.`,
    `Network attempts at import (socket connects + DNS lookups) across all runs: ${networkAttempts}. AWS_ENDPOINT_URL points at a closed 127.0.0.1 port in any case.`,
    `Intl calls at import (toLocaleString, localeCompare, Intl.* constructors) across all runs: ${intlCalls}. A process's first one loads ICU data, about 12 ms of cold start; descriptions built at load format numbers by hand (shared/contracts/contract.ts formatBytes).`,
    `${processes}, run one at a time; the machine is shared, so min/max show the noise.`,
  ];
}

/** The raw figures of every bundle, for the JSON report. */
function coldFigures({ bundles, main, plain, refs }: Measured): Record<string, unknown> {
  return {
    runs: RUNS,
    nodeVersion: process.version,
    target: { cpuRatioToLeanSdkOnly: COLD_RATIO_TARGET },
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
        ratioToSdkOnly: round(median(s.require) / refs.sdkRequire, 3),
        cpuRatioToSdkOnly: round(median(s.cpu) / refs.sdkCpu, 3),
        cpuRatioToLeanSdkOnly: round(median(s.cpu) / refs.leanSdkCpu, 3),
        noSourceMapsRequireMsMedian: plain.has(b.name) ? round(med(plain, b.name, 'require'), 2) : null,
        networkAttempts: s.connects + s.lookups,
        intlCalls: s.intl,
        errors: s.errors,
      };
    }),
  };
}

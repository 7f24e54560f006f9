import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { summarizeProfiles } from './profile';
import { errorMessage, formatTable, formatTargets, type SectionContext, type SectionReport, type TargetCheck } from './report';

/**
 * `npm run bench [-- --only <section>[,<section>…]] [--profile]`
 *
 * Runs each section in its own Node process (one local service per process, as the handlers
 * expect; a crash or a leak in one section cannot spoil the next), prints its tables, and writes
 * every figure to .bench/results.json. A section that fails prints its error and the run goes on.
 * Figures are compared with targets and printed; nothing is asserted.
 */

const SECTIONS = {
  bundles: { load: () => import('./bundles'), timeLimitSeconds: 180, title: '1. Bundles' },
  cold: { load: () => import('./cold'), timeLimitSeconds: 1800, title: '2. Cold import' },
  gateway: { load: () => import('./gateway'), timeLimitSeconds: 180, title: '3. Gateway' },
  analytics: { load: () => import('./analytics'), timeLimitSeconds: 420, title: '4. Analytics' },
  intake: { load: () => import('./intake'), timeLimitSeconds: 180, title: '5. Intake' },
  webhook: { load: () => import('./webhook'), timeLimitSeconds: 180, title: '6. Voice webhook' },
  sms: { load: () => import('./sms'), timeLimitSeconds: 300, title: '7. SMS campaigns' },
  'cross-team': { load: () => import('./cross-team'), timeLimitSeconds: 300, title: '8. Cross-team lists' },
  rollups: { load: () => import('./rollups'), timeLimitSeconds: 600, title: '9. Analytics rollups' },
  limits: { load: () => import('./limits'), timeLimitSeconds: 180, title: '10. Rate limiter' },
  responder: { load: () => import('./responder'), timeLimitSeconds: 300, title: '11. AI responder decisions' },
  widget: { load: () => import('./widget'), timeLimitSeconds: 300, title: '12. Scheduling widget' },
  exports: { load: () => import('./exports'), timeLimitSeconds: 7200, title: '13. Exports' },
} satisfies Record<
  string,
  { load: () => Promise<{ run(ctx: SectionContext): Promise<SectionReport> }>; timeLimitSeconds: number; title: string }
>;

type SectionName = keyof typeof SECTIONS;

const ROOT = path.resolve(__dirname, '..');
const OUT_DIR = path.join(ROOT, '.bench');
const RESULTS_FILE = path.join(OUT_DIR, 'results.json');
/** tsx's loader, so the section process runs TypeScript exactly as `tsx bench/run.ts` does. */
const TSX_LOADER = pathToFileURL(require.resolve('tsx')).href;

interface SectionOutcome {
  readonly ok: boolean;
  readonly seconds: number;
  readonly report?: SectionReport;
  readonly error?: string;
}

function isSection(name: string): name is SectionName {
  return Object.hasOwn(SECTIONS, name);
}

function context(): SectionContext {
  return {
    root: ROOT,
    outDir: OUT_DIR,
    progress: (message) => process.stderr.write(`  … ${message}\n`),
  };
}

/** In the section's own process: run it and write its report (or its error) to `outFile`. */
async function runChild(name: SectionName, outFile: string): Promise<void> {
  let outcome: { report?: SectionReport; error?: string };
  try {
    const section = await SECTIONS[name].load();
    outcome = { report: await section.run(context()) };
  } catch (error) {
    outcome = { error: errorMessage(error) };
  }
  writeFileSync(outFile, JSON.stringify(outcome));
  // Sections stop what they start; exit anyway so a stray handle cannot keep the process alive.
  process.exit(0);
}

/** Starts the section's process and waits for it, bounded by the section's time limit. */
function runSectionProcess(name: SectionName, profileDir: string | null): Promise<SectionOutcome> {
  const outFile = path.join(OUT_DIR, `section-${name}.json`);
  rmSync(outFile, { force: true });
  const started = performance.now();
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(
    process.execPath,
    [...profiling, '--expose-gc', '--import', TSX_LOADER, __filename, '--child', name, '--out', outFile],
    {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    },
  );
  return new Promise((resolve) => {
    let timedOut = false;
    const limit = SECTIONS[name].timeLimitSeconds * 1000;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    }, limit);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      if (timedOut) return resolve({ ok: false, seconds, error: `timed out after ${limit / 1000} s` });
      if (!existsSync(outFile)) {
        return resolve({ ok: false, seconds, error: `section process exited (${signal ?? `code ${code}`}) without a report` });
      }
      const parsed = JSON.parse(readFileSync(outFile, 'utf8')) as { report?: SectionReport; error?: string };
      rmSync(outFile, { force: true });
      resolve(parsed.report ? { ok: true, seconds, report: parsed.report } : { ok: false, seconds, error: parsed.error ?? 'no report' });
    });
  });
}

function printSection(name: SectionName, outcome: SectionOutcome): void {
  const out: string[] = [];
  if (outcome.report) {
    for (const table of outcome.report.tables) out.push(formatTable(table), '');
    if (outcome.report.targets.length > 0) out.push(formatTargets(outcome.report.targets), '');
    for (const note of outcome.report.notes) out.push(`  • ${note}`);
  } else {
    out.push(`  SECTION FAILED: ${outcome.error ?? 'unknown error'}`);
  }
  out.push(`  (${name}: ${outcome.seconds.toFixed(1)} s)`, '');
  process.stdout.write(`${out.join('\n')}\n`);
}

/** A bad command line: printed without a stack. */
class UsageError extends Error {}

interface Args {
  only: SectionName[];
  profile: boolean;
  child?: { name: SectionName; out: string };
}

function parseArgs(argv: readonly string[]): Args {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i === -1 ? undefined : argv[i + 1];
  };
  const childName = value('--child');
  const out = value('--out');
  if (childName !== undefined) {
    if (!isSection(childName) || !out) throw new UsageError(`bad child arguments: ${argv.join(' ')}`);
    return { only: [childName], profile: false, child: { name: childName, out } };
  }
  const only = value('--only');
  if (argv.includes('--only') && !only) throw new UsageError('--only needs a section name');
  const names = only ? only.split(',').map((s) => s.trim()) : Object.keys(SECTIONS);
  const unknown = names.filter((n) => !isSection(n));
  if (unknown.length > 0) throw new UsageError(`unknown section(s) ${unknown.join(', ')}; sections: ${Object.keys(SECTIONS).join(', ')}`);
  return { only: names.filter(isSection), profile: argv.includes('--profile') };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.child) return runChild(args.child.name, args.child.out);

  mkdirSync(OUT_DIR, { recursive: true });
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`;
  process.stdout.write(`Benchmarks: ${args.only.join(', ')}\n${machine}; load average before: ${loadAverage()}\n\n`);

  const previous = readPrevious();
  const sections: Record<string, unknown> = { ...previous.sections };
  const allTargets: (TargetCheck & { section: string })[] = [];
  const failed: string[] = [];
  const runStarted = performance.now();
  for (const name of args.only) {
    process.stdout.write(`== ${SECTIONS[name].title} ==\n`);
    const loadBefore = loadavg()[0] ?? 0;
    const profileDir = args.profile ? path.join(OUT_DIR, 'profiles', name) : null;
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
    const outcome = await runSectionProcess(name, profileDir);
    printSection(name, outcome);
    const loadAfter = loadavg()[0] ?? 0;
    process.stdout.write(
      `  load average (1 min) ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, on ${cpus().length} cores${Math.max(loadBefore, loadAfter) > cpus().length ? ' — the machine was busy with other work: figures are pessimistic' : ''}\n\n`,
    );
    if (profileDir) {
      for (const table of summarizeProfiles(profileDir)) process.stdout.write(`${formatTable(table)}\n\n`);
      process.stdout.write(`  profiles in ${path.relative(ROOT, profileDir)}/ (open in Chrome DevTools or speedscope)\n\n`);
    }
    if (!outcome.ok) failed.push(name);
    for (const t of outcome.report?.targets ?? []) allTargets.push({ ...t, section: name });
    sections[name] = {
      ranAt: new Date().toISOString(),
      seconds: Math.round(outcome.seconds * 10) / 10,
      loadAverage: { before: Math.round(loadBefore * 100) / 100, after: Math.round(loadAfter * 100) / 100, cores: cpus().length },
      ...(outcome.report ? { figures: outcome.report.figures, targets: outcome.report.targets, notes: outcome.report.notes } : {}),
      ...(outcome.error ? { error: outcome.error } : {}),
    };
  }

  writeFileSync(RESULTS_FILE, `${JSON.stringify({ updatedAt: new Date().toISOString(), machine, sections }, null, 2)}\n`);
  if (allTargets.length > 0) {
    const summary = allTargets.map((t) => ({ ...t, name: `${t.section}: ${t.name}` }));
    process.stdout.write(`${formatTargets(summary, 'Summary of targets')}\n\n`);
  }
  process.stdout.write(
    `Done in ${((performance.now() - runStarted) / 1000).toFixed(0)} s; figures in ${path.relative(ROOT, RESULTS_FILE)}` +
      (failed.length > 0 ? `; FAILED sections: ${failed.join(', ')}` : '') +
      '\n',
  );
  if (failed.length > 0) process.exitCode = 1;
}

function loadAverage(): string {
  return loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');
}

function readPrevious(): { sections: Record<string, unknown> } {
  try {
    const parsed = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as { sections?: Record<string, unknown> };
    return { sections: parsed.sections ?? {} };
  } catch {
    return { sections: {} };
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof UsageError ? error.message : errorMessage(error)}\n`);
  process.exit(1);
});

/**
 * What a benchmark section hands back, and how it is printed. Sections print figures and compare
 * them with targets; they never assert (a missed target is a finding, not a failure).
 */

export type Cell = string | number | null;

export interface Table {
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
}

export interface TargetCheck {
  readonly name: string;
  /** The measured figure, formatted. */
  readonly figure: string;
  /** The target, formatted (e.g. "≤ 700 KB"). */
  readonly target: string;
  /** null when the figure could not be measured. */
  readonly met: boolean | null;
}

export interface SectionReport {
  readonly tables: readonly Table[];
  readonly targets: readonly TargetCheck[];
  /** Context a reader needs to interpret the figures (setup, caveats, where time goes). */
  readonly notes: readonly string[];
  /** Machine-readable figures, written to .bench/results.json. */
  readonly figures: Record<string, unknown>;
}

export interface SectionContext {
  /** The repository root. */
  readonly root: string;
  /** .bench/ under the root (git-ignored): bundles, entries, results. */
  readonly outDir: string;
  /** Progress lines (stderr), so long sections show they are alive. */
  progress(message: string): void;
}

// ---------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------

/** Nearest-rank percentile of an ascending array; NaN when empty. */
export function percentile(sortedAscending: readonly number[], p: number): number {
  if (sortedAscending.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sortedAscending.length);
  return sortedAscending[Math.min(sortedAscending.length - 1, Math.max(0, rank - 1))] as number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * Runs `fn` `runs` times and returns every duration in ms (after one untimed warm-up run when
 * asked). When the process runs with --expose-gc (bench/run.ts starts sections so), a full
 * collection precedes each run, so no run pays for the garbage of the one before.
 */
export function timeRuns(runs: number, fn: () => void, options: { warmup?: boolean } = {}): number[] {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (options.warmup) fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    gc?.();
    const started = performance.now();
    fn();
    out.push(performance.now() - started);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function ms(value: number, digits = 1): string {
  return Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a';
}

export function ratio(value: number, digits = 2): string {
  return Number.isFinite(value) ? `${value.toFixed(digits)}×` : 'n/a';
}

export function pct(value: number, digits = 0): string {
  return Number.isFinite(value) ? `${(value * 100).toFixed(digits)}%` : 'n/a';
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** A plain-text table: numbers right-aligned, text left-aligned. */
export function formatTable(table: Table): string {
  const cells = table.rows.map((row) => row.map((c) => (c === null ? '—' : typeof c === 'number' ? formatNumber(c) : c)));
  const numeric = table.columns.map((_, i) => table.rows.length > 0 && table.rows.every((r) => typeof r[i] === 'number' || r[i] === null));
  const widths = table.columns.map((h, i) => Math.max(width(h), ...cells.map((r) => width(r[i] ?? ''))));
  const line = (values: readonly string[]) =>
    values
      .map((v, i) => {
        const pad = ' '.repeat(Math.max(0, (widths[i] ?? 0) - width(v)));
        return numeric[i] ? pad + v : v + pad;
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [table.title, line(table.columns), rule, ...cells.map(line)].join('\n');
}

export function formatTargets(targets: readonly TargetCheck[], title = 'Targets'): string {
  return formatTable({
    title,
    columns: ['target', 'figure', 'wanted', 'met'],
    rows: targets.map((t) => [t.name, t.figure, t.target, t.met === null ? 'n/a' : t.met ? 'yes' : 'NO']),
  });
}

function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return 'n/a';
  if (Number.isInteger(n)) return String(n);
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);
}

/** Display width: the multiplication sign and other BMP symbols count as one column. */
function width(s: string): number {
  return [...s].length;
}

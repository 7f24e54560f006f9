/**
 * How the demo seed writes: items in BatchWriteItem-sized batches, a bounded number of calls in
 * flight, progress lines at most once a second, and a stopwatch for the seed's phases.
 */

/** Items per BatchWriteItem (DynamoDB's maximum). */
const BATCH_SIZE = 25;
/** BatchWriteItem calls in flight at once. */
export const WRITE_CONCURRENCY = 8;

/** Runs tasks with at most `concurrency` in flight; rejects with the first failure. */
export async function runWithConcurrency<T>(tasks: readonly (() => Promise<T>)[], concurrency: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  return results;
}

export function batchTasks<T>(
  items: readonly T[],
  write: (batch: readonly T[]) => Promise<void>,
  done: (count: number) => void = () => undefined,
): (() => Promise<void>)[] {
  const tasks: (() => Promise<void>)[] = [];
  for (let i = 0; i < items.length; i += BATCH_SIZE) {
    const batch = items.slice(i, i + BATCH_SIZE);
    tasks.push(() => write(batch).then(() => done(batch.length)));
  }
  return tasks;
}

/** At most one progress line a second while writing (plus one as each kind completes). */
const PROGRESS_EVERY_MS = 1000;

/**
 * Counts written items per kind and reports `sessions 1,200/6,120` at most once a second, and
 * once when a kind is complete.
 */
export function writeProgress(progress: (line: string) => void, totals: Record<string, number>): (kind: string) => (count: number) => void {
  const done = new Map<string, number>();
  let last = performance.now();
  const line = (kind: string) => `${kind} ${(done.get(kind) ?? 0).toLocaleString('en-US')}/${(totals[kind] ?? 0).toLocaleString('en-US')}`;
  return (kind) => (count) => {
    const total = (done.get(kind) ?? 0) + count;
    done.set(kind, total);
    const now = performance.now();
    if (total === totals[kind] || now - last >= PROGRESS_EVERY_MS) {
      last = now;
      progress(line(kind));
    }
  };
}

export function stopwatch(): { lap(): number } {
  let last = performance.now();
  return {
    lap() {
      const at = performance.now();
      const ms = Math.round(at - last);
      last = at;
      return ms;
    },
  };
}

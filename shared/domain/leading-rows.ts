/**
 * The leading rows of a grouped analytics block without sorting the block: a block answers at most
 * `k` rows (GROUPED_BLOCK_MAX_ROWS) and whether it had more, while ad click ids make tens of
 * thousands of groups. A bounded heap keeps the `k` best rows seen so far; most rows lose to its
 * worst row on their session count alone, names are built only for rows that tie with it, and
 * grouping keys only for rows whose names tie.
 * The result is exactly the first `k` rows of the full sort (sessions descending, then name, then
 * the grouping key, which is unique per group).
 */
interface Ranked<T> {
  readonly row: T;
  readonly sessions: number;
  readonly name: string;
  /** Built when two names tie (rarely): the grouping key. */
  key?: string;
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function leadingBySessions<T extends { sessions: number }>(
  rows: Iterable<T>,
  k: number,
  name: (r: T) => string,
  key: (r: T) => string,
): { rows: T[]; total: number } {
  const keyOf = (r: Ranked<T>): string => {
    r.key ??= key(r.row);
    return r.key;
  };
  /** Negative when `a` comes first. */
  const compareRanked = (a: Ranked<T>, b: Ranked<T>): number =>
    b.sessions - a.sessions || compareText(a.name, b.name) || compareText(keyOf(a), keyOf(b));
  // Max-heap on the order: heap[0] is the last of the rows kept.
  const heap: Ranked<T>[] = [];
  let total = 0;
  const siftDown = (from: number) => {
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < heap.length && compareRanked(heap[l] as Ranked<T>, heap[worst] as Ranked<T>) > 0) worst = l;
      if (r < heap.length && compareRanked(heap[r] as Ranked<T>, heap[worst] as Ranked<T>) > 0) worst = r;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst] as Ranked<T>, heap[i] as Ranked<T>];
      i = worst;
    }
  };
  for (const row of rows) {
    total++;
    if (k <= 0) continue;
    if (heap.length === k && row.sessions < (heap[0] as Ranked<T>).sessions) continue;
    const ranked: Ranked<T> = { row, sessions: row.sessions, name: name(row) };
    if (heap.length < k) {
      heap.push(ranked);
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (compareRanked(heap[i] as Ranked<T>, heap[parent] as Ranked<T>) <= 0) break;
        [heap[i], heap[parent]] = [heap[parent] as Ranked<T>, heap[i] as Ranked<T>];
        i = parent;
      }
    } else if (compareRanked(ranked, heap[0] as Ranked<T>) < 0) {
      heap[0] = ranked;
      siftDown(0);
    }
  }
  return { rows: heap.sort(compareRanked).map((r) => r.row), total };
}

/**
 * "Did you mean": the known word closest to what was typed, when it is close enough to be a typo
 * (at most two edits) or what was typed starts it (`--perm` for `--permissions`).
 */
export function closest(typed: string, known: Iterable<string>): string | null {
  let best: { word: string; distance: number } | null = null;
  for (const word of known) {
    const prefix = word !== typed && word.startsWith(typed) && typed.replace(/^-+/, '').length >= 2;
    const distance = prefix ? 0.5 : editDistance(typed, word);
    if (distance <= 2 && (best === null || distance < best.distance)) best = { word, distance };
  }
  return best?.word ?? null;
}

/** Levenshtein distance, with a swap of two neighbours counting as one edit (`kye` → `key`). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number): number => d[i]?.[j] ?? 0;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, at(i - 2, j - 2) + 1);
      (d[i] as number[])[j] = value;
    }
  }
  return at(a.length, b.length);
}

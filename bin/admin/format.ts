/** Output shapes shared by the commands: `--json` prints JSON, otherwise text for a terminal. */

export function toJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** Columns padded to their widest cell, `gap` spaces apart; `(none)` rather than a header with nothing under it. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[], gap = 2): string {
  if (rows.length === 0) return '(none)';
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join(' '.repeat(gap))
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

/** At most `width` characters: longer text ends in an ellipsis. */
export function clip(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

/** Output shapes shared by the commands: `--json` prints JSON, otherwise text for a terminal. */

export function toJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** Columns padded to their widest cell; `(none)` rather than a header with nothing under it. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '(none)';
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

import fc from 'fast-check';
import { leadingBySessions } from '#shared/domain/leading-rows';

interface Row {
  readonly id: string;
  readonly label: string;
  readonly sessions: number;
}

const fullSort = (rows: readonly Row[]) =>
  [...rows].sort(
    (a, b) => b.sessions - a.sessions || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );

describe('leading rows of a grouped block', () => {
  it('equals the first k rows of the full sort, with the total row count', () => {
    const row = fc.record({ label: fc.constantFrom('', 'a', 'a/b', 'b', 'B', 'ab'), sessions: fc.integer({ min: 0, max: 4 }) });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 200 }), fc.integer({ min: 0, max: 220 }), (drafts, k) => {
        // Labels tie often (the name), ids never (the grouping key is unique per group).
        const rows = drafts.map((d, i) => ({ ...d, id: `id${(i * 7919) % 1000}-${i}` }));
        const got = leadingBySessions(
          rows,
          k,
          (r) => r.label,
          (r) => r.id,
        );
        expect(got.total).toBe(rows.length);
        expect(got.rows).toEqual(fullSort(rows).slice(0, k));
      }),
      { numRuns: 500 },
    );
  });
});

import { partQuerySlices } from '#shared/adapters/dynamodb/rollup-store';
import { DAY_MS, dayOfSortKey, daySortKey } from '#shared/domain/rollups/buckets';

describe('partQuerySlices', () => {
  it('covers a long day range with adjacent slices, each day exactly once', () => {
    for (const days of [1, 11, 12, 13, 24, 25, 90, 366]) {
      const from = Date.UTC(2026, 1, 20);
      const to = from + (days - 1) * DAY_MS;
      const slices = partQuerySlices(daySortKey(from), daySortKey(to));

      const covered = slices.flatMap(([a, b]) => {
        const out: string[] = [];
        for (let d = dayOfSortKey(a); d <= dayOfSortKey(b); d += DAY_MS) out.push(daySortKey(d));
        return out;
      });
      const expected = Array.from({ length: days }, (_, i) => daySortKey(from + i * DAY_MS));
      expect(covered).toEqual(expected);
      expect(slices.length).toBe(Math.ceil(days / 12));
    }
  });

  it('keeps an hour range as one query', () => {
    expect(partQuerySlices('H#2026-03-08T01', 'H#2026-03-08T22')).toEqual([['H#2026-03-08T01', 'H#2026-03-08T22']]);
  });

  it('returns a range that ends before it starts unchanged (its query reads nothing)', () => {
    expect(partQuerySlices('D#2026-03-09', 'D#2026-03-08')).toEqual([['D#2026-03-09', 'D#2026-03-08']]);
  });
});

import fc from 'fast-check';
import { UtmGroups } from '#shared/domain/rollups/utm-groups';

const value = fc.constantFrom('', 'google', 'cpc', 'a,b', '1', '\u0000', 'é');
const row = fc.record({ source: value, medium: value, campaign: value, term: value, content: value, conversion: fc.constantFrom(0, 1) });
type Row = typeof row extends fc.Arbitrary<infer T> ? T : never;

function naiveGroups(rows: readonly Row[]) {
  const groups = new Map<
    string,
    { source: string; medium: string; campaign: string; term: string; content: string; sessions: number; conversions: number }
  >();
  for (const r of rows) {
    const key = JSON.stringify([r.source, r.medium, r.campaign, r.term, r.content]);
    const group = groups.get(key) ?? {
      source: r.source,
      medium: r.medium,
      campaign: r.campaign,
      term: r.term,
      content: r.content,
      sessions: 0,
      conversions: 0,
    };
    group.sessions++;
    group.conversions += r.conversion;
    groups.set(key, group);
  }
  return [...groups.values()];
}

const sorted = <T>(rows: Iterable<T>) => [...rows].map((r) => JSON.stringify(r)).sort();

describe('UTM groups', () => {
  it('group exactly as the raw computation, through any split into stored parts and their merge', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 80 }), fc.array(fc.nat(80), { maxLength: 4 }), (rows, cuts) => {
        const bounds = [0, ...cuts.map((c) => Math.min(c, rows.length)).sort((a, b) => a - b), rows.length];
        const merged = new UtmGroups();
        for (let i = 0; i + 1 < bounds.length; i++) {
          const part = new UtmGroups();
          for (const r of rows.slice(bounds[i], bounds[i + 1])) part.add(r, 1, r.conversion);
          // Through JSON, as a bucket's body is stored.
          const { t, u } = JSON.parse(JSON.stringify(part.encode())) as ReturnType<UtmGroups['encode']>;
          merged.addStored(t, u);
        }
        const expected = naiveGroups(rows);
        expect(merged.size).toBe(expected.length);
        expect(sorted(merged.rows())).toEqual(sorted(expected));
      }),
      { numRuns: 300 },
    );
  });

  it('stores each value once, in the order the groups first use it', () => {
    const groups = new UtmGroups();
    groups.add({ source: 'google', medium: 'cpc', campaign: 'spring', term: '', content: '' }, 1, 0);
    groups.add({ source: 'bing', medium: 'cpc', campaign: 'spring', term: '', content: '' }, 2, 1);
    expect(groups.encode()).toEqual({
      t: ['google', 'cpc', 'spring', '', 'bing'],
      u: [
        [0, 1, 2, 3, 3, 1, 0],
        [4, 1, 2, 3, 3, 2, 1],
      ],
    });
  });
});

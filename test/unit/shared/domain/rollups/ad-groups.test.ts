import fc from 'fast-check';
import { adsRanking } from '#shared/domain/analytics';
import { AdGroups, adGroupKey } from '#shared/domain/rollups/ad-groups';
import { session as sessionRecord } from '../../../../support/factories';
import { schedulerAnalyticsBody } from '../../../../support/scheduler-analytics';

const id = fc.option(fc.oneof(fc.constantFrom('', 'a', 'a/b', '\u0000', '"', 'g', 'j[1]', 'é'), fc.string({ maxLength: 4 })), {
  nil: null,
});
const session = fc.record({ gclid: id, wbraid: id, gbraid: id, conversion: fc.constantFrom(0, 1) });

/** Grouping by the three ids: null and '' are the same id; no id at all is no group. */
function naiveGroups(rows: readonly { gclid: string | null; wbraid: string | null; gbraid: string | null; conversion: number }[]) {
  const groups = new Map<string, { gclid: string; wbraid: string; gbraid: string; sessions: number; conversions: number }>();
  for (const r of rows) {
    const [gclid, wbraid, gbraid] = [r.gclid ?? '', r.wbraid ?? '', r.gbraid ?? ''];
    if (!(gclid || wbraid || gbraid)) continue;
    const key = JSON.stringify([gclid, wbraid, gbraid]);
    const row = groups.get(key) ?? { gclid, wbraid, gbraid, sessions: 0, conversions: 0 };
    row.sessions++;
    row.conversions += r.conversion;
    groups.set(key, row);
  }
  return [...groups.values()];
}

const sorted = <T>(rows: Iterable<T>) => [...rows].map((r) => JSON.stringify(r)).sort();

describe('ad-id groups', () => {
  it('group exactly as the raw computation, through any split into stored parts and their merge', () => {
    fc.assert(
      fc.property(fc.array(session, { maxLength: 80 }), fc.array(fc.nat(80), { maxLength: 4 }), (rows, cuts) => {
        // Stored parts (one per bucket) of consecutive slices, merged as an answer merges buckets.
        const bounds = [0, ...cuts.map((c) => Math.min(c, rows.length)).sort((a, b) => a - b), rows.length];
        const merged = new AdGroups();
        for (let i = 0; i + 1 < bounds.length; i++) {
          const part = new AdGroups();
          for (const r of rows.slice(bounds[i], bounds[i + 1])) {
            const key = adGroupKey(r);
            if (key !== null) part.add(key, 1, r.conversion);
          }
          merged.addEncoded(part.encode());
        }
        const expected = naiveGroups(rows);
        expect(merged.size).toBe(expected.length);
        expect(sorted(merged.rows())).toEqual(sorted(expected));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the ids of a single-id group without escaping', () => {
    const groups = new AdGroups();
    groups.add(adGroupKey({ gclid: 'Cj0KCQiA_BwE', wbraid: null, gbraid: '' }) as string, 1, 0);
    expect(groups.encode()).toBe('p0:1,0,0gCj0KCQiA_BwE');
  });

  it('reads buckets stored in the JSON form written before the packed one, beside packed ones', () => {
    const groups = new AdGroups();
    groups.addEncoded('[[1,0,"gCj0KCQiA_BwE","w|a b"],[2,1,"j[\\"a\\",\\"b\\",\\"\\"]"]]');
    const packed = new AdGroups();
    packed.add('gCj0KCQiA_BwE', 1, 1);
    groups.addEncoded(packed.encode());
    expect(sorted(groups.rows())).toEqual(
      sorted([
        { gclid: 'Cj0KCQiA_BwE', wbraid: '', gbraid: '', sessions: 2, conversions: 1 },
        { gclid: '', wbraid: '|a b', gbraid: '', sessions: 1, conversions: 0 },
        { gclid: 'a', wbraid: 'b', gbraid: '', sessions: 2, conversions: 1 },
      ]),
    );
  });

  it('store the same text whatever order the groups came in (a redelivered recompute writes the same item)', () => {
    const keys = ['gCj0KCQiAzz', 'gCj0KCQiAab', 'w|x', 'b0AAAAAq', `g${'x'.repeat(60)}1`, `g${'x'.repeat(60)}2`];
    const forward = new AdGroups();
    const backward = new AdGroups();
    for (const key of keys) forward.add(key, 1, 0);
    for (const key of [...keys].reverse()) backward.add(key, 1, 0);
    expect(backward.encode()).toBe(forward.encode());
    const read = new AdGroups();
    read.addEncoded(forward.encode());
    expect(read.size).toBe(keys.length);
    expect(sorted(read.rows())).toEqual(sorted(forward.rows()));
  });

  it('tells apart ids that only a separator would have confused, in the raw computation too', () => {
    const options = { start: '2026-03-01T00:00:00Z', end: '2026-03-02T00:00:00Z', timezone: 'UTC', limit: 10, offset: 0 } as const;
    const rows = [
      sessionRecord({ google_ads: { gclid: '\u0000', wbraid: null, gbraid: null } }),
      sessionRecord({ google_ads: { gclid: null, wbraid: '\u0000', gbraid: null } }),
    ];
    const result = schedulerAnalyticsBody(rows, { ...options, blocks: ['googleAdsData'] });
    expect(result.data.googleAdsData).toHaveLength(2);
  });
});

describe('the leading ad groups', () => {
  it('are the rows the raw ranking keeps, in its order, with the same total', () => {
    const counted = fc.record({ gclid: id, wbraid: id, gbraid: id, sessions: fc.integer({ min: 1, max: 4 }), conversions: fc.nat(2) });
    fc.assert(
      fc.property(fc.array(counted, { maxLength: 60 }), fc.integer({ min: 0, max: 30 }), (rows, k) => {
        const groups = new AdGroups();
        for (const r of rows) {
          const key = adGroupKey(r);
          if (key !== null) groups.add(key, r.sessions, r.conversions);
        }
        expect(groups.leading(k)).toEqual(adsRanking(groups.rows()).leading(k));
      }),
      { numRuns: 500 },
    );
  });
});

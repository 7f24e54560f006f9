import fc from 'fast-check';
import { session } from '../../../support/factories';
import { schedulerAnalyticsBody } from '../../../support/scheduler-analytics';

describe('computeSchedulerAnalytics', () => {
  const range = { start: '2026-03-07T05:00:00.000Z', end: '2026-03-10T04:00:00.000Z', timezone: 'America/New_York' };

  it('buckets sessions into local days, including the DST day, with zero days present', () => {
    const rows = [
      session({ started_at: '2026-03-08T04:59:00.000Z', status: 'booked', completed_at: '2026-03-08T05:09:00.000Z' }),
      session({ started_at: '2026-03-08T05:00:00.000Z' }),
      session({ started_at: '2026-03-09T03:59:00.000Z' }),
    ];
    const result = schedulerAnalyticsBody(rows, { ...range, blocks: ['chartData'], limit: 100, offset: 0 });
    expect(result.data.chartData).toEqual([
      { date: '2026-03-07', sessions: 1, conversions: 1 },
      { date: '2026-03-08', sessions: 2, conversions: 0 },
      { date: '2026-03-09', sessions: 0, conversions: 0 },
    ]);
  });

  it('returns only the requested blocks', () => {
    const result = schedulerAnalyticsBody([session()], { ...range, blocks: ['funnel', 'issueTypeData'], limit: 100, offset: 0 });
    expect(Object.keys(result.data).sort()).toEqual(['funnel', 'issueTypeData']);
  });

  it('averages booking time over booked sessions in whole seconds', () => {
    const rows = [
      session({ status: 'booked', started_at: '2026-03-08T12:00:00.000Z', completed_at: '2026-03-08T12:02:00.000Z' }),
      session({ status: 'booked', started_at: '2026-03-08T13:00:00.000Z', completed_at: '2026-03-08T13:04:01.000Z' }),
      session({ status: 'dropped_off', started_at: '2026-03-08T14:00:00.000Z' }),
    ];
    const result = schedulerAnalyticsBody(rows, { ...range, blocks: ['bookings'], limit: 100, offset: 0 });
    expect(result.data.bookings).toEqual({ total: 2, avgBookingTimeSeconds: 181 });
  });

  it('groups UTM and Google Ads rows with sessions and conversions, largest first', () => {
    const google = { source: 'google', medium: 'cpc', campaign: 'spring', term: null, content: null };
    const rows = [
      session({ utm: google, status: 'booked', google_ads: { gclid: 'g1', wbraid: null, gbraid: null } }),
      session({ utm: google, google_ads: { gclid: 'g1', wbraid: null, gbraid: null } }),
      session({ utm: { source: 'facebook', medium: 'paid', campaign: null, term: null, content: null } }),
      session(),
    ];
    const result = schedulerAnalyticsBody(rows, { ...range, blocks: ['utmData', 'googleAdsData'], limit: 100, offset: 0 });
    expect(result.data.utmData).toEqual([
      { source: 'google', medium: 'cpc', campaign: 'spring', term: '', content: '', sessions: 2, conversions: 1 },
      { source: 'facebook', medium: 'paid', campaign: '', term: '', content: '', sessions: 1, conversions: 0 },
    ]);
    expect(result.data.googleAdsData).toEqual([{ gclid: 'g1', wbraid: '', gbraid: '', sessions: 2, conversions: 1 }]);
  });

  it('pages customerEvents by limit and offset, newest activity first', () => {
    const rows = [1, 2, 3].map((h) =>
      session({ last_activity_at: `2026-03-08T1${h}:00:00.000Z`, status: 'booked', conversion_value: h * 100 }),
    );
    const first = schedulerAnalyticsBody(rows, { ...range, blocks: ['customerEvents'], limit: 2, offset: 0 });
    const second = schedulerAnalyticsBody(rows, { ...range, blocks: ['customerEvents'], limit: 2, offset: 2 });
    expect(first.data.customerEvents?.map((e) => e.conversionValue)).toEqual([300, 200]);
    expect(first.pagination).toEqual({ limit: 2, offset: 0, has_more: true });
    expect(second.data.customerEvents?.map((e) => e.conversionValue)).toEqual([100]);
    expect(second.pagination.has_more).toBe(false);
  });

  it('pages customerEvents exactly like a full sort, for any data, offset and limit (property)', () => {
    const instants = ['2026-03-08T10:00:00.000Z', '2026-03-08T11:00:00.000Z', '2026-03-08T12:00:00.000Z'];
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: fc.constantFrom(...instants), id: fc.integer({ min: 0, max: 50 }) }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 70 }),
        fc.integer({ min: 1, max: 20 }),
        fc.boolean(),
        (specs, offset, limit, deep) => {
          const rows = specs.map((spec, i) =>
            session({ session_id: `s${String(spec.id).padStart(3, '0')}-${i}`, last_activity_at: spec.at }),
          );
          const reference = [...rows]
            .sort((a, b) => {
              const ka = `${a.last_activity_at}\u0000${a.session_id}`;
              const kb = `${b.last_activity_at}\u0000${b.session_id}`;
              return ka < kb ? 1 : ka > kb ? -1 : 0;
            })
            .slice(offset, offset + limit)
            .map((r) => r.session_id);
          // `deep` pages past the bounded list's limit, so both paths are checked.
          const o = deep ? offset + 5_000 : offset;
          const result = schedulerAnalyticsBody(rows, { ...range, blocks: ['customerEvents'], limit, offset: o });
          expect(result.data.customerEvents?.map((e) => e.sessionId)).toEqual(deep ? [] : reference);
          expect(result.pagination.has_more).toBe(rows.length > o + limit);
        },
      ),
    );
  });

  it('pages deep into customerEvents (past the bounded list) in the same order', () => {
    const rows = Array.from({ length: 6_000 }, (_, i) =>
      session({ session_id: `d${String((i * 7919) % 6000).padStart(5, '0')}`, last_activity_at: `2026-03-08T1${i % 10}:00:00.000Z` }),
    );
    const reference = [...rows]
      .map((r) => `${r.last_activity_at}\u0000${r.session_id}`)
      .sort()
      .reverse()
      .slice(4_990, 5_010)
      .map((k) => k.split('\u0000')[1]);
    const result = schedulerAnalyticsBody(rows, { ...range, blocks: ['customerEvents'], limit: 20, offset: 4_990 });
    expect(result.data.customerEvents?.map((e) => e.sessionId)).toEqual(reference);
  });
});

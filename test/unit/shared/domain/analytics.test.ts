import fc from 'fast-check';
import { computeFunnel, dayBuckets, sumFunnels } from '#shared/domain/analytics';
import { presentFunnel } from '#shared/presenters/analytics';
import { session } from '../../../support/factories';
import { schedulerAnalyticsBody } from '../../../support/scheduler-analytics';

describe('computeFunnel', () => {
  it('returns zero counts and zero rates when there are no sessions', () => {
    expect(computeFunnel([])).toEqual({
      sessions: 0,
      booking_started: 0,
      customer_info_completed: 0,
      booking_completed: 0,
      conversion_rate: 0,
      drop_off_count: 0,
      drop_off_rate: 0,
    });
  });

  it('counts stages cumulatively: a booked session counts in every earlier stage', () => {
    const funnel = computeFunnel([
      session({ status: 'booked', completed_at: '2026-03-01T12:05:00.000Z' }),
      session({ status: 'dropped_off', events: [{ event_type: 'booking_started', created_at: '2026-03-01T12:01:00.000Z' }] }),
      session({ status: 'pending', events: [{ event_type: 'customer_info_completed', created_at: '2026-03-01T12:02:00.000Z' }] }),
      session({ status: 'dropped_off' }),
    ]);
    expect(funnel).toEqual({
      sessions: 4,
      booking_started: 3,
      customer_info_completed: 2,
      booking_completed: 1,
      conversion_rate: 0.25,
      drop_off_count: 2,
      drop_off_rate: 0.5,
    });
  });

  it('keeps rates exact; the answer rounds them to four decimals', () => {
    const funnel = computeFunnel([session({ status: 'booked' }), session(), session()]);
    expect(funnel.conversion_rate).toBe(1 / 3);
    expect(presentFunnel(funnel).conversion_rate).toBe(0.3333);
  });

  it('recomputes cross-team rates from the summed counts, not by averaging rates', () => {
    const a = computeFunnel([session({ status: 'booked' })]);
    const b = computeFunnel([session(), session(), session()]);
    expect(sumFunnels([a, b]).conversion_rate).toBe(0.25);
  });
});

describe('dayBuckets', () => {
  it('makes a 23-hour day on the spring-forward date in New York', () => {
    const days = dayBuckets('2026-03-08T05:00:00.000Z', '2026-03-10T04:00:00.000Z', 'America/New_York');
    expect(days.map((d) => d.date)).toEqual(['2026-03-08', '2026-03-09']);
    const first = days[0];
    const second = days[1];
    expect(first && second && (second.startMs - first.startMs) / 3_600_000).toBe(23);
  });

  it('makes a 25-hour day on the fall-back date in New York', () => {
    const days = dayBuckets('2026-11-01T04:00:00.000Z', '2026-11-03T05:00:00.000Z', 'America/New_York');
    const first = days[0];
    const second = days[1];
    expect(first?.date).toBe('2026-11-01');
    expect(first && second && (second.startMs - first.startMs) / 3_600_000).toBe(25);
  });

  it('starts with the local day that contains the range start', () => {
    const days = dayBuckets('2026-06-01T02:00:00.000Z', '2026-06-01T10:00:00.000Z', 'America/Los_Angeles');
    expect(days.map((d) => d.date)).toEqual(['2026-05-31', '2026-06-01']);
  });
});

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

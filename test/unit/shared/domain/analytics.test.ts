import { computeFunnel, sumFunnels } from '#shared/domain/analytics';
import { presentFunnel } from '#shared/presenters/analytics';
import { session } from '../../../support/factories';

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
      qualified_drop_offs: 0,
      recovery_attempts: 0,
      recovered_bookings: 0,
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
      qualified_drop_offs: 0,
      recovery_attempts: 0,
      recovered_bookings: 0,
    });
  });

  it('counts qualified drop-offs, recovery attempts (texts and calls) and recovered bookings', () => {
    const sent = (channel: 'text' | 'call') => ({ event_type: 'recovery_sent', created_at: '2026-03-01T13:00:00.000Z', channel });
    const funnel = computeFunnel([
      session({ status: 'dropped_off', qualified_drop_off: true, events: [sent('text')] }),
      session({ status: 'booked', qualified_drop_off: true, recovered: true, events: [sent('text'), sent('call')] }),
      session({ status: 'dropped_off', qualified_drop_off: true }),
      session({ status: 'dropped_off' }),
    ]);
    expect(funnel).toMatchObject({ qualified_drop_offs: 3, recovery_attempts: 3, recovered_bookings: 1, booking_completed: 1 });
    expect(sumFunnels([funnel, funnel])).toMatchObject({ qualified_drop_offs: 6, recovery_attempts: 6, recovered_bookings: 2 });
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

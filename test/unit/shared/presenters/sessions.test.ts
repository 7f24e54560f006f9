import { session as sessionSchema } from '#shared/contracts/sessions';
import { presentSession } from '#shared/presenters/sessions';
import { session } from '../../../support/factories';

describe('presentSession', () => {
  const booked = session({
    status: 'booked',
    customer_info: { name: 'Dana', email: null, phone: '+13125550142', address: null },
    selected_date: '2026-03-02',
    selected_time: '10:00',
    completed_at: '2026-03-01T12:05:00.000Z',
    events: [{ event_type: 'booking_completed', created_at: '2026-03-01T12:05:00.000Z' }],
    service_area: 'North',
    conversion_value: 350,
  });

  it('answers every member of the contract, as the schema accepts it', () => {
    const body = presentSession(booked);
    expect(sessionSchema().safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ status: 'booked', selected_time: '10:00', customer_info: { name: 'Dana', email: null } });
  });

  it('keeps nulls as nulls', () => {
    const body = presentSession(session());
    expect(body.completed_at).toBeNull();
    expect(body.utm).toEqual({ source: null, medium: null, campaign: null, term: null, content: null });
  });

  it('leaves out what only analytics reads (what a row carries besides the record is dropped when it is read: session-store.stored-item.test.ts)', () => {
    const body: Record<string, unknown> = { ...presentSession(booked) };
    expect(body).not.toHaveProperty('service_area');
    expect(body).not.toHaveProperty('conversion_value');
  });
});

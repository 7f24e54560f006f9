import { NO_ATTRIBUTION } from '#shared/domain/leads';
import { eventIdFor, leadCompleted } from '#shared/events/lead-events';

describe('lead event ids', () => {
  it('is a stable UUID for the same event about the same thing', () => {
    expect(eventIdFor('lead.completed', '42')).toBe(eventIdFor('lead.completed', '42'));
    expect(eventIdFor('lead.completed', '42')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('differs between events and between subjects', () => {
    expect(eventIdFor('lead.completed', '42')).not.toBe(eventIdFor('lead.created', '42'));
    expect(eventIdFor('lead.completed', '42')).not.toBe(eventIdFor('lead.completed', '43'));
  });

  it('keeps the id when an event is published again', () => {
    const ref = { lead_id: 1, stl_call_id: 7, team_id: 3, external_id: null, attribution: { ...NO_ATTRIBUTION } };
    const result = { outcome: 'booked' as const, attempts: 1, call_id: 'c', appointment_id: 'a', ticket_id: null, reason: null };
    expect(leadCompleted(ref, result, new Date()).detail.event_id).toBe(leadCompleted(ref, result, new Date()).detail.event_id);
  });
});

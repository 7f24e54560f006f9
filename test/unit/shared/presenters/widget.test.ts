import { bookedAnswer, slotTaken, startedSession, widgetAvailabilityAnswer } from '#shared/contracts/widget';
import type { SchedulerConfig } from '#shared/domain/schedulers';
import type { WidgetAvailability } from '#shared/domain/widget/widget-sessions';
import { presentAvailability, presentBooked, presentSlotTaken, presentStartedSession } from '#shared/presenters/widget';
import { session } from '../../../support/factories';

const scheduler = {
  scheduler_id: 7,
  team_id: 1,
  name: 'HVAC',
  services: ['AC Repair'],
  job_types: ['Repair'],
  service_areas: ['Chicago'],
  time_zone: 'America/Chicago',
  days_ahead: 14,
  allowed_origins: ['https://acme.example'],
  capacity_per_slot: 2,
} as unknown as SchedulerConfig;

const availability: WidgetAvailability = {
  time_zone: 'America/Chicago',
  first_date: '2026-03-01',
  last_date: '2026-03-14',
  days: [{ date: '2026-03-02', slots: [{ time: '10:00', label: '10:00 AM', starts_at: '2026-03-02T16:00:00.000Z', remaining: 1 }] }],
};

describe('widget presenters', () => {
  it('shows a started session with only what the business offers of its scheduler', () => {
    const body = presentStartedSession({ token: 't.s', session: session({ service_area: 'North' }), scheduler });
    expect(startedSession().safeParse(body).success).toBe(true);
    expect(body.scheduler).not.toHaveProperty('allowed_origins');
    expect(body.scheduler).not.toHaveProperty('capacity_per_slot');
    expect(body.session).not.toHaveProperty('service_area');
  });

  it('maps the offered days and slots', () => {
    const body = presentAvailability(availability);
    expect(widgetAvailabilityAnswer().safeParse(body).success).toBe(true);
    expect(body).toEqual(availability);
  });

  it('confirms a booking in the scheduler’s zone, and answers a taken slot with fresh slots', () => {
    const booked = session({
      status: 'booked',
      selected_date: '2026-03-02',
      selected_time: '10:00',
      completed_at: '2026-03-01T12:05:00.000Z',
    });
    const body = presentBooked(booked, { startsAt: '2026-03-02T16:00:00.000Z', timeZone: 'America/Chicago' });
    expect(bookedAnswer().safeParse(body).success).toBe(true);
    expect(body.message).toBe('Your visit is booked for 2026-03-02 10:00 (America/Chicago).');
    const taken = presentSlotTaken({ date: '2026-03-02', time: '11:00' }, availability);
    expect(slotTaken().safeParse(taken).success).toBe(true);
    expect(taken.message).toBe('time: 2026-03-02 11:00 was just taken; pick another slot');
  });
});

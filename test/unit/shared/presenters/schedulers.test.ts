import { bookingRequest as bookingRequestSchema, scheduler as schedulerSchema } from '#shared/contracts/schedulers';
import type { BookingRequest, SchedulerConfig } from '#shared/domain/schedulers';
import { presentBookingRequest, presentScheduler } from '#shared/presenters/schedulers';

const config: SchedulerConfig = {
  scheduler_id: 7,
  team_id: 3,
  name: 'HVAC',
  services: ['AC Repair'],
  job_types: [],
  service_areas: ['Chicago'],
  time_zone: 'America/Chicago',
  hours: {
    monday: { open: '08:00', close: '17:00' },
    tuesday: null,
    wednesday: null,
    thursday: null,
    friday: null,
    saturday: null,
    sunday: null,
  },
  slot_minutes: 60,
  interval_minutes: 60,
  lead_time_minutes: 120,
  days_ahead: 14,
  capacity_per_slot: 1,
  allowed_origins: [],
  reminder_offsets_minutes: [1440, 120],
  change_cutoff_minutes: 120,
  recovery: 'text',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};

describe('presentScheduler', () => {
  it('adds where the widget lives and answers what the schema accepts', () => {
    const body = presentScheduler(config, 'https://api.example.com');
    expect(schedulerSchema().safeParse(body).success).toBe(true);
    expect(body.booking_page_url).toBe('https://api.example.com/widget/3/7');
    expect(body.embed_code).toContain('data-team="3" data-scheduler="7"');
    expect(body.hours.tuesday).toBeNull();
  });

  it('leaves out members the contract does not name', () => {
    const body = presentScheduler({ ...config, secret: 'x' } as SchedulerConfig, 'https://api.example.com') as Record<string, unknown>;
    expect(body).not.toHaveProperty('secret');
  });
});

describe('presentBookingRequest', () => {
  const request: BookingRequest = {
    request_id: 'breq_1',
    team_id: 3,
    session_id: 'ses_1',
    scheduler_id: 7,
    action: 'reschedule',
    attempt: 1,
    requested_slot: { date: '2026-03-02', time: '10:00', time_zone: 'America/Chicago' },
    status: 'pending',
    st_job_id: null,
    error: null,
    requested_at: '2026-03-01T12:05:00.000Z',
    completed_at: null,
  };

  it('maps a pending request with its nulls', () => {
    const body = presentBookingRequest(request);
    expect(bookingRequestSchema().safeParse(body).success).toBe(true);
    expect(body).toEqual(request);
  });

  it('keeps a failed request’s error and nothing beyond the contract', () => {
    const failed = { ...request, status: 'failed', error: { code: 'e', message: 'm' }, pk: 'TEAM#3' } as BookingRequest;
    const body = presentBookingRequest(failed) as Record<string, unknown>;
    expect(body.error).toEqual({ code: 'e', message: 'm' });
    expect(body).not.toHaveProperty('pk');
  });
});

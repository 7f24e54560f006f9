import type { OperationExamplesById } from './types';

/** The manage link's routes (a widget booking of the demo's first team). */

const managed = (overrides: Record<string, unknown> = {}) => ({
  appointment_id: 'ses_4f1c2a9e0b7d4c3f8a6e5d2b1c0f9e8d',
  team_id: 1,
  scheduler_id: 11,
  business_name: 'Summit Plumbing booking widget',
  status: 'scheduled',
  service: 'AC Repair',
  customer: { name: 'Jordan Avery' },
  start_date: '2026-12-02',
  start_time: '10:00',
  time_zone: 'America/Chicago',
  starts_at: '2026-12-02T16:00:00.000Z',
  duration_minutes: 60,
  read_only: false,
  can_change: true,
  change_cutoff_minutes: 120,
  ...overrides,
});

/** The same visit as the appointments feed shows it, after an integrator's change. */
const created = {
  change: 'created',
  at: '2026-11-28T15:04:05.000Z',
  by: 'customer',
  starts_at: '2026-12-01T15:00:00.000Z',
  previous_starts_at: null,
  note: null,
};
const visit = (overrides: Record<string, unknown>, history: Record<string, unknown>[]) => ({
  data: {
    appointment_id: 'ses_4f1c2a9e0b7d4c3f8a6e5d2b1c0f9e8d',
    team_id: 1,
    scheduler_id: 11,
    lead_id: 1042,
    lead_uuid: '5b0f3c1e-8d2a-4c7b-9e6f-1a2b3c4d5e6f',
    channel: 'scheduling_widget',
    status: 'scheduled',
    customer: { name: 'Jordan Avery', phone: '+13125550142', email: 'jordan@example.com', address: '1 Main St' },
    service: 'AC Repair',
    start_date: '2026-12-02',
    start_time: '10:00',
    time_zone: 'America/Chicago',
    starts_at: '2026-12-02T16:00:00.000Z',
    duration_minutes: 60,
    session_id: 'ses_4f1c2a9e0b7d4c3f8a6e5d2b1c0f9e8d',
    call_id: null,
    manage_url: 'https://book.example.com/widget/manage/ses_4f1c2a9e0b7d4c3f8a6e5d2b1c0f9e8d.q3Jz0bS7mGf1cT2uVw8xYz4aB6dE9hK1nP5rS0tU2vW',
    history: [created, ...history],
    created_at: '2026-11-28T15:04:05.000Z',
    updated_at: '2026-11-29T09:00:00.000Z',
    ...overrides,
  },
  meta: { request_id: 'c0ffee00-1234-4abc-9def-0123456789ab', timestamp: '2026-11-29T09:00:00.000Z' },
});
const line = (change: string, extra: Record<string, unknown> = {}) => ({
  change,
  at: '2026-11-29T09:00:00.000Z',
  by: 'integrator',
  starts_at: '2026-12-02T16:00:00.000Z',
  previous_starts_at: null,
  note: null,
  ...extra,
});
const NO_BODY = { default: { summary: 'No body (an empty object is accepted too)', value: {} } };

export const APPOINTMENT_EXAMPLES: OperationExamplesById = {
  rescheduleAppointment: {
    request: { default: { summary: 'Move the visit to Wednesday 10:00', value: { date: '2026-12-02', time: '10:00' } } },
    responses: {
      '200': {
        moved: {
          summary: 'Moved: the old start on the history',
          value: visit({}, [line('rescheduled', { previous_starts_at: '2026-12-01T15:00:00.000Z' })]),
        },
      },
    },
  },
  cancelAppointment: {
    request: { default: { summary: 'Cancel, with a reason', value: { reason: 'Customer called the office to cancel' } } },
    responses: {
      '200': {
        cancelled: {
          summary: 'Cancelled',
          value: visit({ status: 'cancelled', starts_at: '2026-12-01T15:00:00.000Z', start_date: '2026-12-01', start_time: '09:00' }, [
            line('cancelled', { starts_at: '2026-12-01T15:00:00.000Z', note: 'Customer called the office to cancel' }),
          ]),
        },
      },
    },
  },
  completeAppointment: {
    request: NO_BODY,
    responses: {
      '200': {
        completed: {
          summary: 'Completed (after its start)',
          value: visit({ status: 'completed', starts_at: '2026-12-01T15:00:00.000Z', start_date: '2026-12-01', start_time: '09:00' }, [
            line('completed', { starts_at: '2026-12-01T15:00:00.000Z' }),
          ]),
        },
      },
    },
  },
  markAppointmentNoShow: {
    request: NO_BODY,
    responses: {
      '200': {
        no_show: {
          summary: 'Nobody was there (after its start)',
          value: visit({ status: 'no_show', starts_at: '2026-12-01T15:00:00.000Z', start_date: '2026-12-01', start_time: '09:00' }, [
            line('no_show', { starts_at: '2026-12-01T15:00:00.000Z' }),
          ]),
        },
      },
    },
  },
  rescheduleManagedAppointment: {
    request: { default: { summary: 'Move the visit to Wednesday 10:00', value: { date: '2026-12-02', time: '10:00' } } },
    responses: { '200': { moved: { summary: 'Moved', value: managed() } } },
  },
  cancelManagedAppointment: {
    request: { default: { summary: 'Cancel, with a reason', value: { reason: 'Fixed it myself' } } },
    responses: {
      '200': { cancelled: { summary: 'Cancelled', value: managed({ status: 'cancelled', read_only: true, can_change: false }) } },
    },
  },
};

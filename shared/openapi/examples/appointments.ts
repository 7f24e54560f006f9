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

export const APPOINTMENT_EXAMPLES: OperationExamplesById = {
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

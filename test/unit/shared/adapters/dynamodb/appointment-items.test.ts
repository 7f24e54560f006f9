import { fromAppointmentItem } from '#shared/adapters/dynamodb/appointment-item-read';
import { toAppointmentItem } from '#shared/adapters/dynamodb/appointment-items';
import { newAppointment, type StoredAppointment } from '#shared/domain/appointments/appointment';

const NOW = '2026-06-10T14:30:00.000Z';
const stored: StoredAppointment = {
  appointment: newAppointment(
    {
      appointment_id: 'apt_1',
      team_id: 7,
      scheduler_id: 3,
      channel: 'scheduling_widget',
      customer: { name: 'Sam Ortiz', phone: '+13125550191', email: null, address: null },
      service: 'Drain cleaning',
      starts_at: '2026-06-12T15:00:00.000Z',
      time_zone: 'America/Chicago',
      duration_minutes: 60,
      lead: { id: null, lead_id: null },
      session_id: 'ses_1',
      call_id: null,
    },
    'customer',
    NOW,
  ),
  manage: { nonce: 'n', tokenHash: 'h' },
  heldSlot: { date: '2026-06-12', time: '10:00' },
  sessionStartedAt: NOW,
  version: 1,
};

describe('appointment items', () => {
  it('reads back the appointment it stored', () => {
    expect(fromAppointmentItem(toAppointmentItem(stored))).toEqual(stored);
  });

  it('reads an appointment stored before the held slot and session start were kept with those as null', () => {
    const { held_slot: _h, session_started_at: _s, ...older } = toAppointmentItem(stored);
    expect(fromAppointmentItem(older)).toMatchObject({ heldSlot: null, sessionStartedAt: null });
  });

  // The text members are the schemas every table's items share (stored-members.ts): each place a
  // shared schema sits still names its own path.
  it.each([
    ['appointment_id', { appointment_id: 1 }],
    ['customer.phone', { customer: { name: null, phone: 7, email: null, address: null } }],
    ['service', { service: 3 }],
    ['history.0.note', { history: [{ change: 'created', at: NOW, by: 'customer', starts_at: NOW, previous_starts_at: null, note: 5 }] }],
    ['held_slot.time', { held_slot: { date: '2026-06-12', time: 10 } }],
    ['session_started_at', { session_started_at: 5 }],
  ])('refuses a stored appointment malformed at %s, naming it', (path, change) => {
    expect(() => fromAppointmentItem({ ...toAppointmentItem(stored), ...change })).toThrow(
      `stored appointment item is malformed at ${path}`,
    );
  });
});

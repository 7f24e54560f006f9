import { localStart } from '#shared/domain/appointments/local-start';
import { appointmentOfCall } from '#shared/domain/appointments/make-appointment';
import type { AppointmentRecord } from '#shared/domain/support-tickets';

const record: AppointmentRecord = {
  appointment_id: 'apt-1',
  team_id: 4,
  call_id: 'call-1',
  lead_id: null,
  status: 'scheduled',
  scheduled_for: '2026-11-26T15:00:00.000Z',
  preferred_date: null,
  customer: { name: 'Dana', phone: '+13125550142' },
  service: 'Water heater',
  urgency: 'standard',
  reason: 'agreed a time',
  created_at: '2026-11-24T15:00:00.000Z',
};
const place = { schedulerId: 2, timeZone: 'America/Chicago', durationMinutes: 60 };
const seal = { nonce: 'n', tokenHash: 'h' };

describe('a call’s appointment as a visit', () => {
  it('is a scheduled visit of the call channel when a time was agreed', () => {
    const visit = appointmentOfCall(record, { id: 'lead-1', lead_id: null }, place, seal);
    expect(visit?.appointment).toMatchObject({ channel: 'call', status: 'scheduled', scheduler_id: 2, starts_at: record.scheduled_for });
    expect(visit?.appointment.history).toEqual([
      { change: 'created', at: record.created_at, by: 'system', starts_at: record.scheduled_for, previous_starts_at: null, note: null },
    ]);
  });

  it('is no visit while the time is only requested', () => {
    expect(appointmentOfCall({ ...record, status: 'requested', scheduled_for: null }, { id: null, lead_id: null }, place, seal)).toBeNull();
  });

  it('reads its local start in its zone, across a daylight-saving change', () => {
    expect(localStart({ starts_at: '2026-11-26T15:00:00.000Z', time_zone: 'America/Chicago' })).toEqual({
      date: '2026-11-26',
      time: '09:00',
    });
    expect(localStart({ starts_at: '2026-07-01T15:00:00.000Z', time_zone: 'America/Chicago' })).toEqual({
      date: '2026-07-01',
      time: '10:00',
    });
  });
});

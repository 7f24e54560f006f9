import type { AppointmentChange } from '#shared/domain/appointments/appointment';
import { isDone, isSuperseded } from '#shared/domain/widget/field-service-changes';
import type { FieldServiceChange } from '#shared/domain/widget/followup-messages';

const line = (change: AppointmentChange['change'], at: string, startsAt = '2026-06-12T16:00:00.000Z'): AppointmentChange => ({
  change,
  at,
  by: 'customer',
  starts_at: startsAt,
  previous_starts_at: null,
  note: null,
});
const change = (action: FieldServiceChange['action'], occurredAt: string, startsAt = '2026-06-12T16:00:00.000Z'): FieldServiceChange => ({
  team_id: 1,
  appointment_id: 'ses_1',
  action,
  change_id: '0b6f3c1e-0000-5000-8000-000000000000',
  occurred_at: occurredAt,
  starts_at: startsAt,
});

describe('a change overtaken by a later one', () => {
  const history = [
    line('created', '2026-06-10T14:00:00.000Z'),
    line('rescheduled', '2026-06-10T15:00:00.000Z'),
    line('confirmed', '2026-06-10T15:30:00.000Z'),
    line('rescheduled', '2026-06-10T16:00:00.000Z'),
  ];

  it('is superseded by a later move or cancel, not by a confirmation or a note', () => {
    expect(isSuperseded(history, change('reschedule', '2026-06-10T15:00:00.000Z'))).toBe(true);
    expect(isSuperseded(history, change('reschedule', '2026-06-10T16:00:00.000Z'))).toBe(false);
    expect(
      isSuperseded([...history.slice(0, 3), line('note', '2026-06-10T16:00:00.000Z')], change('reschedule', '2026-06-10T15:00:00.000Z')),
    ).toBe(false);
    expect(
      isSuperseded([...history, line('cancelled', '2026-06-10T17:00:00.000Z')], change('reschedule', '2026-06-10T16:00:00.000Z')),
    ).toBe(true);
  });

  it('two changes in the same millisecond: the history line decides, not the clock', () => {
    const same = [line('rescheduled', '2026-06-10T15:00:00.000Z'), line('cancelled', '2026-06-10T15:00:00.000Z')];
    expect(isSuperseded(same, change('reschedule', '2026-06-10T15:00:00.000Z'))).toBe(true);
    expect(isSuperseded(same, change('cancel', '2026-06-10T15:00:00.000Z'))).toBe(false);
  });

  it('a change whose line is missing is read by time', () => {
    expect(isSuperseded(history, change('cancel', '2026-06-10T15:45:00.000Z'))).toBe(true);
    expect(isSuperseded(history, change('cancel', '2026-06-10T16:30:00.000Z'))).toBe(false);
  });
});

describe('a change the system already holds', () => {
  it('a move: the appointment starts at the change’s start (whatever the instant’s spelling), on a job not cancelled', () => {
    const moved = change('reschedule', '2026-06-10T15:00:00.000Z');
    expect(isDone({ startsAt: '2026-06-12T16:00:00Z', cancelled: false }, moved)).toBe(true);
    expect(isDone({ startsAt: '2026-06-11T14:00:00Z', cancelled: false }, moved)).toBe(false);
    expect(isDone({ startsAt: '2026-06-12T16:00:00Z', cancelled: true }, moved)).toBe(false);
    expect(isDone({ startsAt: null, cancelled: false }, moved)).toBe(false);
  });

  it('a cancel: the job is cancelled', () => {
    const cancelled = change('cancel', '2026-06-10T15:00:00.000Z');
    expect(isDone({ startsAt: '2026-06-12T16:00:00Z', cancelled: true }, cancelled)).toBe(true);
    expect(isDone({ startsAt: '2026-06-12T16:00:00Z', cancelled: false }, cancelled)).toBe(false);
  });
});

import { appointmentTextMessageSchema } from '#shared/domain/appointment-texts/text-messages';
import { appointmentTextOf, fieldServiceChangeOf } from '#shared/domain/outbox/appointment-followups';
import { fieldServiceChangeSchema } from '#shared/domain/widget/field-service-changes';
import type { DueEvent } from '#shared/ports/outbox';

const event = (type: string, detail: Record<string, unknown>): DueEvent => ({ eventId: `id-${type}`, type, detail });
const ids = { team_id: 7, appointment_id: 'appt-9' };

describe("a visit's events start its texts", () => {
  it('a visit made is booked: its confirmation and reminders', () => {
    expect(appointmentTextOf(event('appointment.created', { ...ids, channel: 'call' }))).toEqual({ kind: 'booked', ...ids });
  });

  it('a move is a change with its previous start, one per event', () => {
    const moved = appointmentTextOf(
      event('lead.booking_rescheduled', { ...ids, previous_starts_at: '2026-03-06T15:00:00.000Z', starts_at: '2026-03-10T18:30:00.000Z' }),
    );
    expect(moved).toEqual({
      kind: 'changed',
      ...ids,
      change: 'rescheduled',
      change_id: 'id-lead.booking_rescheduled',
      previous_start: '2026-03-06T15:00:00.000Z',
    });
    expect(appointmentTextMessageSchema.safeParse(moved).success).toBe(true);
  });

  it('a cancel is a change without reminders', () => {
    const cancelled = appointmentTextOf(event('lead.booking_cancelled', { ...ids, previous_starts_at: null }));
    expect(cancelled).toEqual({ kind: 'changed', ...ids, change: 'cancelled', change_id: 'id-lead.booking_cancelled' });
    expect(appointmentTextMessageSchema.safeParse(cancelled).success).toBe(true);
  });

  it.each(['lead.booking_confirmed', 'lead.booking_completed', 'lead.no_show', 'lead.created', 'lead.booking_created'])(
    '%s sends no text',
    (type) => {
      expect(appointmentTextOf(event(type, ids))).toBeNull();
    },
  );

  it('an event without its team or appointment starts nothing', () => {
    expect(appointmentTextOf(event('appointment.created', { appointment_id: 'appt-9' }))).toBeNull();
    expect(appointmentTextOf(event('appointment.created', { team_id: 7 }))).toBeNull();
  });
});

describe("a widget visit's moves and cancels start its field-service job's change", () => {
  const widget = { ...ids, channel: 'scheduling_widget', occurred_at: '2026-03-05T12:00:00.000Z', starts_at: '2026-03-10T18:30:00.000Z' };

  it('a move reschedules, a cancel cancels, each keyed on its event id', () => {
    const moved = fieldServiceChangeOf(event('lead.booking_rescheduled', widget));
    expect(moved).toEqual({
      kind: 'field_service_change',
      change: {
        ...ids,
        action: 'reschedule',
        change_id: 'id-lead.booking_rescheduled',
        occurred_at: widget.occurred_at,
        starts_at: widget.starts_at,
      },
    });
    expect(fieldServiceChangeSchema.safeParse(moved?.change).success).toBe(true);
    expect(fieldServiceChangeOf(event('lead.booking_cancelled', widget))?.change.action).toBe('cancel');
  });

  it("a call's visit has no job; other events change none", () => {
    expect(fieldServiceChangeOf(event('lead.booking_rescheduled', { ...widget, channel: 'call' }))).toBeNull();
    for (const type of ['appointment.created', 'lead.booking_confirmed', 'lead.booking_completed', 'lead.no_show']) {
      expect(fieldServiceChangeOf(event(type, widget))).toBeNull();
    }
    expect(fieldServiceChangeOf(event('lead.booking_cancelled', { ...widget, starts_at: undefined }))).toBeNull();
  });
});

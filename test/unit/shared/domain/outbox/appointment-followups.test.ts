import { appointmentTextMessageSchema } from '#shared/domain/appointment-texts/text-messages';
import { redactedEventDetail } from '#shared/domain/data-subject-deletions/redacted-event';
import { appointmentTextOf, fieldServiceChangeOf, followAppointmentEvent } from '#shared/domain/outbox/appointment-followups';
import { followRecoveryEvent, recoveryMessageOf } from '#shared/domain/outbox/widget-followups';
import { fieldServiceChangeSchema } from '#shared/domain/widget/followup-messages';
import { RECOVERY_DUE } from '#shared/domain/widget/recovery';
import type { DueEvent } from '#shared/ports/outbox';
import { outboxEventExamples } from '../../../../support/event-examples';
import { RecordingQueue } from '../../../../support/intake-fakes';

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

describe('a redacted event (its person deleted on request while it was due)', () => {
  const person = { name: 'Lee Marsh', phone: '+13125550155', written: '(312) 555-0155', email: 'lee@example.com' };
  const subject = { phone: person.phone, email: person.email };
  const redacted = (e: { type: string; detail: Record<string, unknown> }): DueEvent => ({
    eventId: String(e.detail.event_id),
    type: e.type,
    detail: redactedEventDetail(e.detail, subject),
  });
  const examples = outboxEventExamples(person);

  it('starts no text for any event, though the whole event would', () => {
    const visit = examples.filter((e) => ['appointment.created', 'lead.booking_rescheduled', 'lead.booking_cancelled'].includes(e.type));
    expect(visit).toHaveLength(3);
    for (const e of visit) {
      expect(appointmentTextOf({ eventId: String(e.detail.event_id), ...e })).not.toBeNull();
      expect(appointmentTextOf(redacted(e))).toBeNull();
    }
    for (const e of examples) expect(appointmentTextOf(redacted(e))).toBeNull();
  });

  it("still moves and cancels the team's field-service job, by the visit's ids", () => {
    const cancelled = examples.find((e) => e.type === 'lead.booking_cancelled');
    if (!cancelled) throw new Error('no lead.booking_cancelled example');
    const change = fieldServiceChangeOf(redacted(cancelled));
    expect(change?.change).toMatchObject({ team_id: 7, appointment_id: 'ses_example', action: 'cancel' });
    expect(fieldServiceChangeSchema.safeParse(change?.change).success).toBe(true);
  });

  it('starts no recovery of a dropped-off session', async () => {
    const due = {
      type: RECOVERY_DUE,
      detail: {
        event: RECOVERY_DUE,
        event_id: 'evt-recovery',
        occurred_at: '2026-11-28T10:00:00.000Z',
        team_id: 7,
        scheduler_id: 31,
        session_id: 'ses_example',
        started_at: '2026-11-28T09:00:00.000Z',
      },
    };
    expect(recoveryMessageOf({ eventId: 'evt-recovery', ...due })).not.toBeNull();
    const queue = new RecordingQueue();
    expect(await followRecoveryEvent(queue, redacted(due))).toBe(false);
    expect(queue.sent).toEqual([]);
  });

  it('published again (the stream retried it), still texts no one and asks the same job change', async () => {
    const moved = examples.find((e) => e.type === 'lead.booking_rescheduled');
    if (!moved) throw new Error('no lead.booking_rescheduled example');
    const queues = { appointmentTexts: new RecordingQueue(), widgetFollowups: new RecordingQueue() };
    await followAppointmentEvent(queues, redacted(moved));
    await followAppointmentEvent(queues, redacted(moved));
    expect(queues.appointmentTexts.sent).toEqual([]);
    const [first, second] = queues.widgetFollowups.sent;
    expect(second).toEqual(first);
    expect(first?.body).toMatchObject({ kind: 'field_service_change', change: { change_id: moved.detail.event_id } });
  });
});

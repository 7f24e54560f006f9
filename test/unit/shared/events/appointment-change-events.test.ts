import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { newAppointment } from '#shared/domain/appointments/appointment';
import { isWebhookEventType } from '#shared/domain/webhooks/model';
import { BOOKING_CHANGE_EVENTS, type BookingChange, bookingChanged } from '#shared/events/appointment-change-events';
import { appointmentCreated } from '#shared/events/appointment-events';
import { eventSchema } from '../../../support/event-schemas';

const appointment = newAppointment(
  {
    appointment_id: 'ses_events',
    team_id: 3,
    scheduler_id: 31,
    channel: 'scheduling_widget',
    customer: { name: 'Dana', phone: '+13125550142', email: null, address: null },
    service: 'AC Repair',
    starts_at: '2026-12-02T16:00:00.000Z',
    time_zone: 'America/Chicago',
    duration_minutes: 60,
    lead: { id: 'lead-uuid', lead_id: 812 },
    session_id: 'ses_events',
    call_id: null,
  },
  'customer',
  '2026-11-28T10:00:00.000Z',
);

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false });
const compiled = new Map<string, ValidateFunction>();
const violations = (type: string, detail: unknown) => {
  const validate = compiled.get(type) ?? ajv.compile(eventSchema(type));
  compiled.set(type, validate);
  return validate(detail) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
};

describe('a visit’s events', () => {
  it.each(Object.keys(BOOKING_CHANGE_EVENTS) as BookingChange[])(
    '%s matches its published schema and is a webhook event type',
    (change) => {
      const event = bookingChanged(change, appointment, { version: 2, by: 'integrator', previousStartsAt: null, reason: null });
      expect(event.type).toBe(BOOKING_CHANGE_EVENTS[change]);
      expect(violations(event.type, event.detail)).toEqual([]);
      expect(isWebhookEventType(event.type)).toBe(true);
    },
  );

  it('keeps one id per change of a visit, and another for its next change', () => {
    const input = { by: 'customer', previousStartsAt: '2026-12-01T16:00:00.000Z', reason: null } as const;
    const once = bookingChanged('rescheduled', appointment, { ...input, version: 2 });
    expect(bookingChanged('rescheduled', appointment, { ...input, version: 2 }).detail.event_id).toBe(once.detail.event_id);
    expect(bookingChanged('rescheduled', appointment, { ...input, version: 3 }).detail.event_id).not.toBe(once.detail.event_id);
    expect(violations(once.type, once.detail)).toEqual([]);
  });

  it('makes appointment.created match its schema, and offers it to no webhook', () => {
    const event = appointmentCreated(appointment);
    expect(violations(event.type, event.detail)).toEqual([]);
    expect(isWebhookEventType(event.type)).toBe(false);
  });
});

import type { AppointmentRecord } from '#shared/domain/support-tickets';
import type { StoredWidgetSession } from '#shared/ports/widget-session-store';
import { DEFAULT_VISIT_MINUTES, type ManageSeal, newAppointment, type StoredAppointment } from './appointment';

/** The visit a widget booking made; null for a session booked before bookings sealed a manage link (it has none to give). */
export function appointmentOfWidgetBooking(
  stored: StoredWidgetSession,
  booking: { readonly startsAt: string; readonly timeZone: string; readonly durationMinutes?: number },
): StoredAppointment | null {
  const { session, extras } = stored;
  if (extras.manage_nonce === null || extras.manage_token_hash === null) return null;
  const at = session.completed_at ?? session.started_at;
  const appointment = newAppointment(
    {
      // The lead's appointment and its lead.booking_created already name the visit by its session.
      appointment_id: session.session_id,
      team_id: session.team_id,
      scheduler_id: session.scheduler_id,
      channel: 'scheduling_widget',
      customer: {
        name: session.customer_info.name,
        phone: session.customer_info.phone,
        email: session.customer_info.email,
        address: session.customer_info.address,
      },
      service: session.issue_type,
      starts_at: booking.startsAt,
      time_zone: booking.timeZone,
      duration_minutes: booking.durationMinutes ?? DEFAULT_VISIT_MINUTES,
      lead: { id: extras.lead_uuid, lead_id: extras.lead_id },
      session_id: session.session_id,
      call_id: null,
    },
    'customer',
    at,
  );
  const heldSlot = session.selected_date && session.selected_time ? { date: session.selected_date, time: session.selected_time } : null;
  return {
    appointment,
    manage: { nonce: extras.manage_nonce, tokenHash: extras.manage_token_hash },
    heldSlot,
    sessionStartedAt: session.started_at,
    version: 1,
  };
}

/** Where a call's visit is placed: the team's first scheduler when it has one, else the team's zone. */
export interface CallVisitPlace {
  readonly schedulerId: number | null;
  readonly timeZone: string;
  readonly durationMinutes: number;
}

/**
 * The visit a call's appointment made: only one with an agreed time (`scheduled`) is a visit; a
 * `requested` one (the customer wants a time, staff will pick it) stays on the call until then.
 */
export function appointmentOfCall(
  record: AppointmentRecord,
  lead: { readonly id: string | null; readonly lead_id: number | null },
  place: CallVisitPlace,
  seal: ManageSeal,
): StoredAppointment | null {
  if (record.status !== 'scheduled' || record.scheduled_for === null) return null;
  const appointment = newAppointment(
    {
      appointment_id: record.appointment_id,
      team_id: record.team_id,
      scheduler_id: place.schedulerId,
      channel: 'call',
      customer: { name: record.customer.name, phone: record.customer.phone, email: null, address: null },
      service: record.service,
      starts_at: new Date(record.scheduled_for).toISOString(),
      time_zone: place.timeZone,
      duration_minutes: place.durationMinutes,
      lead,
      session_id: null,
      call_id: record.call_id,
    },
    'system',
    record.created_at,
  );
  return { appointment, manage: seal, heldSlot: null, sessionStartedAt: null, version: 1 };
}

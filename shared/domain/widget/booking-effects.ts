import { appointmentOfWidgetBooking } from '#shared/domain/appointments/make-appointment';
import type { OutreachState } from '#shared/domain/intake/outreach';
import { BOOKED_BEFORE_CALL } from '#shared/domain/intake/place-outreach-call';
import { fullAttribution, type LeadRecord } from '#shared/domain/leads';
import type { BookingRequest } from '#shared/domain/schedulers';
import { appointmentCreated } from '#shared/events/appointment-events';
import { type LeadRef, leadBookingCreated, leadCreated } from '#shared/events/lead-events';
import type { AppointmentStore } from '#shared/ports/appointment-store';
import type { BookingRequestStore } from '#shared/ports/booking-request-store';
import type { DomainEvent } from '#shared/ports/event-bus';
import type { LeadStore } from '#shared/ports/lead-store';
import type { StoredWidgetSession } from '#shared/ports/widget-session-store';
import { sessionAttribution } from './session-attribution';

/**
 * What a widget booking does beyond the booked session: the unified lead (type
 * scheduling_widget, attributed from the session), lead.created and lead.booking_created, the
 * visit's appointment (with appointment.created), and the booking request for the team's
 * field-service system. The lead and its events are one write (the
 * events leave through the outbox). Every piece is keyed on the session (the lead's ids were drawn
 * into it when it was booked; the request is attempt 1 of the session; event ids derive from the
 * lead and the appointment), so doing it again after a crash or a retried request writes and
 * publishes the same things, which consumers deduplicate.
 */
export interface BookingEffectsDependencies {
  readonly leads: Pick<LeadStore, 'putLeadWithEvents'>;
  readonly bookingRequests: Pick<BookingRequestStore, 'recordBookingRequest'>;
  /** The visit's appointment record, made once (keyed on the session). */
  readonly appointments: Pick<AppointmentStore, 'createAppointment'>;
  /**
   * The outreach record of a recovery lead that calls (shared/domain/widget/recovery.ts), kept on
   * the lead the booking writes over; absent: the booking has none to keep.
   */
  readonly recoveryOutreach?: (stlCallId: number) => Promise<OutreachState | null>;
  /** Sends the booking request on (the field-service port); absent: the team has no system, and the request says so. */
  readonly requestJob?: (request: BookingRequest, stored: StoredWidgetSession) => Promise<void>;
}

export const NO_FIELD_SERVICE = {
  code: 'no_field_service_system',
  message: 'The team has no field-service system configured: the booking is kept, and no job was created',
} as const;

export function widgetLead(
  stored: StoredWidgetSession,
  startsAt: string,
  timeZone: string,
  outreach: OutreachState | null = null,
): LeadRecord {
  const { session, extras } = stored;
  if (!extras.lead_uuid || extras.lead_id === null) throw new Error(`session ${session.session_id} is not booked`);
  // A recovered session's booking is its recovery lead's, which keeps its time and says it was recovered.
  const recovery = extras.recovery ? { recovery: true, recovery_mode: extras.recovery.mode, session_started_at: session.started_at } : {};
  return {
    id: extras.lead_uuid,
    lead_id: extras.lead_id,
    team_id: session.team_id,
    type: 'scheduling_widget',
    datetime: extras.recovery?.at ?? session.completed_at ?? session.started_at,
    status: 'booked',
    customer_name: session.customer_info.name,
    customer_phone: session.customer_info.phone,
    customer_email: session.customer_info.email,
    lead_content: {
      session_id: session.session_id,
      scheduler_id: session.scheduler_id,
      issue_type: session.issue_type,
      job_type: session.job_type,
      address: session.customer_info.address,
      ...recovery,
    },
    agent: outreach ? 'ai_outreach' : null,
    referrer_url: extras.referrer_url,
    attribution: sessionAttribution(session),
    external_id: session.session_id,
    source: 'scheduling_widget',
    outreach,
    appointment: {
      appointment_id: session.session_id,
      status: 'scheduled',
      scheduled_for: startsAt,
      date: session.selected_date,
      time: session.selected_time,
      time_zone: timeZone,
      service_type: session.issue_type,
    },
  };
}

export function firstBookingRequest(stored: StoredWidgetSession, timeZone: string): BookingRequest {
  const { session } = stored;
  return {
    request_id: `bkr_${session.session_id}_1`,
    team_id: session.team_id,
    session_id: session.session_id,
    scheduler_id: session.scheduler_id,
    action: 'create',
    attempt: 1,
    requested_slot: { date: session.selected_date ?? '', time: session.selected_time ?? '', time_zone: timeZone },
    status: 'pending',
    st_job_id: null,
    error: null,
    requested_at: session.completed_at ?? session.started_at,
    completed_at: null,
  };
}

/** lead.created of a booking's lead (outreach not_needed: the customer booked, no call is placed). */
function leadCreatedOfBooking(ref: LeadRef, lead: LeadRecord, stored: StoredWidgetSession, startsAt: string): DomainEvent {
  return leadCreated(
    ref,
    {
      customer_name: lead.customer_name,
      phone_number: lead.customer_phone,
      phone_number_raw: null,
      email: lead.customer_email,
      service_type: stored.session.issue_type,
      lead_source: 'scheduling_widget',
      appointment_datetime: startsAt,
    },
    { status: 'not_needed', due_at: lead.datetime, scheduling_mode: 'always', max_attempts: 1 },
    new Date(lead.datetime),
  );
}

/**
 * The outreach a recovery lead that calls keeps when its session books: a call not placed yet is
 * completed (booked online), so the outreach worker finds nothing to place; one under way or done
 * is kept as it is.
 */
async function keptOutreach(deps: BookingEffectsDependencies, stored: StoredWidgetSession): Promise<OutreachState | null> {
  const { recovery, stl_call_id: stlCallId } = stored.extras;
  if (!recovery || recovery.mode === 'text' || stlCallId === null || !deps.recoveryOutreach) return null;
  const outreach = await deps.recoveryOutreach(stlCallId);
  if (!outreach || !['queued', 'scheduled'].includes(outreach.status)) return outreach;
  const at = stored.session.completed_at ?? stored.session.started_at;
  return { ...outreach, status: 'completed', outcome: 'booked', completed_at: at, reason: BOOKED_BEFORE_CALL };
}

export async function recordBookingEffects(
  deps: BookingEffectsDependencies,
  stored: StoredWidgetSession,
  booking: { readonly startsAt: string; readonly timeZone: string; readonly durationMinutes?: number },
): Promise<void> {
  const lead = widgetLead(stored, booking.startsAt, booking.timeZone, await keptOutreach(deps, stored));
  const ref: LeadRef = {
    lead_id: lead.lead_id as number,
    stl_call_id: stored.extras.stl_call_id as number,
    team_id: lead.team_id,
    external_id: lead.external_id,
    attribution: fullAttribution(lead.attribution),
  };
  const occurredAt = new Date(stored.session.completed_at ?? lead.datetime);
  // A recovered session's lead was created (lead.created) when it dropped off: the booking adds lead.booking_created only.
  const created = stored.extras.recovery ? [] : [leadCreatedOfBooking(ref, lead, stored, booking.startsAt)];
  await deps.leads.putLeadWithEvents(lead, [
    ...created,
    leadBookingCreated(
      ref,
      null,
      {
        appointment_id: stored.session.session_id,
        status: 'scheduled',
        scheduled_for: booking.startsAt,
        service_type: stored.session.issue_type,
        urgency: null,
      },
      occurredAt,
    ),
  ]);
  const appointment = appointmentOfWidgetBooking(stored, booking);
  if (appointment) await deps.appointments.createAppointment(appointment, [appointmentCreated(appointment.appointment)]);
  const request = firstBookingRequest(stored, booking.timeZone);
  if (deps.requestJob) {
    await deps.requestJob(request, stored);
    return;
  }
  await deps.bookingRequests.recordBookingRequest(
    { ...request, status: 'failed', error: { ...NO_FIELD_SERVICE }, completed_at: request.requested_at },
    null,
  );
}

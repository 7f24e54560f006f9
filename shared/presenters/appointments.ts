import type * as z from 'zod';
import type { managedAppointment } from '#shared/contracts/appointment-manage';
import type { appointment } from '#shared/contracts/appointments';
import type { StoredAppointment } from '#shared/domain/appointments/appointment';
import { localStart } from '#shared/domain/appointments/local-start';
import type { ManagedAppointment } from '#shared/domain/appointments/manage';
import { presentPlatformBody } from './responses';

/** Appointments on the read API (GET /api/v1/teams/{teamId}/appointments). */

type Wire<S extends () => z.ZodType> = z.output<ReturnType<S>>;
export type AppointmentData = Wire<typeof appointment>;

/** An appointment with its manage link (derived by the caller, which holds the key; null when it cannot be). */
export function presentAppointment(stored: StoredAppointment, manageUrl: string | null): AppointmentData {
  const a = stored.appointment;
  const local = localStart(a);
  return {
    appointment_id: a.appointment_id,
    team_id: a.team_id,
    scheduler_id: a.scheduler_id,
    lead_id: a.lead.lead_id,
    lead_uuid: a.lead.id,
    channel: a.channel,
    status: a.status,
    customer: { name: a.customer.name, phone: a.customer.phone, email: a.customer.email, address: a.customer.address },
    service: a.service,
    start_date: local.date,
    start_time: local.time,
    time_zone: a.time_zone,
    starts_at: a.starts_at,
    duration_minutes: a.duration_minutes,
    session_id: a.session_id,
    call_id: a.call_id,
    manage_url: manageUrl,
    history: a.history.map((h) => ({
      change: h.change,
      at: h.at,
      by: h.by,
      starts_at: h.starts_at,
      previous_starts_at: h.previous_starts_at,
      note: h.note,
    })),
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}

/** An integrator's change answered on the platform API: the visit as the feed shows it, with the request's meta. */
export function presentAppointmentResponse(stored: StoredAppointment, manageUrl: string | null, requestId: string) {
  return presentPlatformBody(presentAppointment(stored, manageUrl), requestId);
}

export type ManagedAppointmentData = Wire<typeof managedAppointment>;

/** A visit as its manage link shows it: nothing of the customer but their name. */
export function presentManagedAppointment(view: ManagedAppointment): ManagedAppointmentData {
  const a = view.stored.appointment;
  const local = localStart(a);
  return {
    appointment_id: a.appointment_id,
    team_id: a.team_id,
    scheduler_id: a.scheduler_id,
    business_name: view.businessName,
    status: a.status,
    service: a.service,
    customer: { name: a.customer.name },
    start_date: local.date,
    start_time: local.time,
    time_zone: a.time_zone,
    starts_at: a.starts_at,
    duration_minutes: a.duration_minutes,
    read_only: view.readOnly,
    can_change: view.changeable,
    change_cutoff_minutes: view.cutoffMinutes,
  };
}

/** A visit moved to a place just taken answers like a booking of it: the same 409 with fresh slots. */
export { presentSlotTaken } from './widget';

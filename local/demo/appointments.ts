import { DateTime } from 'luxon';
import { type Appointment, newAppointment, type StoredAppointment } from '#shared/domain/appointments/appointment';
import { sealManageToken } from '#shared/domain/appointments/manage-token';
import { BOOKING_DEFAULTS } from '#shared/domain/schedulers';
import type { SessionRecord } from '#shared/domain/sessions';

/**
 * The demo's appointments: one per booked session, as the booking would have made it (the session
 * id as its id, the visit at the session's selected local date and time). A visit whose start has
 * passed was completed (every seventh a no-show); every fifth was cancelled by the customer the day
 * after it was booked; the rest are scheduled. Links are sealed with the local cursor secret, so
 * the feed shows working manage links.
 */
export function demoAppointments(
  sessions: readonly SessionRecord[],
  timezone: string,
  now: Date,
  serverSecret: string,
): StoredAppointment[] {
  const out: StoredAppointment[] = [];
  sessions.forEach((session, i) => {
    if (session.status !== 'booked' || !session.completed_at || !session.selected_date || !session.selected_time) return;
    const start = DateTime.fromISO(`${session.selected_date}T${session.selected_time}`, { zone: timezone });
    if (!start.isValid) return;
    const made = newAppointment(
      {
        appointment_id: session.session_id,
        team_id: session.team_id,
        scheduler_id: session.scheduler_id,
        channel: 'scheduling_widget',
        customer: { ...session.customer_info },
        service: session.issue_type,
        starts_at: start.toUTC().toISO() as string,
        time_zone: timezone,
        duration_minutes: BOOKING_DEFAULTS.slot_minutes,
        lead: { id: null, lead_id: null },
        session_id: session.session_id,
        call_id: null,
      },
      'customer',
      session.completed_at,
    );
    // The demo writes no slot counters, so its visits hold no place to free.
    const manage = sealManageToken(serverSecret, session.session_id);
    out.push({ appointment: lifecycleOf(made, i, now), manage, heldSlot: null, sessionStartedAt: session.started_at, version: 1 });
  });
  return out;
}

function lifecycleOf(made: Appointment, i: number, now: Date): Appointment {
  const line = (change: 'cancelled' | 'completed' | 'no_show', at: string, by: 'customer' | 'staff') => ({
    ...made,
    status: change,
    updated_at: at,
    history: [...made.history, { change, at, by, starts_at: made.starts_at, previous_starts_at: null, note: null }],
  });
  const dayAfter = new Date(Date.parse(made.created_at) + 86_400_000).toISOString();
  if (i % 5 === 4 && dayAfter < made.starts_at && dayAfter < now.toISOString()) return line('cancelled', dayAfter, 'customer');
  if (made.starts_at >= now.toISOString()) return made;
  const after = new Date(Date.parse(made.starts_at) + made.duration_minutes * 60_000).toISOString();
  return line(i % 7 === 6 ? 'no_show' : 'completed', after, 'staff');
}

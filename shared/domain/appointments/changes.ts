import type { SchedulerConfig } from '#shared/domain/schedulers';
import { requireBookableSlot } from '#shared/domain/widget/availability';
import { type WidgetAvailability, widgetAvailability } from '#shared/domain/widget/widget-sessions';
import { ConflictError, NotFoundError } from '#shared/errors';
import { bookingChanged } from '#shared/events/appointment-change-events';
import type { AppointmentChangeWrite } from '#shared/ports/appointment-store';
import type { Appointment, AppointmentActor, StoredAppointment } from './appointment';
import { changeCutoffMinutes } from './change-cutoff';
import { type ChangeDependencies, followingSession, withChange, withRetries } from './marks';

/**
 * Moving and cancelling a visit, whoever asks (the customer's manage link, an integrator): the
 * same rules and the same effects. A change is one transaction (changeAppointment): the record,
 * the place taken and the place freed in the scheduler's slot counters, the widget session that
 * follows the visit (its selected date and time, an event; its status stays booked), and the
 * change's event in the outbox.
 */
const FINAL = new Set(['cancelled', 'completed', 'no_show']);

function hours(minutes: number): string {
  return minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;
}

/** Refuses a change of a visit that ended, has started, or is inside its scheduler's cut-off. */
export function requireChangeable(stored: StoredAppointment, scheduler: SchedulerConfig | null, now: Date): void {
  const { status, starts_at: startsAt } = stored.appointment;
  if (FINAL.has(status)) throw new ConflictError(`appointment: the visit is ${status}; it can no longer be changed`, 'appointment');
  const start = Date.parse(startsAt);
  if (now.getTime() >= start) throw new ConflictError('appointment: the visit has started; it can no longer be changed', 'appointment');
  const cutoff = changeCutoffMinutes(scheduler);
  if (now.getTime() >= start - cutoff * 60_000) {
    throw new ConflictError(
      `appointment: changes within ${hours(cutoff)} of the visit are not taken online; please call the business to change it`,
      'appointment',
      { change_cutoff_minutes: cutoff },
    );
  }
}

/**
 * The visit an integrator names, when it is one of the team's: another team's visit answers the
 * same 404 as an unknown id, so ids teach a key nothing about other teams.
 */
export async function requireTeamAppointment(
  deps: Pick<ChangeDependencies, 'appointments'>,
  teamId: number,
  appointmentId: string,
): Promise<StoredAppointment> {
  const stored = await deps.appointments.getAppointment(appointmentId);
  if (!stored || stored.appointment.team_id !== teamId) throw new NotFoundError(`No appointment ${appointmentId} for this workspace`);
  return stored;
}

async function schedulerOf(deps: ChangeDependencies, a: Appointment): Promise<SchedulerConfig | null> {
  return a.scheduler_id === null ? null : deps.schedulers.getScheduler(a.team_id, a.scheduler_id);
}

export type RescheduleOutcome =
  | { readonly kind: 'moved'; readonly stored: StoredAppointment }
  | { readonly kind: 'slot_taken'; readonly availability: WidgetAvailability };

export async function rescheduleAppointment(
  deps: ChangeDependencies,
  first: StoredAppointment,
  input: { readonly date: string; readonly time: string; readonly by: AppointmentActor; readonly now: Date },
): Promise<RescheduleOutcome> {
  return withRetries(deps, first, async (stored) => {
    const a = stored.appointment;
    const scheduler = await schedulerOf(deps, a);
    if (!scheduler)
      throw new ConflictError('appointment: the visit was not booked on a scheduler; call the business to move it', 'appointment');
    const { startsAt } = requireBookableSlot(scheduler, input.date, input.time, input.now);
    // Asked again after it was done (a lost answer): answered as moved, nothing written twice.
    if (startsAt === a.starts_at && !FINAL.has(a.status)) return { kind: 'moved' as const, stored };
    requireChangeable(stored, scheduler, input.now);
    const at = input.now.toISOString();
    const slot = { date: input.date, time: input.time };
    const next = withChange(a, 'rescheduled', { at, by: input.by, startsAt, timeZone: scheduler.time_zone });
    const nextStored: StoredAppointment = { ...stored, appointment: next, heldSlot: slot, version: stored.version + 1 };
    const write: AppointmentChangeWrite = {
      previous: stored,
      next: nextStored,
      take: { schedulerId: scheduler.scheduler_id, ...slot, capacity: scheduler.capacity_per_slot },
      free: stored.heldSlot && a.scheduler_id !== null ? { schedulerId: a.scheduler_id, ...stored.heldSlot } : undefined,
      session: await followingSession(deps, stored, 'booking_rescheduled', at, slot),
      events: [
        bookingChanged('rescheduled', next, { version: nextStored.version, by: input.by, previousStartsAt: a.starts_at, reason: null }),
      ],
    };
    const result = await deps.appointments.changeAppointment(write);
    if (result === 'changed_meanwhile') return result;
    if (result === 'changed') return { kind: 'moved' as const, stored: nextStored };
    const availability = await widgetAvailability(deps, {
      teamId: a.team_id,
      schedulerId: scheduler.scheduler_id,
      from: input.date,
      now: input.now,
      scheduler,
    });
    return { kind: 'slot_taken' as const, availability };
  });
}

export async function cancelAppointment(
  deps: ChangeDependencies,
  first: StoredAppointment,
  input: { readonly reason: string | null; readonly by: AppointmentActor; readonly now: Date },
): Promise<StoredAppointment> {
  return withRetries(deps, first, async (stored) => {
    const a = stored.appointment;
    if (a.status === 'cancelled') return stored;
    const scheduler = await schedulerOf(deps, a);
    requireChangeable(stored, scheduler, input.now);
    const at = input.now.toISOString();
    const next = withChange(a, 'cancelled', { at, by: input.by, note: input.reason, status: 'cancelled' });
    const nextStored: StoredAppointment = { ...stored, appointment: next, heldSlot: null, version: stored.version + 1 };
    const result = await deps.appointments.changeAppointment({
      previous: stored,
      next: nextStored,
      free: stored.heldSlot && a.scheduler_id !== null ? { schedulerId: a.scheduler_id, ...stored.heldSlot } : undefined,
      session: await followingSession(deps, stored, 'booking_cancelled', at, null),
      events: [
        bookingChanged('cancelled', next, { version: nextStored.version, by: input.by, previousStartsAt: null, reason: input.reason }),
      ],
    });
    return result === 'changed' ? nextStored : 'changed_meanwhile';
  });
}

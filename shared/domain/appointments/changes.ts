import type { SchedulerConfig } from '#shared/domain/schedulers';
import type { SessionRecord } from '#shared/domain/sessions';
import { requireBookableSlot } from '#shared/domain/widget/availability';
import { type WidgetAvailability, widgetAvailability } from '#shared/domain/widget/widget-sessions';
import { ConflictError, NotFoundError } from '#shared/errors';
import { bookingChanged } from '#shared/events/appointment-change-events';
import type { AppointmentChangeWrite, AppointmentStore } from '#shared/ports/appointment-store';
import type { SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import type { StoredWidgetSession, WidgetSessionStore } from '#shared/ports/widget-session-store';
import type { Appointment, AppointmentActor, AppointmentChangeKind, StoredAppointment } from './appointment';
import { changeCutoffMinutes } from './change-cutoff';

/**
 * Moving and cancelling a visit, whoever asks (the customer's manage link, an integrator): the
 * same rules and the same effects. A change is one transaction (changeAppointment): the record,
 * the place taken and the place freed in the scheduler's slot counters, the widget session that
 * follows the visit (its selected date and time, an event; its status stays booked), and the
 * change's event in the outbox.
 */
export interface ChangeDependencies {
  readonly appointments: Pick<AppointmentStore, 'getAppointment' | 'changeAppointment'>;
  readonly schedulers: Pick<SchedulerConfigStore, 'getScheduler'>;
  /** The session that follows a widget booking's visit, and the slot counters a 409 shows fresh slots from. */
  readonly sessions: Pick<WidgetSessionStore, 'getSession' | 'bookedCounts'>;
}

const FINAL = new Set(['cancelled', 'completed', 'no_show']);
const ATTEMPTS = 3;

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

/** The record after a change: one more line of history. */
function withChange(
  a: Appointment,
  change: AppointmentChangeKind,
  input: { at: string; by: AppointmentActor; startsAt?: string; timeZone?: string; note?: string | null; status?: Appointment['status'] },
): Appointment {
  const startsAt = input.startsAt ?? a.starts_at;
  const line = {
    change,
    at: input.at,
    by: input.by,
    starts_at: startsAt,
    previous_starts_at: startsAt === a.starts_at ? null : a.starts_at,
    note: input.note ?? null,
  };
  return {
    ...a,
    status: input.status ?? a.status,
    starts_at: startsAt,
    time_zone: input.timeZone ?? a.time_zone,
    updated_at: input.at,
    history: [...a.history, line],
  };
}

/** The widget session that follows the visit, with its change; none for a call's visit. */
async function followingSession(
  deps: ChangeDependencies,
  stored: StoredAppointment,
  eventType: string,
  at: string,
  slot: { date: string; time: string } | null,
): Promise<{ previous: StoredWidgetSession; next: SessionRecord } | undefined> {
  const a = stored.appointment;
  if (a.session_id === null || stored.sessionStartedAt === null || a.scheduler_id === null) return undefined;
  const previous = await deps.sessions.getSession({
    teamId: a.team_id,
    schedulerId: a.scheduler_id,
    startedAt: stored.sessionStartedAt,
    sessionId: a.session_id,
  });
  if (!previous) return undefined;
  const s = previous.session;
  const next: SessionRecord = {
    ...s,
    selected_date: slot ? slot.date : s.selected_date,
    selected_time: slot ? slot.time : s.selected_time,
    events: [...s.events, { event_type: eventType, created_at: at }],
  };
  return { previous, next };
}

/** Writes a change, reading the record again when it changed meanwhile; the result of `attempt`. */
async function withRetries<T>(
  deps: ChangeDependencies,
  first: StoredAppointment,
  attempt: (stored: StoredAppointment) => Promise<T | 'changed_meanwhile'>,
): Promise<T> {
  let stored = first;
  for (let i = 0; i < ATTEMPTS; i++) {
    const outcome = await attempt(stored);
    if (outcome !== 'changed_meanwhile') return outcome;
    const again = await deps.appointments.getAppointment(stored.appointment.appointment_id);
    if (!again) throw new NotFoundError('No such appointment');
    stored = again;
  }
  throw new ConflictError('appointment: changed by another request meanwhile; try again', 'appointment');
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

const MARKS = {
  confirmed: { from: ['scheduled', 'confirmed'], sessionEvent: 'booking_confirmed', afterStart: false },
  completed: { from: ['scheduled', 'confirmed', 'completed'], sessionEvent: null, afterStart: true },
  no_show: { from: ['scheduled', 'confirmed', 'no_show'], sessionEvent: null, afterStart: true },
} as const;
export type AppointmentMark = keyof typeof MARKS;

/**
 * Marks a visit confirmed (before its start: the customer said they will be there), completed or
 * a no-show (only after its start). Marking it again as it is answers it unchanged; any other
 * status, or the wrong side of the start, is a 409.
 */
export async function markAppointment(
  deps: ChangeDependencies,
  first: StoredAppointment,
  mark: AppointmentMark,
  input: { readonly by: AppointmentActor; readonly now: Date },
): Promise<StoredAppointment> {
  const rule = MARKS[mark];
  return withRetries(deps, first, async (stored) => {
    const a = stored.appointment;
    if (a.status === mark) return stored;
    if (!(rule.from as readonly string[]).includes(a.status)) {
      throw new ConflictError(`appointment: the visit is ${a.status}; it cannot be marked ${mark.replace('_', '-')}`, 'appointment');
    }
    const started = input.now.getTime() >= Date.parse(a.starts_at);
    if (rule.afterStart && !started)
      throw new ConflictError(
        `appointment: the visit has not started yet; it can be marked ${mark.replace('_', '-')} only after ${a.starts_at}`,
        'appointment',
      );
    if (!rule.afterStart && started)
      throw new ConflictError('appointment: the visit has started; it can no longer be confirmed', 'appointment');
    const at = input.now.toISOString();
    const next = withChange(a, mark, { at, by: input.by, status: mark });
    const nextStored: StoredAppointment = { ...stored, appointment: next, version: stored.version + 1 };
    const result = await deps.appointments.changeAppointment({
      previous: stored,
      next: nextStored,
      session: rule.sessionEvent ? await followingSession(deps, stored, rule.sessionEvent, at, null) : undefined,
      events: [bookingChanged(mark, next, { version: nextStored.version, by: input.by, previousStartsAt: null, reason: null })],
    });
    return result === 'changed' ? nextStored : 'changed_meanwhile';
  });
}

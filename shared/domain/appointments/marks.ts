import type { SessionRecord } from '#shared/domain/sessions';
import { ConflictError, NotFoundError } from '#shared/errors';
import { bookingChanged } from '#shared/events/appointment-change-events';
import type { AppointmentStore } from '#shared/ports/appointment-store';
import type { SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import type { StoredWidgetSession, WidgetSessionStore } from '#shared/ports/widget-session-store';
import type { Appointment, AppointmentActor, AppointmentChangeKind, StoredAppointment } from './appointment';

/**
 * Marking a visit (confirmed, completed, no-show) and the writing every change of a visit shares
 * with it (changes.ts moves and cancels). Kept apart from the moves so that a function that only
 * marks (the inbound-SMS webhook confirms a visit on a reply) loads no slot model, and with it no
 * luxon.
 */

export interface ChangeDependencies {
  readonly appointments: Pick<AppointmentStore, 'getAppointment' | 'changeAppointment'>;
  readonly schedulers: Pick<SchedulerConfigStore, 'getScheduler'>;
  /** The session that follows a widget booking's visit, and the slot counters a 409 shows fresh slots from. */
  readonly sessions: Pick<WidgetSessionStore, 'getSession' | 'bookedCounts'>;
}

const ATTEMPTS = 3;

/** The record after a change: one more line of history. */
export function withChange(
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
export async function followingSession(
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
export async function withRetries<T>(
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

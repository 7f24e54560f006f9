import type { MessageQueue } from '#shared/ports/message-queue';
import type { StoredWidgetSession, WidgetSessionRef, WidgetSessionStore } from '#shared/ports/widget-session-store';
import { type BookingSettings, slotStartsOf } from './availability';
import { type BookingEffectsDependencies, recordBookingEffects } from './booking-effects';
import { requestFieldServiceJob } from './field-service-jobs';

/**
 * A booking's effects (the lead, its events, the field-service job request), recorded after the
 * booking's own write and then marked on the session. A crash between the two leaves a booked
 * session without the mark: the session's drop-off check, which every session has pending until
 * it finds the session no longer pending, records them then (recoverBookingEffects). Every effect
 * is keyed on the session, so recording them twice repeats nothing a consumer would count twice.
 */
export interface CompleteBookingDependencies extends Omit<BookingEffectsDependencies, 'requestJob'> {
  readonly sessions: Pick<WidgetSessionStore, 'getSession' | 'markEffectsRecorded'>;
  readonly followups: MessageQueue;
  readonly schedulers: { getScheduler(teamId: number, schedulerId: number): Promise<BookingSettings | null> };
}

export async function completeBooking(
  deps: CompleteBookingDependencies,
  stored: StoredWidgetSession,
  booking: { readonly startsAt: string; readonly timeZone: string; readonly durationMinutes?: number },
  now: Date,
): Promise<void> {
  if (stored.effectsRecordedAt) return;
  await recordBookingEffects(
    {
      ...deps,
      requestJob: (request, s) => requestFieldServiceJob({ bookingRequests: deps.bookingRequests, followups: deps.followups }, request, s),
    },
    stored,
    booking,
  );
  const s = stored.session;
  await deps.sessions.markEffectsRecorded(
    { teamId: s.team_id, schedulerId: s.scheduler_id, startedAt: s.started_at, sessionId: s.session_id },
    now.toISOString(),
  );
}

/** A booked session whose effects were never marked recorded gets them now; true when it did. */
export async function recoverBookingEffects(deps: CompleteBookingDependencies, ref: WidgetSessionRef, now: Date): Promise<boolean> {
  const stored = await deps.sessions.getSession(ref);
  if (stored === null || stored.session.status !== 'booked' || stored.effectsRecordedAt) return false;
  const scheduler = await deps.schedulers.getScheduler(ref.teamId, ref.schedulerId);
  const { selected_date: date, selected_time: time } = stored.session;
  const start = scheduler && date && time ? slotStartsOf(scheduler, date).find((slot) => slot.time === time)?.startMs : undefined;
  const startsAt = start !== undefined ? new Date(start).toISOString() : (stored.session.completed_at ?? stored.session.started_at);
  await completeBooking(deps, stored, { startsAt, timeZone: scheduler?.time_zone ?? 'UTC', durationMinutes: scheduler?.slot_minutes }, now);
  return true;
}

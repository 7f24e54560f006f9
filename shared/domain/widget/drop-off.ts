import type { Session } from '#shared/domain/sessions';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { WidgetSessionRef, WidgetSessionStore } from '#shared/ports/widget-session-store';
import { refMessage } from './followup-messages';
import { dropOffWithRecovery, qualifiedPhone, type RecoveryPlanDependencies } from './recovery';

/**
 * Drop-off: a pending session without activity for SESSION_ABANDON_AFTER_SECONDS becomes
 * dropped_off, on time, by a one-time schedule set when it starts (EventBridge Scheduler in AWS, the
 * local scheduler under npm start) that delivers a check to the widget-followups queue. A check
 * that finds later activity sets the next one for the new deadline, so a session has one schedule
 * at a time whatever its number of steps. A dropped-off session whose customer comes back is
 * pending again (a session_resumed event) and may still book; it gets a new check then.
 */
export const DEFAULT_ABANDON_AFTER_SECONDS = 1800;

/** Sets the check of a session for the moment it would drop off (its last activity plus the limit). */
export async function scheduleDropOffCheck(scheduler: OneTimeScheduler, session: Session, afterSeconds: number): Promise<void> {
  const last = Date.parse(session.last_activity_at ?? session.started_at);
  const at = new Date(last + afterSeconds * 1000);
  await scheduler.scheduleMessage({
    // One name per deadline: scheduling the same deadline twice (a retried request) keeps one schedule.
    name: `wdrop-${session.session_id}-${at.getTime()}`,
    at,
    queue: 'widget-followups',
    body: { kind: 'drop_off', session: refMessage(session) },
  });
}

export type DropOffOutcome = 'dropped_off' | 'rescheduled' | 'not_pending';

/**
 * A session that drops off qualified (recovery.ts) is marked so (the funnel's qualified_drop_offs)
 * and, unless its scheduler's recovery is off, gets its recovery in the same write.
 */
export async function checkDropOff(
  deps: RecoveryPlanDependencies & { readonly sessions: WidgetSessionStore; readonly scheduler: OneTimeScheduler },
  ref: WidgetSessionRef,
  now: Date,
  afterSeconds: number,
): Promise<DropOffOutcome> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const stored = await deps.sessions.getSession(ref);
    if (stored === null || stored.session.status !== 'pending') return 'not_pending';
    const due = Date.parse(stored.session.last_activity_at ?? stored.session.started_at) + afterSeconds * 1000;
    if (due > now.getTime()) {
      await scheduleDropOffCheck(deps.scheduler, stored.session, afterSeconds);
      return 'rescheduled';
    }
    const events = [...stored.session.events, { event_type: 'session_abandoned', created_at: new Date(due).toISOString() }];
    const droppedOff = {
      ...stored.session,
      status: 'dropped_off' as const,
      events,
      ...((await qualifiedPhone(stored.session)) !== null ? { qualified_drop_off: true } : {}),
    };
    const recovery = await dropOffWithRecovery(deps, stored, droppedOff, now);
    if (recovery === 'planned') return 'dropped_off';
    if (recovery === 'not_due' && (await deps.sessions.updateSession(stored, droppedOff))) return 'dropped_off';
  }
  throw new Error(`session ${ref.sessionId} kept changing during its drop-off check`);
}

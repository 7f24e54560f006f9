import type { SchedulerConfig } from '#shared/domain/schedulers';
import type { SessionRecord } from '#shared/domain/sessions';
import { BadRequestError, ConflictError, NotFoundError } from '#shared/errors';
import type { StoredWidgetSession } from '#shared/ports/widget-session-store';
import type { OfferedSlot } from './availability';
import { stepLeft } from './recovery';
import { readResumeToken, resumeTokenOpens } from './resume-token';
import { mintSessionToken } from './session-token';
import { requireScheduler, type WidgetDependencies, widgetAvailability } from './widget-sessions';

/** A session reopened by its resume link: a fresh token for it, the step it was left at, and its scheduler. */
export interface ResumedWidgetSession {
  readonly token: string;
  readonly step: string;
  readonly session: SessionRecord;
  readonly scheduler: SchedulerConfig;
  /**
   * The slot the session picked (selected_date, selected_time) as offered now, when it still has a
   * place: the page reopens on it; null when none was picked or it was taken or passed meanwhile.
   */
  readonly slot: (OfferedSlot & { readonly date: string }) | null;
  /** True when this call made a dropped-off session pending again (it gets a new drop-off check). */
  readonly resumed: boolean;
}

const UNKNOWN = 'resume_token: unknown or expired (a resume link opens its session for 72 hours)';

/**
 * Reopens the session a recovery text's link names (resume-token.ts): unknown, malformed, foreign
 * and expired tokens alike are a 404. The session gets a fresh token (the one it was started with
 * stops working: whoever holds the link is the one who carries on), and a dropped-off session is
 * pending again (`session_resumed`) at the step it was left, its details still filled. A booked
 * session is answered as it is (the page shows the booking).
 */
export async function resumeWidgetSession(
  deps: Pick<WidgetDependencies, 'schedulers' | 'sessions'>,
  input: { resumeToken: string; now: Date },
): Promise<ResumedWidgetSession> {
  const read = readResumeToken(input.resumeToken);
  for (let attempt = 0; attempt < 3; attempt++) {
    const stored = read ? await deps.sessions.getSession(read.ref) : null;
    const seal = stored?.extras.recovery?.resume;
    if (
      !read ||
      !stored ||
      !seal ||
      stored.session.scheduler_id !== read.ref.schedulerId ||
      !resumeTokenOpens(read.secret, seal, input.now)
    ) {
      throw new NotFoundError(UNKNOWN);
    }
    const scheduler = await requireScheduler(deps, stored.session.team_id, stored.session.scheduler_id);
    const { token, tokenHash } = mintSessionToken(read.ref);
    const next = reopened(stored, input.now);
    // The row is written with the new token's hash: the previous token no longer opens it.
    if (await deps.sessions.updateSession({ ...stored, tokenHash }, next)) {
      const slot = await slotStillOpen(deps, scheduler, next, input.now);
      return { token, step: stepLeft(next), session: next, scheduler, slot, resumed: stored.session.status === 'dropped_off' };
    }
  }
  throw new ConflictError('session: changed by another request meanwhile; try again', 'session');
}

function reopened(stored: StoredWidgetSession, now: Date): SessionRecord {
  const { session } = stored;
  if (session.status !== 'dropped_off') return session;
  const at = now.toISOString();
  return {
    ...session,
    status: 'pending',
    events: [...session.events, { event_type: 'session_resumed', created_at: at }],
    last_activity_at: at,
  };
}

/** The session's picked slot among those offered now (a place left, not inside the lead time, still within the days booked). */
async function slotStillOpen(
  deps: Pick<WidgetDependencies, 'schedulers' | 'sessions'>,
  scheduler: SchedulerConfig,
  session: SessionRecord,
  now: Date,
): Promise<ResumedWidgetSession['slot']> {
  const { selected_date: date, selected_time: time } = session;
  if (session.status === 'booked' || !date || !time) return null;
  const days = await widgetAvailability(deps, {
    teamId: session.team_id,
    schedulerId: session.scheduler_id,
    from: date,
    days: 1,
    now,
    scheduler,
  }).catch(
    // A day past the last one the scheduler books now: the slot is not offered.
    (error: unknown) => {
      if (error instanceof BadRequestError) return null;
      throw error;
    },
  );
  const slot = days?.days.find((d) => d.date === date)?.slots.find((s) => s.time === time);
  return slot ? { ...slot, date } : null;
}

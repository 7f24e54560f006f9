import * as z from 'zod';
import { linesText, nameText } from '#shared/domain/plain-text';
import type { BookingRequest } from '#shared/domain/schedulers';
import type { Session } from '#shared/domain/sessions';
import type { BookingRequestStore } from '#shared/ports/booking-request-store';
import { type FieldServiceDirectory, FieldServiceError, type FieldServiceJobRequest } from '#shared/ports/field-service';
import type { MessageQueue } from '#shared/ports/message-queue';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { StoredWidgetSession, WidgetSessionRef, WidgetSessionStore } from '#shared/ports/widget-session-store';
import { type BookingSettings, slotStartsOf } from './availability';
import { firstBookingRequest, NO_FIELD_SERVICE } from './booking-effects';

/**
 * Field-service jobs for widget bookings, made by the widget-followups worker: one message per
 * attempt, each attempt a row of the booking-requests list. A retryable failure schedules the next
 * attempt with exponential backoff (at least the Retry-After the system asked for), up to
 * MAX_JOB_ATTEMPTS; the last one's failure is thrown, so the queue retries it and then moves it to
 * the dead-letter queue, whose alarm tells the operator. A refusal ends the attempts. Exactly one job per
 * booking: the session id goes with the job as its external id and is looked for before a job is
 * made, and the job's id is then kept on the session (st_job_id), which ends every later delivery.
 */
export const sessionRefSchema = z.object({
  team_id: z.int().min(1),
  scheduler_id: z.int().min(1),
  started_at: z.string().min(1),
  session_id: z.string().min(1).max(64),
});

export const widgetFollowupSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('field_service_job'), session: sessionRefSchema, attempt: z.int().min(1).max(100).default(1) }),
  z.object({ kind: z.literal('drop_off'), session: sessionRefSchema }),
  // A dropped-off session's recovery (recovery-followup.ts): from its outbox event, or again when a deferred text's window opens.
  z.object({ kind: z.literal('recovery'), session: sessionRefSchema }),
]);

export function refOf(m: z.output<typeof sessionRefSchema>): WidgetSessionRef {
  return { teamId: m.team_id, schedulerId: m.scheduler_id, startedAt: m.started_at, sessionId: m.session_id };
}

export function refMessage(s: Pick<Session, 'team_id' | 'scheduler_id' | 'started_at' | 'session_id'>): z.output<typeof sessionRefSchema> {
  return { team_id: s.team_id, scheduler_id: s.scheduler_id, started_at: s.started_at, session_id: s.session_id };
}

/** Records the first attempt (pending) and queues the job request: the booking route's part. */
export async function requestFieldServiceJob(
  deps: { readonly bookingRequests: Pick<BookingRequestStore, 'recordBookingRequest'>; readonly followups: MessageQueue },
  request: BookingRequest,
  stored: StoredWidgetSession,
): Promise<void> {
  await deps.bookingRequests.recordBookingRequest(request, null);
  await deps.followups.send([{ body: { kind: 'field_service_job', session: refMessage(stored.session) } }]);
}

export interface FieldServiceJobDependencies {
  readonly sessions: WidgetSessionStore;
  readonly scheduler: OneTimeScheduler;
  readonly bookingRequests: Pick<BookingRequestStore, 'recordBookingRequest'>;
  readonly fieldService: FieldServiceDirectory;
  readonly schedulers: {
    getScheduler(teamId: number, schedulerId: number): Promise<(BookingSettings & { job_types: readonly string[] }) | null>;
  };
}

export type JobOutcome = 'created' | 'already_created' | 'no_system' | 'rejected' | 'not_booked' | 'retry_scheduled' | 'claimed_elsewhere';

export const MAX_JOB_ATTEMPTS = 6;

/** How long a delivery holds the making of a job: longer than the worker's 120 s timeout, so a running delivery never loses it. */
const JOB_CLAIM_SECONDS = 150;

/** Seconds before attempt `next`: 30 s, 2 min, 8 min, 32 min, 2 h 8 min; never less than the system asked for. */
export function backoffSeconds(next: number, retryAfterSeconds?: number): number {
  return Math.max(30 * 4 ** Math.max(0, next - 2), retryAfterSeconds ?? 0);
}

/**
 * One delivery of a job request (`attempt`: the queue's receive count). A retryable failure is
 * recorded on the attempt and thrown, so the queue delivers again (the next attempt).
 */
export async function makeFieldServiceJob(
  deps: FieldServiceJobDependencies,
  ref: WidgetSessionRef,
  attempt: number,
  now: Date,
): Promise<JobOutcome> {
  const stored = await deps.sessions.getSession(ref);
  if (stored === null || stored.session.status !== 'booked') return 'not_booked';
  if (stored.session.st_job_id !== null) return 'already_created';
  const scheduler = await deps.schedulers.getScheduler(ref.teamId, ref.schedulerId);
  const timeZone = scheduler?.time_zone ?? 'UTC';
  const first = firstBookingRequest(stored, timeZone);
  const request: BookingRequest = {
    ...first,
    request_id: `bkr_${stored.session.session_id}_${attempt}`,
    attempt,
    requested_at: attempt === 1 ? first.requested_at : now.toISOString(),
  };
  // The booking recorded attempt 1 when it queued the job; a later attempt (or a lost first record) is recorded here.
  await deps.bookingRequests.recordBookingRequest(request, null);
  const finish = (answer: Partial<BookingRequest>) =>
    deps.bookingRequests.recordBookingRequest({ ...request, completed_at: now.toISOString(), ...answer }, 'pending');

  const system = await deps.fieldService.forTeam(ref.teamId);
  if (!system) {
    await finish({ status: 'failed', error: { ...NO_FIELD_SERVICE } });
    return 'no_system';
  }
  // Another delivery holds the request (it is asking the system now, or it stopped in a crash):
  // this one comes back when that claim has lapsed, and then finds the job or makes it.
  const claimUntil = new Date(now.getTime() + JOB_CLAIM_SECONDS * 1000);
  if (!(await deps.sessions.claimJob(ref, claimUntil.toISOString(), now.toISOString()))) {
    await deps.scheduler.scheduleMessage({
      name: `wjob-${stored.session.session_id}-${attempt}-after-${claimUntil.getTime()}`,
      at: claimUntil,
      queue: 'widget-followups',
      body: { kind: 'field_service_job', session: refMessage(stored.session), attempt },
    });
    return 'claimed_elsewhere';
  }
  let jobId: number;
  let outcome: JobOutcome = 'created';
  try {
    const found = await system.findJob(stored.session.session_id);
    if (found !== null) outcome = 'already_created';
    jobId = found ?? (await system.createJob(jobRequest(stored, scheduler, timeZone)));
  } catch (error) {
    await deps.sessions.releaseJob(ref);
    const known = error instanceof FieldServiceError ? error : null;
    await finish({
      status: 'failed',
      error: {
        code: known?.code ?? 'upstream_error',
        message: (known?.message ?? 'The field-service system could not be reached').slice(0, 500),
      },
    });
    if (known?.kind === 'rejected') return 'rejected';
    if (attempt >= MAX_JOB_ATTEMPTS) throw error;
    const next = attempt + 1;
    await deps.scheduler.scheduleMessage({
      name: `wjob-${stored.session.session_id}-${next}`,
      at: new Date(now.getTime() + backoffSeconds(next, known?.retryAfterSeconds) * 1000),
      queue: 'widget-followups',
      body: { kind: 'field_service_job', session: refMessage(stored.session), attempt: next },
    });
    return 'retry_scheduled';
  }
  await setJobId(deps.sessions, ref, jobId);
  await finish({ status: 'succeeded', st_job_id: jobId });
  return outcome;
}

function jobRequest(
  stored: StoredWidgetSession,
  scheduler: (BookingSettings & { job_types: readonly string[] }) | null,
  timeZone: string,
): FieldServiceJobRequest {
  const s = stored.session;
  const date = s.selected_date ?? '';
  const time = s.selected_time ?? '';
  const start = scheduler ? slotStartsOf(scheduler, date).find((slot) => slot.time === time)?.start : undefined;
  const startsAt = start?.toUTC().toISO() ?? s.completed_at ?? s.started_at;
  const minutes = scheduler?.slot_minutes ?? 60;
  return {
    externalId: s.session_id,
    // Cleaned again here: a session booked before names were cleaned at booking still has its raw text.
    customer: {
      name: nameText(s.customer_info.name ?? ''),
      phone: s.customer_info.phone ?? '',
      email: s.customer_info.email,
      address: linesText(s.customer_info.address ?? ''),
    },
    issueType: s.issue_type,
    jobType: s.job_type,
    visit: { startsAt, endsAt: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString(), date, time, timeZone },
    summary: `${s.issue_type ?? 'Visit'} booked online (scheduling widget, session ${s.session_id})`,
  };
}

/** Keeps the job's id on the session, whatever else changed meanwhile (a concurrent write is read again). */
async function setJobId(sessions: WidgetSessionStore, ref: WidgetSessionRef, jobId: number): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await sessions.getSession(ref);
    if (!current || current.session.st_job_id === jobId) return;
    if (await sessions.updateSession(current, { ...current.session, st_job_id: jobId })) return;
  }
  throw new Error(`st_job_id ${jobId} could not be written to session ${ref.sessionId}`);
}

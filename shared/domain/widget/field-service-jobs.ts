import { linesText, nameText } from '#shared/domain/plain-text';
import type { BookingRequest } from '#shared/domain/schedulers';
import type { BookingRequestStore } from '#shared/ports/booking-request-store';
import type { FieldServiceDirectory, FieldServiceJobRequest } from '#shared/ports/field-service';
import type { MessageQueue } from '#shared/ports/message-queue';
import type { StoredWidgetSession, WidgetSessionRef, WidgetSessionStore } from '#shared/ports/widget-session-store';
import { type BookingSettings, slotStartsOf } from './availability';
import { firstBookingRequest, NO_FIELD_SERVICE } from './booking-effects';
import { type AttemptFailure, askFieldService, type FieldServiceAttemptDependencies, finishRequest } from './field-service-attempts';
import { refMessage } from './followup-messages';

/**
 * Field-service jobs for widget bookings, made by the widget-followups worker: one message per
 * attempt, each attempt a row of the booking-requests list, retried with backoff and dead-lettered
 * as field-service-attempts.ts says. Exactly one job per booking: the session id goes with the job
 * as its external id and is looked for before a job is made, and the job's id is then kept on the
 * session (st_job_id), which ends every later delivery. A refusal or the last attempt's failure
 * marks the session (jobFailedAt): the visit's changes then have no job to wait for.
 */
/** Records the first attempt (pending) and queues the job request: the booking route's part. */
export async function requestFieldServiceJob(
  deps: { readonly bookingRequests: Pick<BookingRequestStore, 'recordBookingRequest'>; readonly followups: MessageQueue },
  request: BookingRequest,
  stored: StoredWidgetSession,
): Promise<void> {
  await deps.bookingRequests.recordBookingRequest(request, null);
  await deps.followups.send([{ body: { kind: 'field_service_job', session: refMessage(stored.session) } }]);
}

export interface FieldServiceJobDependencies extends FieldServiceAttemptDependencies {
  readonly sessions: WidgetSessionStore;
  readonly fieldService: FieldServiceDirectory;
  readonly schedulers: {
    getScheduler(teamId: number, schedulerId: number): Promise<(BookingSettings & { job_types: readonly string[] }) | null>;
  };
}

export type JobOutcome = 'created' | 'already_created' | 'no_system' | 'not_booked' | AttemptFailure;

/**
 * One delivery of a job request (`attempt`, first asked at `requestedAt` when a retry was
 * scheduled). A retryable failure is recorded on the attempt and its retry scheduled
 * (field-service-attempts.ts).
 */
export async function makeFieldServiceJob(
  deps: FieldServiceJobDependencies,
  ref: WidgetSessionRef,
  attempt: number,
  now: Date,
  requestedAt?: string,
): Promise<JobOutcome> {
  const stored = await deps.sessions.getSession(ref);
  if (stored === null || stored.session.status !== 'booked') return 'not_booked';
  const scheduler = await deps.schedulers.getScheduler(ref.teamId, ref.schedulerId);
  const timeZone = scheduler?.time_zone ?? 'UTC';
  const first = firstBookingRequest(stored, timeZone);
  const request: BookingRequest = {
    ...first,
    request_id: `bkr_${stored.session.session_id}_${attempt}`,
    attempt,
    requested_at: attempt === 1 ? first.requested_at : (requestedAt ?? now.toISOString()),
  };
  const made = stored.session.st_job_id;
  if (made !== null) {
    // A delivery that stopped between keeping the job's id and recording its answer left this
    // attempt pending: it is recorded now (a no-op for an attempt already answered or never asked).
    await finishRequest(deps, request, now, { status: 'succeeded', st_job_id: made });
    return 'already_created';
  }
  // The booking recorded attempt 1 when it queued the job; a later attempt (or a lost first record) is recorded here.
  await deps.bookingRequests.recordBookingRequest(request, null);
  const system = await deps.fieldService.forTeam(ref.teamId);
  if (!system) {
    await finishRequest(deps, request, now, { status: 'failed', error: { ...NO_FIELD_SERVICE } });
    return 'no_system';
  }
  const asked = await askFieldService(
    deps,
    {
      ref,
      request,
      name: `wjob-${stored.session.session_id}`,
      message: (n, at) => ({ kind: 'field_service_job', session: refMessage(stored.session), attempt: n, requested_at: at }),
      onGiveUp: () => deps.sessions.markJobFailed(ref, now.toISOString()),
    },
    now,
    async () => {
      const found = await system.findJob(stored.session.session_id);
      return found !== null
        ? { jobId: found, outcome: 'already_created' as const }
        : { jobId: await system.createJob(jobRequest(stored, scheduler, timeZone)), outcome: 'created' as const };
    },
  );
  if ('failure' in asked) return asked.failure;
  // The session's rewrite ends the claim.
  await setJobId(deps.sessions, ref, asked.answer.jobId);
  await finishRequest(deps, request, now, { status: 'succeeded', st_job_id: asked.answer.jobId });
  return asked.answer.outcome;
}

function jobRequest(
  stored: StoredWidgetSession,
  scheduler: (BookingSettings & { job_types: readonly string[] }) | null,
  timeZone: string,
): FieldServiceJobRequest {
  const s = stored.session;
  const date = s.selected_date ?? '';
  const time = s.selected_time ?? '';
  const start = scheduler ? slotStartsOf(scheduler, date).find((slot) => slot.time === time)?.startMs : undefined;
  const startsAt = start !== undefined ? new Date(start).toISOString() : (s.completed_at ?? s.started_at);
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

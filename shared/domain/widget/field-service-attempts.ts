import type { BookingRequest } from '#shared/domain/schedulers';
import type { BookingRequestStore } from '#shared/ports/booking-request-store';
import { FieldServiceError } from '#shared/ports/field-service';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { WidgetSessionRef, WidgetSessionStore } from '#shared/ports/widget-session-store';

/**
 * One attempt at the team's field-service system, whatever it asks (the booking's job made, the
 * job moved or cancelled after the visit changed): one queue message per attempt, each attempt a
 * row of the booking-requests list. The attempt holds the session's job claim while it asks, so
 * two deliveries never ask about the same job at once; one that finds the claim held comes back
 * when it lapses. A retryable failure schedules the next attempt with exponential backoff (at
 * least the Retry-After the system asked for), up to MAX_JOB_ATTEMPTS; the last one's failure is
 * thrown, so the queue retries it and then moves it to the dead-letter queue, whose alarm tells
 * the operator. A refusal ends the attempts.
 */
export const MAX_JOB_ATTEMPTS = 6;

/** How long a delivery holds the job: longer than the worker's 120 s timeout, so a running delivery never loses it. */
const JOB_CLAIM_SECONDS = 150;

/** Seconds before attempt `next`: 30 s, 2 min, 8 min, 32 min, 2 h 8 min; never less than the system asked for. */
export function backoffSeconds(next: number, retryAfterSeconds?: number): number {
  return Math.max(30 * 4 ** Math.max(0, next - 2), retryAfterSeconds ?? 0);
}

export interface FieldServiceAttemptDependencies {
  readonly sessions: Pick<WidgetSessionStore, 'claimJob' | 'releaseJob'>;
  readonly scheduler: OneTimeScheduler;
  readonly bookingRequests: Pick<BookingRequestStore, 'recordBookingRequest'>;
}

export interface FieldServiceAttempt {
  /** The session whose job is asked about (its claim). */
  readonly ref: WidgetSessionRef;
  /** This attempt's request, recorded pending. */
  readonly request: BookingRequest;
  /** The stem of the schedules' names, one per job request or change: `<stem>-<attempt>`. */
  readonly name: string;
  /** The queue message of attempt `attempt`, asked at `requestedAt`. */
  readonly message: (attempt: number, requestedAt: string) => Record<string, unknown>;
  /** What ends with a refusal or the last attempt's failure (the job will not be made). */
  readonly onGiveUp?: () => Promise<void>;
}

export type AttemptFailure = 'rejected' | 'retry_scheduled' | 'claimed_elsewhere';

/** Records the attempt's answer, refused (false) when the attempt is no longer pending (a replayed answer). */
export function finishRequest(
  deps: Pick<FieldServiceAttemptDependencies, 'bookingRequests'>,
  request: BookingRequest,
  now: Date,
  answer: Partial<BookingRequest>,
): Promise<boolean> {
  return deps.bookingRequests.recordBookingRequest({ ...request, completed_at: now.toISOString(), ...answer }, 'pending');
}

/**
 * Asks the system (`ask`) under the session's job claim. The answer is returned with the claim
 * still held: the caller records it, then ends the claim. A failure ends the claim and is
 * recorded on the attempt here.
 */
export async function askFieldService<T>(
  deps: FieldServiceAttemptDependencies,
  attempt: FieldServiceAttempt,
  now: Date,
  ask: () => Promise<T>,
): Promise<{ readonly answer: T } | { readonly failure: AttemptFailure }> {
  const { ref, request } = attempt;
  // Another delivery holds the job (it is asking the system now, or it stopped in a crash): this
  // one comes back when that claim has lapsed, and then finds what was done or does it.
  const claimUntil = new Date(now.getTime() + JOB_CLAIM_SECONDS * 1000);
  if (!(await deps.sessions.claimJob(ref, claimUntil.toISOString(), now.toISOString()))) {
    await deps.scheduler.scheduleMessage({
      name: `${attempt.name}-${request.attempt}-a${claimUntil.getTime().toString(36)}`,
      at: claimUntil,
      queue: 'widget-followups',
      body: attempt.message(request.attempt, request.requested_at),
    });
    return { failure: 'claimed_elsewhere' };
  }
  try {
    return { answer: await ask() };
  } catch (error) {
    await deps.sessions.releaseJob(ref);
    const known = error instanceof FieldServiceError ? error : null;
    await finishRequest(deps, request, now, {
      status: 'failed',
      error: {
        code: known?.code ?? 'upstream_error',
        message: (known?.message ?? 'The field-service system could not be reached').slice(0, 500),
      },
    });
    if (known?.kind === 'rejected' || request.attempt >= MAX_JOB_ATTEMPTS) await attempt.onGiveUp?.();
    if (known?.kind === 'rejected') return { failure: 'rejected' };
    if (request.attempt >= MAX_JOB_ATTEMPTS) throw error;
    const next = request.attempt + 1;
    const at = new Date(now.getTime() + backoffSeconds(next, known?.retryAfterSeconds) * 1000);
    await deps.scheduler.scheduleMessage({
      name: `${attempt.name}-${next}`,
      at,
      queue: 'widget-followups',
      body: attempt.message(next, at.toISOString()),
    });
    return { failure: 'retry_scheduled' };
  }
}

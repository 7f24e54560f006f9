import type { AppointmentChange, StoredAppointment } from '#shared/domain/appointments/appointment';
import { localStart } from '#shared/domain/appointments/local-start';
import type { BookingRequest } from '#shared/domain/schedulers';
import type { AppointmentStore } from '#shared/ports/appointment-store';
import type { FieldServiceDirectory, FieldServiceJobState, FieldServiceSystem } from '#shared/ports/field-service';
import type { StoredWidgetSession, WidgetSessionRef, WidgetSessionStore } from '#shared/ports/widget-session-store';
import { NO_FIELD_SERVICE } from './booking-effects';
import {
  type AttemptFailure,
  askFieldService,
  backoffSeconds,
  type FieldServiceAttemptDependencies,
  finishRequest,
} from './field-service-attempts';
import type { FieldServiceChange } from './followup-messages';

/**
 * The field-service job follows its visit: each move of a widget booking's visit reschedules the
 * job's appointment, a cancel cancels the job. The outbox publisher queues one message per change
 * (from the change's own event, whichever route made it: shared/domain/outbox); the
 * widget-followups worker sends it as the job's creation is sent (field-service-attempts.ts: the
 * session's job claim, backoff, the dead-letter queue, a booking-requests row per attempt).
 *
 * Exactly once per change: its requests are keyed on the change's event id, and before asking,
 * under the claim, the worker reads the job's state (`jobState`): a move already made (the
 * appointment starts at the change's start) or a job already cancelled is recorded as done, not
 * asked again, so a crash between the system's answer and its record repeats nothing. A change
 * that a later move or cancel of the visit has overtaken is not sent (the later one carries the
 * job where the visit is). A change that comes before the job exists waits for it (backoff, up to
 * MAX_JOB_WAITS); a visit whose job will not be made, or whose team has no system, gets a failed
 * request saying why and nothing is asked.
 */
export interface FieldServiceChangeMessage {
  readonly change: FieldServiceChange;
  readonly attempt: number;
  readonly requested_at?: string;
  readonly waits: number;
}

export interface FieldServiceChangeDependencies extends FieldServiceAttemptDependencies {
  readonly appointments: Pick<AppointmentStore, 'getAppointment'>;
  readonly sessions: Pick<WidgetSessionStore, 'getSession' | 'claimJob' | 'releaseJob'>;
  readonly fieldService: FieldServiceDirectory;
}

export type ChangeOutcome =
  | 'changed'
  | 'already_changed'
  | 'superseded'
  | 'no_system'
  | 'no_job'
  | 'waiting_for_job'
  | 'not_followed'
  | AttemptFailure;

/** Times a change waits for its booking's job: 30 s, 2 min, 8 min, 32 min, 2 h 8 min, 8 h 32 min (beyond the job's own attempts). */
export const MAX_JOB_WAITS = 6;

export const SUPERSEDED = {
  code: 'superseded',
  message: 'A later change of the visit was sent instead: the job follows the visit as it is now',
} as const;
export const NO_JOB = {
  code: 'no_job',
  message: 'The booking has no field-service job (it was never made): there is no job to change',
} as const;

const HISTORY_CHANGE = { reschedule: 'rescheduled', cancel: 'cancelled' } as const;

/** Whether a later move or cancel of the visit overtook the change (its history line is not the last of them). */
export function isSuperseded(history: readonly AppointmentChange[], change: FieldServiceChange): boolean {
  const follows = (line: AppointmentChange) => line.change === 'rescheduled' || line.change === 'cancelled';
  const own = history.findIndex((line) => line.change === HISTORY_CHANGE[change.action] && line.at === change.occurred_at);
  const later = own === -1 ? history.filter((line) => line.at > change.occurred_at) : history.slice(own + 1);
  return later.some(follows);
}

/** Whether the system already holds the change: the job cancelled, or its appointment at the change's start. */
export function isDone(state: FieldServiceJobState, change: FieldServiceChange): boolean {
  if (change.action === 'cancel') return state.cancelled;
  return !state.cancelled && state.startsAt !== null && Date.parse(state.startsAt) === Date.parse(change.starts_at);
}

/** The change's key in ids and schedule names: the first 8 hex digits of its event id. */
function changeKey(change: FieldServiceChange): string {
  return change.change_id.replaceAll('-', '').slice(0, 8);
}

function changeRequest(m: FieldServiceChangeMessage, visit: StoredAppointment, session: StoredWidgetSession): BookingRequest {
  const a = visit.appointment;
  const slot = localStart({ starts_at: m.change.starts_at, time_zone: a.time_zone });
  return {
    request_id: `bkr_${session.session.session_id}_${m.change.action}_${changeKey(m.change)}_${m.attempt}`,
    team_id: a.team_id,
    session_id: session.session.session_id,
    scheduler_id: session.session.scheduler_id,
    action: m.change.action,
    attempt: m.attempt,
    requested_slot: { ...slot, time_zone: a.time_zone },
    status: 'pending',
    st_job_id: session.session.st_job_id,
    error: null,
    requested_at: m.attempt === 1 ? m.change.occurred_at : (m.requested_at ?? m.change.occurred_at),
    completed_at: null,
  };
}

/** The visit and the widget session that follows it; null for a visit no session follows (a call's: it has no job). */
async function visitOf(
  deps: FieldServiceChangeDependencies,
  change: FieldServiceChange,
): Promise<{ visit: StoredAppointment; session: StoredWidgetSession; ref: WidgetSessionRef } | null> {
  const visit = await deps.appointments.getAppointment(change.appointment_id);
  const a = visit?.appointment;
  if (!visit || !a || a.session_id === null || a.scheduler_id === null || visit.sessionStartedAt === null) return null;
  const ref = { teamId: a.team_id, schedulerId: a.scheduler_id, startedAt: visit.sessionStartedAt, sessionId: a.session_id };
  const session = await deps.sessions.getSession(ref);
  return session ? { visit, session, ref } : null;
}

/** The cancel's memo: who cancelled, and the reason given. */
function cancelMemo(visit: StoredAppointment, change: FieldServiceChange): string {
  const line = visit.appointment.history.find((l) => l.change === 'cancelled' && l.at === change.occurred_at);
  const who = line?.by === 'customer' ? 'the customer' : `the ${line?.by ?? 'system'}`;
  return `Visit cancelled by ${who} (${visit.appointment.appointment_id})${line?.note ? `: ${line.note}` : ''}`;
}

/** One delivery of a change's follow-up (`attempt`). */
export async function followFieldServiceChange(
  deps: FieldServiceChangeDependencies,
  m: FieldServiceChangeMessage,
  now: Date,
): Promise<ChangeOutcome> {
  const found = await visitOf(deps, m.change);
  if (!found) return 'not_followed';
  const { visit, session, ref } = found;
  const request = changeRequest(m, visit, session);
  const settle = (error: { code: string; message: string }) =>
    deps.bookingRequests.recordBookingRequest({ ...request, status: 'failed', error: { ...error }, completed_at: now.toISOString() }, null);
  if (isSuperseded(visit.appointment.history, m.change)) {
    await settle(SUPERSEDED);
    return 'superseded';
  }
  const system = await deps.fieldService.forTeam(ref.teamId);
  if (!system) {
    await settle(NO_FIELD_SERVICE);
    return 'no_system';
  }
  const jobId = session.session.st_job_id;
  if (jobId === null) return waitForJob(deps, m, session, now, settle);
  await deps.bookingRequests.recordBookingRequest(request, null);
  const asked = await askFieldService(
    deps,
    {
      ref,
      request,
      name: `wfs-${ref.sessionId}-${changeKey(m.change)}`,
      message: (n, at) => ({ kind: 'field_service_change', change: m.change, attempt: n, requested_at: at, waits: m.waits }),
    },
    now,
    () => sendChange(system, jobId, visit, m.change),
  );
  if ('failure' in asked) return asked.failure;
  await finishRequest(deps, request, now, { status: 'succeeded' });
  await deps.sessions.releaseJob(ref);
  return asked.answer;
}

async function sendChange(
  system: FieldServiceSystem,
  jobId: number,
  visit: StoredAppointment,
  change: FieldServiceChange,
): Promise<'changed' | 'already_changed'> {
  if (isDone(await system.jobState(jobId), change)) return 'already_changed';
  if (change.action === 'cancel') await system.cancelJob(jobId, cancelMemo(visit, change));
  else {
    const endsAt = new Date(Date.parse(change.starts_at) + visit.appointment.duration_minutes * 60_000).toISOString();
    await system.rescheduleJob(jobId, { startsAt: change.starts_at, endsAt });
  }
  return 'changed';
}

/** The booking's job is not there yet: come back later, unless it will never be made (then say so). */
async function waitForJob(
  deps: FieldServiceChangeDependencies,
  m: FieldServiceChangeMessage,
  session: StoredWidgetSession,
  now: Date,
  settle: (error: { code: string; message: string }) => Promise<boolean>,
): Promise<ChangeOutcome> {
  if (session.jobFailedAt || m.waits >= MAX_JOB_WAITS) {
    await settle(NO_JOB);
    return 'no_job';
  }
  const waits = m.waits + 1;
  await deps.scheduler.scheduleMessage({
    name: `wfs-${session.session.session_id}-${changeKey(m.change)}-w${waits}`,
    at: new Date(now.getTime() + backoffSeconds(waits + 1) * 1000),
    queue: 'widget-followups',
    body: { kind: 'field_service_change', change: m.change, attempt: m.attempt, waits },
  });
  return 'waiting_for_job';
}

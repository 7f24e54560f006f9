import { randomUUID } from 'node:crypto';
import type { RecoveryMode } from '#shared/domain/appointment-texts/scheduler-settings';
import type { OutreachState } from '#shared/domain/intake/outreach';
import type { SchedulingMode } from '#shared/domain/intake/scheduling-config';
import { fullAttribution, type LeadRecord } from '#shared/domain/leads';
import { phoneNumbers } from '#shared/domain/phone-numbers';
import type { Session, SessionRecord } from '#shared/domain/sessions';
import { eventIdFor, type LeadRef, leadCreated } from '#shared/events/lead-events';
import type { DomainEvent } from '#shared/ports/event-bus';
import type {
  SessionRecovery,
  StoredWidgetSession,
  WidgetRecoveryStore,
  WidgetSessionExtras,
  WidgetSessionStore,
} from '#shared/ports/widget-session-store';
import type { ResumeLinks } from './resume-token';
import { sessionAttribution } from './session-attribution';

/**
 * Booking recovery, its drop-off half: a session that drops off qualified (a valid phone, not
 * booked) under a scheduler whose `recovery` is not `off` gets, in the very write that drops it off,
 * its recovery lead (type scheduling_widget, lead_content.recovery: true, with lead.created) and a
 * `widget_session.recovery_due` event in the outbox. The outbox publisher turns that event into a
 * `recovery` message on widget-followups (shared/domain/outbox), whose worker texts or calls
 * (recovery-followup.ts). One write, so a crash leaves either nothing (the check runs again) or
 * all of it (the outbox publishes it); the plan is kept on the session, so it is made once.
 */
export const RECOVERY_DUE = 'widget_session.recovery_due';

/** What the drop-off needs to plan a recovery. */
export interface RecoveryPlanDependencies {
  readonly sessions: WidgetRecoveryStore;
  readonly schedulers: { getScheduler(teamId: number, schedulerId: number): Promise<{ readonly recovery: RecoveryMode } | null> };
  readonly leadIds: { nextLeadId(): Promise<number>; nextStlCallId(): Promise<number> };
  readonly resumeLinks: Pick<ResumeLinks, 'seal'>;
  /** When the team's scheduling mode lets a call of the team go, and its outreach settings. */
  readonly outreachPlan: (teamId: number, now: Date) => Promise<OutreachPlanOfTeam>;
}

export interface OutreachPlanOfTeam {
  readonly dueAt: Date;
  readonly schedulingMode: SchedulingMode;
  readonly maxAttempts: number;
  readonly retrySpacingMinutes: number;
}

/** The phone of a session the service may reach again, in E.164: no booking, and a phone that reads as a number; else null. */
export async function qualifiedPhone(session: Session): Promise<string | null> {
  if (session.status === 'booked' || session.customer_info.phone === null) return null;
  return (await phoneNumbers()).readE164(session.customer_info.phone, 'US');
}

/** The step a session was left at: its last widget step, or its start. */
export function stepLeft(session: Session): string {
  const steps = ['issue_selected', 'booking_started', 'customer_info_completed'];
  return session.events.findLast((e) => steps.includes(e.event_type))?.event_type ?? 'session_started';
}

const callsIn = (mode: SessionRecovery['mode']) => mode === 'call' || mode === 'both';

/**
 * Writes the dropped-off session with its recovery when one is due (qualified, recovery not off,
 * none planned before): answers `planned`, `changed` when the session changed since it was read
 * (nothing written: the check reads it again), or `not_due` (the caller writes the drop-off alone).
 */
export async function dropOffWithRecovery(
  deps: RecoveryPlanDependencies,
  stored: StoredWidgetSession,
  droppedOff: SessionRecord,
  now: Date,
): Promise<'planned' | 'changed' | 'not_due'> {
  const phone = await qualifiedPhone(stored.session);
  if (phone === null || stored.extras.recovery) return 'not_due';
  const { session } = stored;
  const scheduler = await deps.schedulers.getScheduler(session.team_id, session.scheduler_id);
  const mode = scheduler?.recovery ?? 'text';
  if (mode === 'off') return 'not_due';
  const ref = { teamId: session.team_id, schedulerId: session.scheduler_id, startedAt: session.started_at, sessionId: session.session_id };
  const [leadId, stlCallId, resume] = await Promise.all([
    deps.leadIds.nextLeadId(),
    deps.leadIds.nextStlCallId(),
    deps.resumeLinks.seal(ref, now),
  ]);
  const recovery: SessionRecovery = { at: droppedOff.events.at(-1)?.created_at ?? now.toISOString(), mode, resume };
  const extras: WidgetSessionExtras = { ...stored.extras, lead_uuid: randomUUID(), lead_id: leadId, stl_call_id: stlCallId, recovery };
  const outreach = callsIn(mode) ? firstRecoveryCall(stlCallId, await deps.outreachPlan(session.team_id, now), now) : null;
  const lead = recoveryLead({ ...stored, extras }, recovery, outreach, phone);
  const events = [recoveryLeadCreated(lead, stlCallId, outreach, now), recoveryDue(session, now)];
  return (await deps.sessions.dropOffWithRecovery(stored, droppedOff, extras, lead, events)) ? 'planned' : 'changed';
}

function firstRecoveryCall(stlCallId: number, plan: OutreachPlanOfTeam, now: Date): OutreachState {
  return {
    stl_call_id: stlCallId,
    status: plan.dueAt.getTime() <= now.getTime() ? 'queued' : 'scheduled',
    scheduling_mode: plan.schedulingMode,
    due_at: plan.dueAt.toISOString(),
    attempt: 1,
    max_attempts: plan.maxAttempts,
    retry_spacing_minutes: plan.retrySpacingMinutes,
    provider_call_id: null,
    last_attempt_at: null,
    claim_token: null,
    dispatched: false,
    outcome: null,
    completed_at: null,
    reason: null,
  };
}

/** The recovery lead: the session's attribution, service and details; its call's outreach when the mode calls. */
export function recoveryLead(
  stored: StoredWidgetSession,
  recovery: SessionRecovery,
  outreach: OutreachState | null,
  customerPhone: string,
): LeadRecord {
  const { session, extras } = stored;
  if (!extras.lead_uuid || extras.lead_id === null) throw new Error(`session ${session.session_id} has no recovery lead ids`);
  return {
    id: extras.lead_uuid,
    lead_id: extras.lead_id,
    team_id: session.team_id,
    type: 'scheduling_widget',
    datetime: recovery.at,
    status: 'new',
    customer_name: session.customer_info.name,
    customer_phone: customerPhone,
    customer_email: session.customer_info.email,
    lead_content: {
      session_id: session.session_id,
      scheduler_id: session.scheduler_id,
      // With the ids above it addresses the session's row: the outreach worker reads it before calling.
      session_started_at: session.started_at,
      issue_type: session.issue_type,
      job_type: session.job_type,
      service_type: session.issue_type,
      address: session.customer_info.address,
      selected_date: session.selected_date,
      selected_time: session.selected_time,
      step_left: stepLeft(session),
      recovery: true,
      recovery_mode: recovery.mode,
    },
    agent: outreach ? 'ai_outreach' : null,
    referrer_url: extras.referrer_url,
    attribution: sessionAttribution(session),
    external_id: session.session_id,
    source: 'scheduling_widget',
    outreach,
    appointment: null,
  };
}

/**
 * Whether a lead is a booking recovery's whose session is booked by now (the outreach worker asks
 * just before it calls): false for any other lead, and for a session it cannot find.
 */
export async function recoverySessionBooked(sessions: Pick<WidgetSessionStore, 'getSession'>, lead: LeadRecord): Promise<boolean> {
  const content = lead.lead_content;
  const { session_id: sessionId, scheduler_id: schedulerId, session_started_at: startedAt } = content;
  if (content.recovery !== true || typeof sessionId !== 'string' || typeof schedulerId !== 'number' || typeof startedAt !== 'string') {
    return false;
  }
  const stored = await sessions.getSession({ teamId: lead.team_id, schedulerId, startedAt, sessionId });
  return stored?.session.status === 'booked';
}

export function recoveryLeadRef(lead: LeadRecord, stlCallId: number): LeadRef {
  return {
    lead_id: lead.lead_id as number,
    stl_call_id: stlCallId,
    team_id: lead.team_id,
    external_id: lead.external_id,
    attribution: fullAttribution(lead.attribution),
  };
}

function recoveryLeadCreated(lead: LeadRecord, stlCallId: number, outreach: OutreachState | null, now: Date): DomainEvent {
  return leadCreated(
    recoveryLeadRef(lead, stlCallId),
    {
      customer_name: lead.customer_name,
      phone_number: lead.customer_phone,
      phone_number_raw: null,
      email: lead.customer_email,
      service_type: typeof lead.lead_content.service_type === 'string' ? lead.lead_content.service_type : null,
      lead_source: 'scheduling_widget',
      appointment_datetime: null,
    },
    outreach
      ? {
          status: outreach.status === 'scheduled' ? 'scheduled' : 'queued',
          due_at: outreach.due_at,
          scheduling_mode: outreach.scheduling_mode,
          max_attempts: outreach.max_attempts,
        }
      : { status: 'not_needed', due_at: lead.datetime, scheduling_mode: 'always', max_attempts: 1 },
    now,
  );
}

/** The outbox's note that the session's recovery is due: internal (no webhook subscribes to it), keyed on the session. */
function recoveryDue(session: Session, now: Date): DomainEvent {
  return {
    type: RECOVERY_DUE,
    detail: {
      event: RECOVERY_DUE,
      event_id: eventIdFor(RECOVERY_DUE, session.session_id),
      occurred_at: now.toISOString(),
      team_id: session.team_id,
      scheduler_id: session.scheduler_id,
      session_id: session.session_id,
      started_at: session.started_at,
    },
  };
}

import { randomUUID } from 'node:crypto';
import { fullAttribution, type IntakeLeadRecord, isIntakeLead } from '#shared/domain/leads';
import { ConflictError, ServiceUnavailableError } from '#shared/errors';
import { leadCompleted, leadCreated } from '#shared/events/lead-events';
import { log } from '#shared/logging/logger';
import { countMetric } from '#shared/logging/metrics';
import type { DomainEvent } from '#shared/ports/event-bus';
import { DuplicateLeadError, type IntakeStore } from '#shared/ports/intake-store';
import { dispatchOutreach, type OutreachDispatchDependencies } from './dispatch-outreach';
import { type IntakeDecision, leadWithIds, type OutreachPlan, type PreparedIntake } from './prepare-intake';

/** What committing an intake writes to: the leads (with their events, through the outbox), the outreach queue and scheduler. */
export interface CommitDependencies extends OutreachDispatchDependencies {
  readonly intake: IntakeStore;
}

export interface CreatedIntake {
  readonly kind: 'created';
  readonly leadId: number;
  readonly stlCallId: number;
  /** What the intake decided; for a recovered request, the team and first call of the lead found. */
  readonly decision: IntakeDecision;
  /** The request finished an earlier request for the same lead that had not finished (same ids). */
  readonly recovered?: boolean;
}

/**
 * How long an intake request may run (the function's 10 s timeout, API Gateway's 29 s): a lead
 * stored longer ago whose dispatch was never recorded belongs to a request that stopped (a crash).
 */
const INTAKE_REQUEST_LIMIT_MS = 30_000;

/**
 * The writing half of an intake: draws the lead's ids, stores it with its outreach record,
 * uniqueness guards and lead.created (due in the outbox in the same transaction, so a stored lead
 * always has its event), queues its first call now or schedules it for its due instant and records
 * the dispatch. A duplicate is a 409 naming what matched, unless it is
 * the lead of an earlier request that did not finish: that one is finished and answered instead.
 */
export async function commitIntake(deps: CommitDependencies, prepared: PreparedIntake, now: Date): Promise<CreatedIntake> {
  const { decision } = prepared;
  const [leadId, stlCallId] = await Promise.all([deps.intake.nextLeadId(), deps.intake.nextStlCallId()]);
  const lead = leadWithIds(prepared.lead, { id: randomUUID(), leadId, stlCallId });

  // A lead kept without a callable phone is over at once: lead.completed (failed, no attempt) with it.
  const events = [leadCreatedEvent(lead, decision.outreach, now), ...(lead.customer_phone === null ? [notPlacedEvent(lead, now)] : [])];
  try {
    await deps.intake.createLead({
      lead,
      phone: prepared.dedupe.phone,
      phoneWindowHours: prepared.dedupe.phoneWindowHours,
      now,
      events,
    });
  } catch (error) {
    if (error instanceof DuplicateLeadError) return answerDuplicate(deps, prepared, lead, error, now);
    throw error;
  }

  countMetric('LeadsIngested');
  if (lead.customer_phone === null) return { kind: 'created', leadId, stlCallId, decision };
  await dispatchFirstCall(deps, lead, decision.outreach.dueAt, now);
  // Not recording it only means a repeat after the request limit queues the call (harmlessly) again.
  await deps.intake
    .markOutreachDispatched(stlCallId)
    .catch((error: unknown) => log('error', 'outreach dispatch not recorded', { leadId, error: messageOf(error) }));

  return { kind: 'created', leadId, stlCallId, decision };
}

/**
 * Queues (or schedules) the first call of a stored lead. When that fails the lead is marked, and
 * the caller asked to repeat the request: the repeat finds the lead (a duplicate), queues the call
 * and answers 201 with the same ids, so nothing is lost and nothing is created twice.
 */
async function dispatchFirstCall(deps: CommitDependencies, lead: IntakeLeadRecord, dueAt: Date, now: Date): Promise<void> {
  const { lead_id: leadId, outreach } = lead;
  const stlCallId = outreach.stl_call_id;
  try {
    await dispatchOutreach(deps, { stl_call_id: stlCallId, attempt: 1 }, dueAt, now);
    countMetric('OutreachDispatched');
  } catch (error) {
    countMetric('OutreachDispatchFailed');
    log('error', 'outreach dispatch failed', { leadId, stlCallId, error: messageOf(error) });
    await deps.intake.transitionOutreach(
      stlCallId,
      { statuses: [outreach.status], attempt: 1 },
      { status: 'dispatch_failed', reason: 'queue unavailable' },
    );
    throw new ServiceUnavailableError('The lead is stored but its outreach call could not be queued; repeat the same request to queue it', {
      lead_id: leadId,
      stl_call_id: stlCallId,
    });
  }
}

/** A duplicate of a lead whose request did not finish is finished (and answered as created); any other is a 409. */
async function answerDuplicate(
  deps: CommitDependencies,
  prepared: PreparedIntake,
  lead: IntakeLeadRecord,
  error: DuplicateLeadError,
  now: Date,
): Promise<CreatedIntake> {
  const stlCallId = error.existingStlCallId;
  const recovered = stlCallId !== null ? await finishUnfinishedIntake(deps, stlCallId, now) : null;
  if (stlCallId !== null && recovered) {
    return {
      kind: 'created',
      leadId: recovered.leadId,
      stlCallId,
      recovered: true,
      decision: { ...prepared.decision, teamId: recovered.teamId, outreach: recovered.outreach },
    };
  }
  const which =
    error.reason === 'external_id'
      ? `external_id "${lead.external_id}"`
      : `phone number within the ${prepared.dedupe.phoneWindowHours} h dedupe window`;
  throw new ConflictError(
    `Duplicate lead: the team already has a lead with this ${which}${error.existingLeadId !== null ? ` (lead_id ${error.existingLeadId})` : ''}`,
    error.reason,
    { lead_id: error.existingLeadId },
  );
}

/**
 * A repeated request for a lead whose first request did not finish: its dispatch failed (the
 * 503 answer), or the request stopped between storing the lead and recording its dispatch (a
 * crash; the client never got its answer). Queues (or schedules) the first call unless it is
 * already under way (the worker's claim makes a second message harmless), records the dispatch,
 * and answers as the first request would have (lead.created went into the outbox with the lead). Null for a lead whose request finished: a plain duplicate.
 */
async function finishUnfinishedIntake(
  deps: CommitDependencies,
  stlCallId: number,
  now: Date,
): Promise<{ leadId: number; teamId: number; outreach: OutreachPlan } | null> {
  const lead = await deps.intake.getLeadByStlCallId(stlCallId);
  if (!isIntakeLead(lead)) return null;
  const { outreach } = lead;
  const stopped = outreach.dispatched === false && now.getTime() - Date.parse(lead.datetime) > INTAKE_REQUEST_LIMIT_MS;
  if (outreach.status !== 'dispatch_failed' && !stopped) return null;

  let summary = {
    status: outreach.status === 'scheduled' ? ('scheduled' as const) : ('queued' as const),
    dueAt: new Date(outreach.due_at),
  };
  if (outreach.attempt === 1 && ['queued', 'scheduled', 'dispatch_failed'].includes(outreach.status)) {
    const dueAt = new Date(Math.max(now.getTime(), Date.parse(outreach.due_at)));
    await dispatchOutreach(deps, { stl_call_id: stlCallId, attempt: 1 }, dueAt, now);
    summary = { status: dueAt.getTime() <= now.getTime() ? 'queued' : 'scheduled', dueAt };
    if (outreach.status === 'dispatch_failed') {
      const moved = await deps.intake.transitionOutreach(
        stlCallId,
        { statuses: ['dispatch_failed'], attempt: 1 },
        { status: summary.status, due_at: dueAt.toISOString(), reason: null },
      );
      if (!moved) return null;
    }
  }
  await deps.intake.markOutreachDispatched(stlCallId);
  return { leadId: lead.lead_id, teamId: lead.team_id, outreach: { ...summary, schedulingMode: outreach.scheduling_mode } };
}

/** lead.created of a lead being stored: due in the outbox with the lead itself. */
function leadCreatedEvent(lead: IntakeLeadRecord, outreach: OutreachPlan, now: Date): DomainEvent {
  const content = lead.lead_content as { service_type?: string | null; appointment_datetime?: string | null };
  return leadCreated(
    leadRef(lead),
    {
      customer_name: lead.customer_name,
      phone_number: lead.customer_phone,
      phone_number_raw: lead.customer_phone_raw ?? null,
      email: lead.customer_email,
      service_type: content.service_type ?? null,
      lead_source: lead.source,
      appointment_datetime: content.appointment_datetime ?? null,
    },
    {
      status: outreach.status,
      due_at: outreach.dueAt.toISOString(),
      scheduling_mode: outreach.schedulingMode,
      max_attempts: lead.outreach.max_attempts,
    },
    now,
  );
}

/** lead.completed of a lead that could not be called (no usable phone): no attempt was made. */
function notPlacedEvent(lead: IntakeLeadRecord, now: Date): DomainEvent {
  return leadCompleted(
    leadRef(lead),
    { outcome: 'failed', attempts: 0, call_id: null, appointment_id: null, ticket_id: null, reason: lead.outreach.reason },
    now,
  );
}

function leadRef(lead: IntakeLeadRecord) {
  return {
    lead_id: lead.lead_id,
    stl_call_id: lead.outreach.stl_call_id,
    team_id: lead.team_id,
    external_id: lead.external_id,
    attribution: fullAttribution(lead.attribution),
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

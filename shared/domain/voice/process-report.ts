import { randomUUID } from 'node:crypto';
import { DEFAULT_VISIT_MINUTES } from '#shared/domain/appointments/appointment';
import { appointmentOfCall, type CallVisitPlace } from '#shared/domain/appointments/make-appointment';
import type { ManageLinks } from '#shared/domain/appointments/manage-token';
import type { CallRecord } from '#shared/domain/calls';
import { ensureEvaluationRequested, requestEvaluation } from '#shared/domain/coach/evaluation-request';
import { type CompleteOutreachDependencies, completeOutreach } from '#shared/domain/intake/complete-outreach';
import { type LeadRecord, NO_ATTRIBUTION } from '#shared/domain/leads';
import { phoneNumbers } from '#shared/domain/phone-numbers';
import { ITEM_SIZE_BUDGET_BYTES, itemSize } from '#shared/domain/stored-size';
import type { AppointmentRecord, ReportResult, TicketRecord } from '#shared/domain/support-tickets';
import type { Team } from '#shared/domain/tenancy';
import { appointmentCreated } from '#shared/events/appointment-events';
import { callProcessed } from '#shared/events/call-events';
import type { CallStore } from '#shared/ports/call-store';
import type { EvaluationStore } from '#shared/ports/coach-store';
import type { IntakeStore } from '#shared/ports/intake-store';
import type { MessageQueue } from '#shared/ports/message-queue';
import type { NormalizedCall } from './call-report';
import type { WeeklyHours } from './requested-time';
import type { Responder, ResponderDecision } from './responder';
import { transferFromReport } from './transfer-update';

export interface ProcessReportDependencies extends CompleteOutreachDependencies {
  readonly calls: CallStore;
  readonly intake: IntakeStore;
  readonly responder: Responder;
  /** The coach-evaluations queue: every stored call with a transcript gets one evaluation request. */
  readonly coachQueue: MessageQueue;
  readonly evaluations: Pick<EvaluationStore, 'hasEvaluation'>;
  /** Seals the manage link of a visit the call makes. */
  readonly manageLinks: Pick<ManageLinks, 'seal'>;
}

export interface ProcessReportResult extends Omit<ReportResult, 'outreach'> {
  /** False when this report had been processed before (a redelivery): nothing new was created. */
  readonly created: boolean;
  readonly outreach: { stl_call_id: number; outcome: string } | null;
  readonly decisions: ResponderDecision['decisions'];
}

function positiveInt(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

/** Finds the outreach call a report belongs to: metadata first, then the provider call id. */
async function matchOutreach(intake: IntakeStore, team: Team, call: NormalizedCall): Promise<number | null> {
  const fromMetadata = positiveInt(call.metadata.stl_call_id);
  const stlCallId = fromMetadata ?? (await intake.getStlCallIdByProviderCall(call.providerCallId));
  if (stlCallId === null) return null;
  const lead = await intake.getLeadByStlCallId(stlCallId);
  return lead && lead.team_id === team.id ? stlCallId : null;
}

/**
 * Processes one end-of-call report for a team: the responder decides, the call, its appointment
 * and its ticket are stored atomically with the report's idempotency guard (per team and provider
 * call id), an inbound call becomes a unified lead of type `call`, and an outreach call closes its
 * lead's outreach loop. `call.processed` is due in the outbox in the same write as the call, so a
 * stored call always has its event. A redelivered report answers the ids of the first delivery and
 * creates nothing.
 */
export async function processCallReport(
  deps: ProcessReportDependencies,
  input: {
    team: Team;
    call: NormalizedCall;
    now: Date /** The team's scheduler hours, when it has a scheduler. */;
    hours?: WeeklyHours | null;
    /** Where a visit the call makes is placed (the team's first scheduler); the team's zone when absent. */
    visitPlace?: CallVisitPlace | null;
  },
): Promise<ProcessReportResult> {
  const { team, call, now } = input;
  const previous = await deps.calls.getReportResult(team.id, call.providerCallId);
  if (previous) return redelivered(deps, team, previous, now);

  const stlCallId = await matchOutreach(deps.intake, team, call);
  const outreachLead = stlCallId !== null ? await deps.intake.getLeadByStlCallId(stlCallId) : null;
  const callTime = new Date(call.endedAt ?? call.startedAt ?? now.toISOString());
  const decision = await deps.responder.decide(call, team, callTime, { hours: input.hours ?? null });
  const phone = call.customerNumber ? await (await phoneNumbers()).readE164(call.customerNumber, 'US') : null;
  const customer = { name: call.customerName ?? outreachLead?.customer_name ?? null, phone: phone ?? outreachLead?.customer_phone ?? null };
  // A caller number the phone library cannot read is kept as sent beside the null (docs/api/intake.md).
  const phoneRaw = call.customerNumber && !phone ? call.customerNumber : null;
  const createdAt = now.toISOString();
  const callId = randomUUID();
  const inbound = stlCallId === null && !/outbound/i.test(call.type);
  const leadId = outreachLead?.lead_id ?? null;

  const appointment: AppointmentRecord | null = decision.appointment
    ? {
        appointment_id: randomUUID(),
        team_id: team.id,
        call_id: callId,
        lead_id: leadId,
        status: decision.appointment.status,
        scheduled_for: decision.appointment.scheduledFor,
        preferred_date: decision.appointment.preferredDate,
        customer,
        service: decision.appointment.service,
        urgency: decision.appointment.urgency,
        reason: decision.appointment.reason,
        created_at: createdAt,
      }
    : null;
  const ticket: TicketRecord | null = decision.ticket
    ? {
        ticket_id: randomUUID(),
        team_id: team.id,
        enterprise_id: team.enterpriseId,
        call_id: callId,
        lead_id: leadId,
        status: 'open',
        priority: decision.ticket.priority,
        category: decision.ticket.category,
        subject: decision.ticket.subject.slice(0, 300),
        reason: decision.ticket.reason,
        customer,
        created_at: createdAt,
      }
    : null;
  const record: CallRecord = {
    call_id: callId,
    team_id: team.id,
    provider_call_id: call.providerCallId,
    type: call.type,
    direction: inbound ? 'inbound' : 'outbound',
    customer: phoneRaw === null ? customer : { ...customer, phone_raw: phoneRaw },
    started_at: call.startedAt ?? call.endedAt ?? createdAt,
    ended_at: call.endedAt,
    duration_seconds: call.durationSeconds,
    transcript: call.transcript,
    turns: call.turns,
    summary: call.summary,
    recording_url: call.recordingUrl,
    analysis: {
      call_reason: call.analysis.callReason,
      sentiment: call.analysis.sentiment,
      booking_intent: call.analysis.bookingIntent,
      urgency: call.analysis.urgency,
      raw: call.analysisRaw,
    },
    warnings: call.warnings,
    ended_reason: call.endedReason,
    cost: call.cost,
    appointment_id: appointment?.appointment_id ?? null,
    ticket_id: ticket?.ticket_id ?? null,
    lead_id: leadId,
    stl_call_id: stlCallId,
    decisions: decision.decisions,
    created_at: createdAt,
  };
  const lead: LeadRecord | null = inbound
    ? {
        id: randomUUID(),
        lead_id: null,
        team_id: team.id,
        type: 'call',
        datetime: record.started_at,
        status: appointment ? 'booked' : 'new',
        customer_name: customer.name,
        customer_phone: customer.phone,
        ...(phoneRaw !== null && customer.phone === null ? { customer_phone_raw: phoneRaw } : {}),
        customer_email: null,
        lead_content: {
          call_id: callId,
          summary: call.summary,
          call_reason: call.analysis.callReason,
          duration_seconds: call.durationSeconds,
        },
        agent: 'ai_responder',
        referrer_url: null,
        attribution: { ...NO_ATTRIBUTION },
        external_id: null,
        source: 'phone',
        outreach: null,
        appointment: appointment
          ? {
              appointment_id: appointment.appointment_id,
              status: appointment.status,
              scheduled_for: appointment.scheduled_for,
              preferred_date: appointment.preferred_date,
              service: appointment.service,
              urgency: appointment.urgency,
              call_id: callId,
              created_at: createdAt,
            }
          : null,
      }
    : null;

  // A forwarded call's hand-over, unless the provider already reported it (transfer-update messages
  // come during the call, before the report); stored once by its id (derived from the provider
  // call) before the report, so a crash between the two leaves nothing a redelivery does not finish.
  const forwarded = transferFromReport(call, team.id, now);
  if (forwarded && (await deps.calls.listCallTransfers(team.id, call.providerCallId)).every((t) => t.source === 'ended_reason')) {
    await deps.calls.saveTransfer(forwarded);
  }

  const visit = appointment
    ? appointmentOfCall(
        appointment,
        { id: lead?.id ?? outreachLead?.id ?? null, lead_id: leadId },
        input.visitPlace ?? { schedulerId: null, timeZone: team.timezone, durationMinutes: DEFAULT_VISIT_MINUTES },
        await deps.manageLinks.seal(appointment.appointment_id),
      )
    : null;
  const saved = await deps.calls.saveReport({
    call: fitTurns(record),
    appointment,
    ticket,
    lead,
    events: [callProcessed(record)],
    visit: visit ? { stored: visit, events: [appointmentCreated(visit.appointment)] } : null,
  });
  if (!saved.stored) return redelivered(deps, team, saved.result, now);
  // After the save, before anything else can fail: a crash from here on is healed by the
  // provider's retry, whose redelivered path queues the evaluation when none is stored.
  if (saved.result.coach) {
    await requestEvaluation(deps.coachQueue, { team_id: team.id, call_id: callId, started_at: saved.result.coach.started_at });
  }

  let outreach: ProcessReportResult['outreach'] = null;
  if (stlCallId !== null) {
    const closed = await completeOutreach(
      deps,
      {
        stlCallId,
        callId,
        endedReason: call.endedReason,
        appointment,
        ticketId: ticket?.ticket_id ?? null,
        providerCallId: call.providerCallId,
      },
      now,
    );
    if (closed) outreach = { stl_call_id: stlCallId, outcome: closed.outcome };
  }
  return { ...ids(saved.result), created: true, outreach, decisions: decision.decisions };
}

function ids(result: ReportResult): ReportResult {
  return { call_id: result.call_id, appointment_id: result.appointment_id, ticket_id: result.ticket_id };
}

/**
 * A report seen before: answer its ids, and finish what the first delivery may have left undone
 * after storing the report (it stopped before the end): queue the call's coach evaluation unless
 * it is stored, and close its outreach loop (a no-op when it was closed).
 */
async function redelivered(deps: ProcessReportDependencies, team: Team, previous: ReportResult, now: Date): Promise<ProcessReportResult> {
  if (previous.coach) {
    await ensureEvaluationRequested(deps, { team_id: team.id, call_id: previous.call_id, started_at: previous.coach.started_at });
  }
  let outreach: ProcessReportResult['outreach'] = null;
  if (previous.outreach) {
    const o = previous.outreach;
    const closed = await completeOutreach(
      deps,
      {
        stlCallId: o.stl_call_id,
        callId: previous.call_id,
        endedReason: o.ended_reason,
        appointment: o.appointment,
        ticketId: previous.ticket_id,
      },
      now,
    );
    if (closed) outreach = { stl_call_id: o.stl_call_id, outcome: closed.outcome };
  }
  return { ...ids(previous), created: false, outreach, decisions: [] };
}

/**
 * The turns repeat the transcript's text, so a long call could push the record past DynamoDB's
 * item limit where the text alone fits: drop trailing turns (flagged turns_trimmed) rather than
 * refuse the report. The text itself is never trimmed; a text too large alone is refused (413) by
 * the store as before. Halving then stepping keeps this to a few size computations.
 */
export function fitTurns(record: CallRecord, budget = ITEM_SIZE_BUDGET_BYTES): CallRecord {
  const turns = record.turns ?? [];
  // Room for the store's keys (pk, sk, typePk, callPk): well under 1 KB.
  const limit = budget - 1024;
  if (turns.length === 0 || itemSize(record).bytes <= limit) return record;
  let lo = 0;
  let hi = turns.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (itemSize({ ...record, turns: turns.slice(0, mid), turns_trimmed: true }).bytes <= limit) lo = mid;
    else hi = mid - 1;
  }
  return { ...record, turns: turns.slice(0, lo), turns_trimmed: true };
}

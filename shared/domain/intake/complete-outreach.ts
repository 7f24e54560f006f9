import { fullAttribution } from '#shared/domain/leads';
import type { AppointmentRecord } from '#shared/domain/support-tickets';
import { type LeadOutcome, leadBookingCreated, leadCompleted } from '#shared/events/lead-events';
import type { IntakeStore } from '#shared/ports/intake-store';
import { dispatchOutreach, type OutreachDispatchDependencies } from './dispatch-outreach';

/** Provider end reasons that mean nobody answered (the attempt policy retries these). */
const NO_ANSWER = /no[-_ ]?answer|did[-_ ]?not[-_ ]?answer|voicemail|busy|unanswered|not[-_ ]?reachable/i;

export interface CompleteOutreachDependencies extends OutreachDispatchDependencies {
  readonly intake: IntakeStore;
}

export interface OutreachReport {
  readonly stlCallId: number;
  readonly callId: string;
  readonly endedReason: string | null;
  readonly appointment: AppointmentRecord | null;
  readonly ticketId: string | null;
  /**
   * The provider's id of the call. Recorded on completion: a report can arrive before the worker
   * has recorded it (a dial that fails at once is reported while the attempt is still `placing`).
   */
  readonly providerCallId?: string | null;
}

/**
 * Closes the loop when the end-of-call report of an outreach call arrives: the lead records the
 * outcome and its appointment; `lead.booking_created` is emitted when an appointment was created
 * and `lead.completed` when outreach is over, both due in the outbox in the same write as the
 * completion. An unanswered call with attempts left schedules the next attempt after the configured
 * spacing instead. The state change is a conditional write from in_progress (or placing), made
 * after the effects, so a report processed twice changes and emits nothing the second time, and a
 * close-out that failed half-way is finished by the redelivery.
 */
export async function completeOutreach(
  deps: CompleteOutreachDependencies,
  report: OutreachReport,
  now: Date,
): Promise<{ outcome: LeadOutcome | 'retry_scheduled' } | null> {
  const lead = await deps.intake.getLeadByStlCallId(report.stlCallId);
  if (!lead || lead.lead_id === null || !lead.outreach) return null;
  const outreach = lead.outreach;
  const from = { statuses: ['in_progress', 'placing'] as const, attempt: outreach.attempt };
  const ref = {
    lead_id: lead.lead_id,
    stl_call_id: report.stlCallId,
    team_id: lead.team_id,
    external_id: lead.external_id,
    attribution: fullAttribution(lead.attribution),
  };

  if (!(from.statuses as readonly string[]).includes(outreach.status)) return null;
  const unanswered = !report.appointment && NO_ANSWER.test(report.endedReason ?? '');
  if (unanswered && outreach.attempt < outreach.max_attempts) {
    const dueAt = new Date(now.getTime() + outreach.retry_spacing_minutes * 60_000);
    // The next attempt is scheduled (spacing is at least a minute) before the state moves to it:
    // its message finds attempt n+1 scheduled by then, and scheduling the same name twice is a no-op.
    await dispatchOutreach(deps, { stl_call_id: report.stlCallId, attempt: outreach.attempt + 1 }, dueAt, now);
    const moved = await deps.intake.transitionOutreach(
      report.stlCallId,
      { statuses: [...from.statuses], attempt: from.attempt },
      {
        status: 'scheduled',
        attempt: outreach.attempt + 1,
        due_at: dueAt.toISOString(),
        provider_call_id: null,
        reason: `attempt ${outreach.attempt} unanswered (${report.endedReason})`,
      },
    );
    return moved ? { outcome: 'retry_scheduled' } : null;
  }

  const outcome: LeadOutcome = report.appointment ? 'booked' : unanswered ? 'no_answer' : 'not_booked';
  const reason = report.appointment
    ? report.appointment.reason
    : unanswered
      ? `${outreach.attempt} attempt(s) unanswered (${report.endedReason})`
      : `reached without a booking${report.endedReason ? ` (${report.endedReason})` : ''}`;

  // Effects first, state change last: if anything fails before the transition, a redelivered
  // report does it all again (the appointment write is idempotent), so nothing is lost; the events
  // are due with the transition itself; once it is done, a redelivery finds the outreach completed.
  const events = [];
  if (report.appointment) {
    const a = report.appointment;
    await deps.intake.setLeadAppointment(report.stlCallId, {
      appointment_id: a.appointment_id,
      status: a.status,
      scheduled_for: a.scheduled_for,
      preferred_date: a.preferred_date,
      service: a.service,
      urgency: a.urgency,
      call_id: report.callId,
      created_at: a.created_at,
    });
    events.push(
      leadBookingCreated(
        ref,
        report.callId,
        { appointment_id: a.appointment_id, status: a.status, scheduled_for: a.scheduled_for, service_type: a.service, urgency: a.urgency },
        now,
      ),
    );
  }
  events.push(
    leadCompleted(
      ref,
      {
        outcome,
        attempts: outreach.attempt,
        call_id: report.callId,
        appointment_id: report.appointment?.appointment_id ?? null,
        ticket_id: report.ticketId,
        reason,
      },
      now,
    ),
  );
  const moved = await deps.intake.transitionOutreach(
    report.stlCallId,
    { statuses: [...from.statuses], attempt: from.attempt },
    {
      status: 'completed',
      outcome,
      completed_at: now.toISOString(),
      reason,
      ...(report.providerCallId ? { provider_call_id: report.providerCallId } : {}),
    },
    outcome === 'booked' ? 'booked' : 'closed',
    events,
  );
  if (!moved) return null;
  return { outcome };
}

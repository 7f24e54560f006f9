import { newAppointment } from '#shared/domain/appointments/appointment';
import type { CoachEvaluation } from '#shared/domain/coach/evaluation';
import { zeroCounts } from '#shared/domain/data-subject-deletions/request';
import { newExportJob } from '#shared/domain/exports/export-job';
import { BOOKING_CHANGE_EVENTS, type BookingChange, bookingChanged } from '#shared/events/appointment-change-events';
import { appointmentCreated } from '#shared/events/appointment-events';
import { callProcessed } from '#shared/events/call-events';
import { coachEvaluationCompleted } from '#shared/events/coach-events';
import { dataSubjectDeletionCompleted } from '#shared/events/data-subject-deletion-events';
import { exportCompleted } from '#shared/events/export-events';
import { type LeadRef, leadBookingCreated, leadCompleted, leadCreated } from '#shared/events/lead-events';
import { smsCampaignCompleted } from '#shared/events/sms-campaign-events';
import { webhookDisabled } from '#shared/events/webhook-events';
import type { DomainEvent } from '#shared/ports/event-bus';
import { storedCall } from './call-fixture';

/** Whose values an example carries wherever its event takes words: a name, a number, an address. */
export interface ExamplePerson {
  readonly name: string;
  /** E.164, where the service keeps a number. */
  readonly phone: string;
  /** The number as someone wrote it, where the event carries their words. */
  readonly written: string;
  readonly email: string;
}

const AT = new Date('2026-11-28T10:00:00.000Z');

/**
 * One event of each type that goes out through the outbox, made by the service's own factories,
 * with the person's values in every member that takes free text (the name, the number as written,
 * the email, a reference, a campaign value, a reason), as a deletion would find it still due.
 */
export function outboxEventExamples(person: ExamplePerson, teamId = 7): DomainEvent[] {
  const words = `${person.name} <${person.email}> ${person.written}`;
  const ref: LeadRef = {
    lead_id: 812,
    stl_call_id: 9001,
    team_id: teamId,
    external_id: `crm-${person.written}`,
    attribution: {
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      utm_term: person.name,
      utm_content: person.email,
      gclid: person.written,
      wbraid: null,
      gbraid: null,
    },
  };
  const appointment = newAppointment(
    {
      appointment_id: 'ses_example',
      team_id: teamId,
      scheduler_id: 31,
      channel: 'scheduling_widget',
      customer: { name: person.name, phone: person.phone, email: person.email, address: words },
      service: 'AC Repair',
      starts_at: '2026-12-02T16:00:00.000Z',
      time_zone: 'America/Chicago',
      duration_minutes: 60,
      lead: { id: 'lead-uuid', lead_id: 812 },
      session_id: 'ses_example',
      call_id: null,
    },
    'customer',
    AT.toISOString(),
  );
  const changes = (Object.keys(BOOKING_CHANGE_EVENTS) as BookingChange[]).map((change) =>
    bookingChanged(change, appointment, { version: 2, by: 'customer', previousStartsAt: '2026-12-01T16:00:00.000Z', reason: words }),
  );
  return [
    leadCreated(
      ref,
      {
        customer_name: person.name,
        phone_number: person.phone,
        phone_number_raw: null,
        email: person.email,
        service_type: words,
        lead_source: words,
        appointment_datetime: AT.toISOString(),
      },
      { status: 'queued', due_at: AT.toISOString(), scheduling_mode: 'always', max_attempts: 3 },
      AT,
    ),
    leadBookingCreated(
      ref,
      'call-1',
      { appointment_id: 'appt-1', status: 'scheduled', scheduled_for: AT.toISOString(), service_type: words, urgency: 'standard' },
      AT,
    ),
    leadCompleted(ref, { outcome: 'booked', attempts: 1, call_id: 'call-1', appointment_id: 'appt-1', ticket_id: null, reason: words }, AT),
    appointmentCreated(appointment),
    ...changes,
    callProcessed({ ...storedCall, team_id: teamId, customer: { name: person.name, phone: person.phone }, ended_reason: words }),
    coachEvaluationCompleted({ ...coachEvaluation, team_id: teamId }),
    dataSubjectDeletionCompleted(
      {
        id: 'dsd_0123456789abcdef01234567',
        enterpriseId: 3,
        teamIds: [teamId, teamId + 1],
        subject: null,
        status: 'completed',
        counts: { ...zeroCounts(), leads: 2 },
        done: [],
        createdAt: AT.toISOString(),
        completedAt: AT.toISOString(),
      },
      AT,
    ),
    exportCompleted(exportJob(teamId), AT.toISOString(), AT.toISOString()),
    smsCampaignCompleted({
      campaign_id: 'cmp_1',
      team_id: teamId,
      sent: 10,
      failed: 1,
      opted_out: 0,
      unconfirmed: 0,
      capped: 0,
      replies: 2,
      total_cost: 0.42,
      at: AT,
    }),
    webhookDisabled({ id: 'wh_1', teamId, url: `https://hooks.example.com/in?who=${person.email}` }, words, AT),
  ];
}

const coachEvaluation: CoachEvaluation = {
  call_id: storedCall.call_id,
  team_id: 7,
  call_started_at: storedCall.started_at,
  evaluated_at: AT.toISOString(),
  rubric_id: 'default',
  rubric_version: 1,
  score: 80,
  pass_threshold: 70,
  passed: true,
  criteria: [],
  evaluator: { kind: 'rule_based', model: null },
};

function exportJob(teamId: number) {
  const job = newExportJob(
    {
      keyId: 'key_1',
      enterpriseIds: [],
      teamIds: [teamId],
      includeTestTeams: false,
      resource: 'calls',
      format: 'ndjson',
      start: '2026-11-01T00:00:00.000Z',
      end: '2026-11-28T00:00:00.000Z',
      fieldGroups: null,
      withTranscripts: false,
    },
    AT,
  );
  return { ...job, status: 'completed' as const, rows: 12, bytes: 2048 };
}

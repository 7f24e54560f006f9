import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoEvaluationStore } from '#shared/adapters/dynamodb/coach-store';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { padId } from '#shared/adapters/dynamodb/keys';
import { DynamoLeadStore } from '#shared/adapters/dynamodb/lead-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import type { OutreachState } from '#shared/domain/intake/outreach';
import type { LeadRecord } from '#shared/domain/leads';
import type { Team } from '#shared/domain/tenancy';
import { endOfCallReportSchema, normalizeReport } from '#shared/domain/voice/call-report';
import { type ProcessReportDependencies, processCallReport } from '#shared/domain/voice/process-report';
import { RuleBasedResponder } from '#shared/domain/voice/responder';
import { presentCall } from '#shared/presenters/calls';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { eventViolations } from '../../../../support/event-schemas';
import { RecordingQueue, RecordingScheduler, team } from '../../../../support/intake-fakes';
import { dueEvents } from '../../../../support/outbox';

let dynamo: LocalDynamo;
let calls: DynamoCallStore;
let intake: DynamoIntakeStore;
let leads: DynamoLeadStore;
let appointmentStore: DynamoAppointmentStore;

beforeAll(async () => {
  dynamo = await startEmulator();
  const client = getDocumentClient();
  calls = new DynamoCallStore(client, physicalTableName('calls'), physicalTableName('leads'), physicalTableName('outbox'));
  intake = new DynamoIntakeStore(client, physicalTableName('leads'));
  leads = new DynamoLeadStore(client, physicalTableName('leads'));
  appointmentStore = new DynamoAppointmentStore(client, { leads: physicalTableName('leads'), outbox: physicalTableName('outbox') });
});
afterAll(() => dynamo.stop());

/** Tuesday 2026-11-24 10:00 in New York. */
const NOW = new Date('2026-11-24T15:00:00.000Z');
let nextTeam = 500;

/** The lead events of one outreach that became due in the outbox, in commit order. */
const leadEventsOf = (stlCallId: number) => dueEvents((e) => e.type.startsWith('lead.') && e.detail.stl_call_id === stlCallId);
const leadTypesOf = async (stlCallId: number) => (await leadEventsOf(stlCallId)).map((e) => e.type);
/** The call.processed events of one team's calls that became due in the outbox. */
const processedOf = (teamId: number) => dueEvents((e) => e.type === 'call.processed' && e.detail.team_id === teamId);

function setup(): { team: Team; deps: ProcessReportDependencies & { scheduler: RecordingScheduler } } {
  const id = nextTeam++;
  return {
    team: team({ id, enterpriseId: id * 10, timezone: 'America/New_York' }),
    deps: {
      calls,
      intake,
      responder: new RuleBasedResponder(),
      outreachQueue: new RecordingQueue(),
      scheduler: new RecordingScheduler(),
      coachQueue: new RecordingQueue(),
      evaluations: new DynamoEvaluationStore(getDocumentClient(), physicalTableName('calls')),
      manageLinks: manageLinks(async () => 'process-report-test-secret'),
    },
  };
}

/** A report as the webhook receives it, parsed and normalized by the same code. */
function report(callId: string, message: Record<string, unknown> = {}) {
  const body = {
    message: {
      type: 'end-of-call-report',
      call: { id: callId, customer: { number: '(212) 555-0199', name: 'Dana Whitfield' }, duration: 120, type: 'inboundPhoneCall' },
      transcript: 'AI: How can I help? Customer: The basement is flooding, can you come tomorrow at 11 pm?',
      summary: 'Basement flooding; visit tomorrow at 11 pm',
      recordingUrl: 'https://recordings.example.com/r.mp3',
      analysis: { callReason: 'Basement flooding', sentiment: 'neutral', bookingIntent: true, urgency: 'emergency' },
      startedAt: '2026-11-24T14:58:00.000Z',
      endedAt: '2026-11-24T15:00:00.000Z',
      ...message,
    },
  };
  return normalizeReport(endOfCallReportSchema().parse(body));
}

const callRows = (teamId: number) => calls.listCallsByOffset({ teamId, offset: 0, limit: 100 });
const callLeads = (teamId: number) => leads.listLeadsByOffset({ teamId, type: 'call', offset: 0, limit: 100 });

async function appointmentRows(teamId: number): Promise<Record<string, unknown>[]> {
  const result = await getDocumentClient().send(
    new QueryCommand({
      TableName: physicalTableName('calls'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `TEAM#${padId(teamId)}#APPOINTMENTS` },
    }),
  );
  return result.Items ?? [];
}

/** An intake lead whose outreach call is in progress, as the worker leaves it after placing the call. */
async function outreachLead(
  teamId: number,
  providerCallId: string,
  outreach: Partial<OutreachState> = {},
): Promise<{ lead: LeadRecord; stlCallId: number }> {
  const [leadId, stlCallId] = await Promise.all([intake.nextLeadId(), intake.nextStlCallId()]);
  const state: OutreachState = {
    stl_call_id: stlCallId,
    status: 'in_progress',
    scheduling_mode: 'always',
    due_at: '2026-11-24T14:55:00.000Z',
    attempt: 1,
    max_attempts: 1,
    retry_spacing_minutes: 30,
    provider_call_id: providerCallId,
    last_attempt_at: '2026-11-24T14:55:00.000Z',
    outcome: null,
    completed_at: null,
    reason: null,
    ...outreach,
  };
  const lead: LeadRecord = {
    id: randomUUID(),
    lead_id: leadId,
    team_id: teamId,
    type: 'scheduling_widget',
    datetime: '2026-11-24T14:54:00.000Z',
    status: 'contacting',
    customer_name: 'Lee Park',
    customer_phone: '+16465553890',
    customer_email: null,
    lead_content: { channel: 'speed_to_lead' },
    agent: 'ai_outreach',
    referrer_url: null,
    attribution: { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null, gclid: null },
    external_id: `crm-${leadId}`,
    source: 'Website',
    outreach: state,
    appointment: null,
  };
  await intake.createLead({ lead, phone: '+16465553890', phoneWindowHours: 24, now: new Date('2026-11-24T14:54:00.000Z') });
  await intake.linkProviderCall(providerCallId, stlCallId);
  return { lead, stlCallId };
}

describe('processCallReport on DynamoDB: inbound calls', () => {
  it('stores the call, an inbound lead of type call, the appointment and the ticket', async () => {
    const { team, deps } = setup();
    const result = await processCallReport(deps, { team, call: report('in-1'), now: NOW });

    expect(result).toMatchObject({
      created: true,
      call_id: expect.any(String),
      appointment_id: expect.any(String),
      ticket_id: expect.any(String),
      outreach: null,
    });
    expect(result.decisions.map((d) => d.decision)).toEqual(['appointment', 'ticket']);

    const [call, ...more] = await callRows(team.id);
    expect(more).toEqual([]);
    expect(call).toMatchObject({
      call_id: result.call_id,
      provider_call_id: 'in-1',
      direction: 'inbound',
      customer: { name: 'Dana Whitfield', phone: '+12125550199' },
      duration_seconds: 120,
      started_at: '2026-11-24T14:58:00.000Z',
      appointment_id: result.appointment_id,
      ticket_id: result.ticket_id,
      lead_id: null,
      stl_call_id: null,
      decisions: result.decisions,
    });

    const [lead, ...otherLeads] = await callLeads(team.id);
    expect(otherLeads).toEqual([]);
    expect(lead).toMatchObject({
      type: 'call',
      status: 'booked',
      customer_phone: '+12125550199',
      lead_content: { call_id: result.call_id, call_reason: 'Basement flooding' },
      appointment: { appointment_id: result.appointment_id, status: 'scheduled', scheduled_for: '2026-11-26T04:00:00.000Z' },
    });

    expect(await appointmentRows(team.id)).toEqual([
      expect.objectContaining({
        appointment_id: result.appointment_id,
        call_id: result.call_id,
        status: 'scheduled',
        urgency: 'emergency',
      }),
    ]);
    const tickets = await calls.listTickets({ enterpriseId: team.enterpriseId, limit: 10 });
    expect(tickets.map((t) => t.ticket)).toEqual([
      expect.objectContaining({ ticket_id: result.ticket_id, call_id: result.call_id, team_id: team.id, priority: 'urgent' }),
    ]);
    const processed = await processedOf(team.id);
    expect(processed.map((e) => e.detail)).toEqual([
      expect.objectContaining({
        call_id: result.call_id,
        appointment_id: result.appointment_id,
        ticket_id: result.ticket_id,
        direction: 'inbound',
      }),
    ]);
    expect(eventViolations(processed[0] as (typeof processed)[number])).toEqual([]);
  });

  it('makes the agreed visit an appointment of the call channel, in the team’s zone, with appointment.created due once', async () => {
    const { team, deps } = setup();
    const first = await processCallReport(deps, { team, call: report('in-visit'), now: NOW });
    await processCallReport(deps, { team, call: report('in-visit'), now: new Date(NOW.getTime() + 60_000) });

    const stored = await appointmentStore.getAppointment(first.appointment_id ?? '');
    const [lead] = await callLeads(team.id);
    expect(stored?.appointment).toMatchObject({
      appointment_id: first.appointment_id,
      team_id: team.id,
      channel: 'call',
      status: 'scheduled',
      starts_at: '2026-11-26T04:00:00.000Z',
      time_zone: 'America/New_York',
      call_id: first.call_id,
      lead: { id: lead?.id, lead_id: null },
      history: [expect.objectContaining({ change: 'created', by: 'system' })],
    });
    expect((await dueEvents((e) => e.type === 'appointment.created' && e.detail.team_id === team.id)).length).toBe(1);
  });

  it('places a call’s visit on the scheduler it is given', async () => {
    const { team, deps } = setup();
    const visitPlace = { schedulerId: 7, timeZone: 'America/Chicago', durationMinutes: 90 };
    const result = await processCallReport(deps, { team, call: report('in-placed'), now: NOW, visitPlace });
    expect((await appointmentStore.getAppointment(result.appointment_id ?? ''))?.appointment).toMatchObject({
      scheduler_id: 7,
      time_zone: 'America/Chicago',
      duration_minutes: 90,
    });
  });

  it('stores a call without appointment or ticket when the responder takes no action, and answers null ids', async () => {
    const { team, deps } = setup();
    const call = report('in-quiet', {
      analysis: { callReason: 'Opening hours', sentiment: 'positive', bookingIntent: false, urgency: 'standard' },
    });
    const result = await processCallReport(deps, { team, call, now: NOW });
    expect(result).toMatchObject({ created: true, appointment_id: null, ticket_id: null });
    expect(await callLeads(team.id)).toEqual([expect.objectContaining({ status: 'new', appointment: null })]);
    expect(await appointmentRows(team.id)).toEqual([]);
  });

  it('keeps a caller number the phone library cannot read as sent beside the null, on the call and its lead', async () => {
    const { team, deps } = setup();
    const call = report('in-raw-number', {
      call: { id: 'in-raw-number', customer: { number: 'Anonymous 555', name: 'Dana Whitfield' }, duration: 30, type: 'inboundPhoneCall' },
    });
    await processCallReport(deps, { team, call, now: NOW });

    const [stored] = await callRows(team.id);
    expect(stored?.customer).toEqual({ name: 'Dana Whitfield', phone: null, phone_raw: 'Anonymous 555' });
    if (!stored) throw new Error('no call');
    expect(presentCall(stored, false).customer).toEqual({ name: 'Dana Whitfield', phone: null, phone_raw: 'Anonymous 555' });
    expect(await callLeads(team.id)).toEqual([expect.objectContaining({ customer_phone: null, customer_phone_raw: 'Anonymous 555' })]);
  });

  it('answers a redelivered report with the same ids and creates nothing', async () => {
    const { team, deps } = setup();
    const first = await processCallReport(deps, { team, call: report('in-redelivered'), now: NOW });
    const again = await processCallReport(deps, { team, call: report('in-redelivered'), now: new Date(NOW.getTime() + 60_000) });

    expect(again).toEqual({
      call_id: first.call_id,
      appointment_id: first.appointment_id,
      ticket_id: first.ticket_id,
      created: false,
      outreach: null,
      decisions: [],
    });
    expect(await callRows(team.id)).toHaveLength(1);
    expect(await callLeads(team.id)).toHaveLength(1);
    expect(await appointmentRows(team.id)).toHaveLength(1);
    expect(await calls.listTickets({ enterpriseId: team.enterpriseId, limit: 10 })).toHaveLength(1);
  });

  it('keeps reports of different teams with the same provider call id apart', async () => {
    const a = setup();
    const b = setup();
    const first = await processCallReport(a.deps, { team: a.team, call: report('shared-id'), now: NOW });
    const second = await processCallReport(b.deps, { team: b.team, call: report('shared-id'), now: NOW });
    expect(second.created).toBe(true);
    expect(second.call_id).not.toBe(first.call_id);
  });

  it('stores one call when two copies of a report race, and answers both with the same ids', async () => {
    const { team, deps } = setup();
    const [one, two] = await Promise.all([
      processCallReport(deps, { team, call: report('in-race'), now: NOW }),
      processCallReport(deps, { team, call: report('in-race'), now: NOW }),
    ]);
    expect([one.created, two.created].sort()).toEqual([false, true]);
    expect({ call_id: two.call_id, appointment_id: two.appointment_id, ticket_id: two.ticket_id }).toEqual({
      call_id: one.call_id,
      appointment_id: one.appointment_id,
      ticket_id: one.ticket_id,
    });
    expect(await callRows(team.id)).toHaveLength(1);
    expect(await callLeads(team.id)).toHaveLength(1);
    expect(await calls.listTickets({ enterpriseId: team.enterpriseId, limit: 10 })).toHaveLength(1);
  });
});

describe('processCallReport on DynamoDB: outreach calls', () => {
  const outbound = (providerCallId: string, message: Record<string, unknown> = {}) =>
    report(providerCallId, {
      call: { id: providerCallId, customer: { number: '+16465553890' }, duration: 95, type: 'outboundPhoneCall' },
      transcript: 'AI: Hi Lee, you asked about a repair. Customer: Yes, tomorrow at 9 am works.',
      summary: 'Booked a visit for tomorrow at 9 am',
      analysis: { callReason: 'Sump pump repair', sentiment: 'positive', bookingIntent: true, urgency: 'standard' },
      ...message,
    });

  it('closes the outreach loop: the lead is booked with its appointment, and lead.booking_created then lead.completed are emitted', async () => {
    const { team, deps } = setup();
    const { lead, stlCallId } = await outreachLead(team.id, 'out-booked');

    const result = await processCallReport(deps, { team, call: outbound('out-booked'), now: NOW });

    expect(result).toMatchObject({ created: true, ticket_id: null, outreach: { stl_call_id: stlCallId, outcome: 'booked' } });
    const stored = await intake.getLeadByStlCallId(stlCallId);
    expect(stored).toMatchObject({
      status: 'booked',
      appointment: {
        appointment_id: result.appointment_id,
        status: 'scheduled',
        scheduled_for: '2026-11-25T14:00:00.000Z',
        service: 'Sump pump repair',
        call_id: result.call_id,
      },
      outreach: { status: 'completed', outcome: 'booked', completed_at: NOW.toISOString() },
    });
    expect((await callRows(team.id))[0]).toMatchObject({
      call_id: result.call_id,
      direction: 'outbound',
      lead_id: lead.lead_id,
      stl_call_id: stlCallId,
      customer: { name: 'Lee Park', phone: '+16465553890' },
    });
    // An outreach call is not a new inbound lead.
    expect(await callLeads(team.id)).toEqual([]);

    expect(await leadTypesOf(stlCallId)).toEqual(['lead.booking_created', 'lead.completed']);
    for (const event of await leadEventsOf(stlCallId)) expect(eventViolations(event)).toEqual([]);
    const [booking, completed] = await leadEventsOf(stlCallId);
    const ref = { lead_id: lead.lead_id, stl_call_id: stlCallId, team_id: team.id, external_id: lead.external_id };
    expect(booking?.detail).toMatchObject({
      ...ref,
      call_id: result.call_id,
      appointment: { appointment_id: result.appointment_id, status: 'scheduled', scheduled_for: '2026-11-25T14:00:00.000Z' },
    });
    expect(completed?.detail).toMatchObject({
      ...ref,
      outcome: 'booked',
      attempts: 1,
      call_id: result.call_id,
      appointment_id: result.appointment_id,
      ticket_id: null,
    });
  });

  it('emits nothing more for a redelivered outreach report', async () => {
    const { team, deps } = setup();
    const { stlCallId } = await outreachLead(team.id, 'out-redelivered');
    await processCallReport(deps, { team, call: outbound('out-redelivered'), now: NOW });
    const again = await processCallReport(deps, { team, call: outbound('out-redelivered'), now: NOW });
    expect(again.created).toBe(false);
    expect(await leadTypesOf(stlCallId)).toEqual(['lead.booking_created', 'lead.completed']);
    // call.processed was due with the stored call: the redelivery makes nothing due again.
    expect((await processedOf(team.id)).map((e) => e.detail.call_id)).toEqual([again.call_id]);
    expect((await intake.getLeadByStlCallId(stlCallId))?.outreach).toMatchObject({ status: 'completed' });
  });

  it('finishes a close-out that failed after the report was stored when the report is redelivered', async () => {
    const { team, deps } = setup();
    const { stlCallId } = await outreachLead(team.id, 'out-leads-down');
    // The leads table refuses the close-out's write after the report (and its call.processed) is stored.
    const refusing: DynamoIntakeStore = Object.create(intake);
    refusing.transitionOutreach = () => Promise.reject(new Error('leads down'));
    const failing = { ...deps, intake: refusing };
    await expect(processCallReport(failing, { team, call: outbound('out-leads-down'), now: NOW })).rejects.toThrow('leads down');
    expect(await processedOf(team.id)).toHaveLength(1);
    expect((await intake.getLeadByStlCallId(stlCallId))?.outreach).toMatchObject({ status: 'in_progress' });

    const again = await processCallReport(deps, { team, call: outbound('out-leads-down'), now: NOW });

    expect(again).toMatchObject({ created: false, outreach: { stl_call_id: stlCallId, outcome: 'booked' } });
    expect(await leadTypesOf(stlCallId)).toEqual(['lead.booking_created', 'lead.completed']);
    expect((await intake.getLeadByStlCallId(stlCallId))?.outreach).toMatchObject({ status: 'completed', outcome: 'booked' });
  });

  it('matches the report to its lead by the stl_call_id in the call metadata', async () => {
    const { team, deps } = setup();
    const { stlCallId } = await outreachLead(team.id, 'out-linked-elsewhere');
    const call = outbound('out-by-metadata', {
      call: { id: 'out-by-metadata', type: 'outboundPhoneCall', metadata: { stl_call_id: String(stlCallId), lead_id: 1 } },
      analysis: { bookingIntent: false, sentiment: 'neutral', urgency: 'standard' },
    });
    const result = await processCallReport(deps, { team, call, now: NOW });
    expect(result.outreach).toEqual({ stl_call_id: stlCallId, outcome: 'not_booked' });
    expect(await leadTypesOf(stlCallId)).toEqual(['lead.completed']);
    expect((await leadEventsOf(stlCallId))[0]?.detail).toMatchObject({ outcome: 'not_booked', appointment_id: null });
  });

  it('ignores an outreach lead of another team', async () => {
    const owner = setup();
    const other = setup();
    const { stlCallId } = await outreachLead(owner.team.id, 'out-foreign');
    const result = await processCallReport(other.deps, { team: other.team, call: outbound('out-foreign'), now: NOW });
    expect(result.outreach).toBeNull();
    expect((await intake.getLeadByStlCallId(stlCallId))?.outreach).toMatchObject({ status: 'in_progress' });
  });

  it('schedules attempt 2 instead of completing when a call is unanswered and attempts are left', async () => {
    const { team, deps } = setup();
    const { lead, stlCallId } = await outreachLead(team.id, 'out-no-answer-1', { max_attempts: 2, retry_spacing_minutes: 45 });
    const unanswered = (id: string) =>
      outbound(id, {
        transcript: '',
        summary: null,
        endedReason: 'customer-did-not-answer',
        analysis: { bookingIntent: false, sentiment: null, urgency: null },
      });

    const first = await processCallReport(deps, { team, call: unanswered('out-no-answer-1'), now: NOW });

    expect(first.outreach).toEqual({ stl_call_id: stlCallId, outcome: 'retry_scheduled' });
    const due = new Date(NOW.getTime() + 45 * 60_000);
    expect((await intake.getLeadByStlCallId(stlCallId))?.outreach).toMatchObject({
      status: 'scheduled',
      attempt: 2,
      due_at: due.toISOString(),
      provider_call_id: null,
    });
    expect(deps.scheduler.scheduled).toEqual([
      { name: `stl-${stlCallId}-attempt-2`, at: due, queue: 'outreach-calls', body: { stl_call_id: stlCallId, attempt: 2 } },
    ]);
    expect(await leadEventsOf(stlCallId)).toEqual([]);

    // Attempt 2 is placed (the worker claims it) and is unanswered too: outreach ends as no_answer.
    expect(await intake.transitionOutreach(stlCallId, { statuses: ['scheduled'], attempt: 2 }, { status: 'in_progress' })).toBe(true);
    await intake.linkProviderCall('out-no-answer-2', stlCallId);
    const second = await processCallReport(deps, { team, call: unanswered('out-no-answer-2'), now: due });
    expect(second.outreach).toEqual({ stl_call_id: stlCallId, outcome: 'no_answer' });
    expect(await leadTypesOf(stlCallId)).toEqual(['lead.completed']);
    const [completed] = await leadEventsOf(stlCallId);
    if (!completed) throw new Error('no event');
    expect(eventViolations(completed)).toEqual([]);
    expect(completed.detail).toMatchObject({ lead_id: lead.lead_id, outcome: 'no_answer', attempts: 2, appointment_id: null });
    expect(await intake.getLeadByStlCallId(stlCallId)).toMatchObject({
      status: 'closed',
      outreach: { status: 'completed', outcome: 'no_answer' },
    });
  });
});

import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { DynamoBookingRequestStore } from '#shared/adapters/dynamodb/booking-request-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoFieldServiceConfigStore } from '#shared/adapters/dynamodb/field-service-config-store';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoLeadStore } from '#shared/adapters/dynamodb/lead-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DynamoWidgetRecoveryStore } from '#shared/adapters/dynamodb/widget-recovery-store';
import { addressParts, ServiceTitanFieldService } from '#shared/adapters/http/servicetitan';
import { configuredFieldServices, useFieldServiceSandbox } from '#shared/adapters/runtime/field-service';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import { WEEKDAYS } from '#shared/domain/schedulers';
import type { Team } from '#shared/domain/tenancy';
import { recoverBookingEffects } from '#shared/domain/widget/complete-booking';
import { checkDropOff } from '#shared/domain/widget/drop-off';
import { backoffSeconds } from '#shared/domain/widget/field-service-attempts';
import { type FieldServiceJobDependencies, makeFieldServiceJob } from '#shared/domain/widget/field-service-jobs';
import { resumeLinks } from '#shared/domain/widget/resume-token';
import { bookWidgetSession, recordWidgetStep, startWidgetSession, type WidgetDependencies } from '#shared/domain/widget/widget-sessions';
import { FieldServiceError, type FieldServiceJobRequest } from '#shared/ports/field-service';
import type { FieldServiceConfig } from '#shared/ports/field-service-config-store';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { WidgetSessionRef } from '#shared/ports/widget-session-store';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { SandboxFieldService } from '../../../../../local/sandbox/field-service';
import { startEmulator } from '../../../../support/emulator';
import { ServiceTitanFake } from '../../../../support/servicetitan-fake';

let dynamo: LocalDynamo;
let fake: ServiceTitanFake;
let team: Team;
let deps: WidgetDependencies & { sessions: DynamoWidgetRecoveryStore };
const configs = () => new DynamoFieldServiceConfigStore(getDocumentClient(), physicalTableName('teams'));
const requests = () => new DynamoBookingRequestStore(getDocumentClient(), physicalTableName('sessions'));
const NOW = new Date('2026-06-10T14:30:00Z');
const SCHEDULER = 61;

/** What the scheduler port was asked to do (the retries and drop-off checks it would deliver). */
class RecordingScheduler implements OneTimeScheduler {
  readonly scheduled: { name: string; at: Date; body: Record<string, unknown> }[] = [];
  async scheduleMessage(input: { name: string; at: Date; body: Record<string, unknown> }): Promise<void> {
    this.scheduled.push(input);
  }
  async cancel(): Promise<void> {}
}

const stConfig = (): FieldServiceConfig => ({
  system: 'servicetitan',
  tenant_id: fake.tenant,
  client_id: fake.clientId,
  client_secret: fake.clientSecret,
  app_key: fake.appKey,
  application_guid: '6b0b4c0e-9f1a-4c51-9d1e-2b1f0a7c3d11',
  business_unit_id: 11,
  job_type_id: 22,
  campaign_id: 33,
  api_base_url: fake.url,
  auth_url: `${fake.url}/connect/token`,
});

const jobRequest = (externalId: string): FieldServiceJobRequest => ({
  externalId,
  customer: { name: 'Dana Reyes', phone: '+13125550142', email: 'dana@example.com', address: '1 Main St, Chicago, IL 60601' },
  issueType: 'AC Repair',
  jobType: null,
  visit: {
    startsAt: '2026-06-11T15:00:00.000Z',
    endsAt: '2026-06-11T16:00:00.000Z',
    date: '2026-06-11',
    time: '10:00',
    timeZone: 'America/Chicago',
  },
  summary: 'AC Repair booked online',
});

beforeAll(async () => {
  dynamo = await startEmulator();
  fake = await new ServiceTitanFake().start();
  const client = getDocumentClient();
  const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
  const enterprise = await tenancy.createEnterprise({ name: 'Jobs' });
  team = await tenancy.createTeam({
    name: 'Jobs',
    timezone: 'America/Chicago',
    isTest: false,
    enterpriseId: enterprise.id,
    workspaceId: 'ws_jobs_it',
  });
  const schedulers = new DynamoSchedulerConfigStore(client, physicalTableName('teams'));
  await schedulers.putScheduler(
    team.id,
    SCHEDULER,
    {
      name: 'Main',
      services: ['AC Repair'],
      job_types: [],
      service_areas: [],
      time_zone: 'America/Chicago',
      hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '08:00', close: '17:00' }])) as never,
      capacity_per_slot: 50,
    },
    NOW,
  );
  deps = {
    schedulers,
    tenancy,
    sessions: new DynamoWidgetRecoveryStore(client, physicalTableName('sessions')),
    leadIds: new DynamoIntakeStore(client, physicalTableName('leads')),
    manageLinks: manageLinks(async () => 'field-service-test-secret'),
  };
});
afterAll(async () => {
  useFieldServiceSandbox(null);
  await fake.stop();
  await dynamo.stop();
});

async function bookedSession(): Promise<WidgetSessionRef> {
  const { token, session } = await startWidgetSession(deps, {
    teamId: team.id,
    schedulerId: SCHEDULER,
    pageUrl: null,
    referrer: null,
    now: NOW,
  });
  const outcome = await bookWidgetSession(deps, {
    token,
    issueType: 'AC Repair',
    date: '2026-06-11',
    time: '10:00',
    customer: { name: 'Dana Reyes', phone: '(312) 555-0142', email: 'dana@example.com', address: '1 Main St, Chicago, IL 60601' },
    honeypot: '',
    now: new Date(NOW.getTime() + 10_000),
  });
  expect(outcome.kind).toBe('booked');
  return { teamId: team.id, schedulerId: SCHEDULER, startedAt: session.started_at, sessionId: session.session_id };
}

function jobDeps(scheduler = new RecordingScheduler()): FieldServiceJobDependencies & { scheduler: RecordingScheduler } {
  return {
    sessions: deps.sessions,
    bookingRequests: requests(),
    fieldService: configuredFieldServices(configs()),
    schedulers: deps.schedulers as FieldServiceJobDependencies['schedulers'],
    scheduler,
  };
}

const requestsOf = async (sessionId: string) =>
  (await requests().listBookingRequests({ teamId: team.id, limit: 100 })).map((r) => r.request).filter((r) => r.session_id === sessionId);

describe('ServiceTitan adapter against a fake of its documented API', () => {
  const system = () => new ServiceTitanFieldService(stConfig() as Extract<FieldServiceConfig, { system: 'servicetitan' }>);

  it('gets a client-credentials token, creates customer, location and job with the session id, and finds the job again', async () => {
    const st = system();
    const jobId = await st.createJob(jobRequest('ses_st_1'));
    expect(await st.findJob('ses_st_1')).toBe(jobId);
    expect(await st.findJob('ses_st_other')).toBeNull();
    const job = fake.jobs.find((j) => j.id === jobId);
    expect(job?.body).toMatchObject({
      businessUnitId: 11,
      jobTypeId: 22,
      campaignId: 33,
      appointments: [{ start: '2026-06-11T15:00:00.000Z' }],
    });
    expect(fake.customers.find((c) => c.id === job?.customerId)?.name).toBe('Dana Reyes');
    expect(fake.requests.every((r) => r.appKey === fake.appKey && r.token !== null)).toBe(true);
  });

  it('renews an expired token once and repeats the call', async () => {
    const st = system();
    await st.findJob('ses_st_1');
    const issued = fake.tokensIssued;
    fake.expireTokens();
    expect(await st.findJob('ses_st_1')).not.toBeNull();
    expect(fake.tokensIssued).toBe(issued + 1);
  });

  it('answers 429 as retryable with its Retry-After, 5xx as retryable, and a validation error as refused', async () => {
    const st = system();
    fake.failNext('429');
    await expect(st.findJob('x')).rejects.toMatchObject({ kind: 'retryable', code: 'rate_limited', retryAfterSeconds: 7 });
    fake.failNext('503');
    await expect(st.findJob('x')).rejects.toMatchObject({ kind: 'retryable', code: 'upstream_unavailable' });
    fake.failNext('400');
    const refused = st.createJob(jobRequest('ses_st_bad'));
    await expect(refused).rejects.toBeInstanceOf(FieldServiceError);
    await expect(st.findJob('x')).resolves.toBeNull();
    fake.failNext('400');
    await expect(st.findJob('x')).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('JobTypeId: Job type 99 does not exist'),
    });
  });

  it('reads a US address into its parts, and keeps anything else whole in street', () => {
    expect(addressParts('2200 W Belmont Ave, Chicago, IL 60618')).toEqual({
      street: '2200 W Belmont Ave',
      city: 'Chicago',
      state: 'IL',
      zip: '60618',
      country: 'USA',
    });
    expect(addressParts('somewhere near the lake').street).toBe('somewhere near the lake');
  });
});

describe('field-service jobs of widget bookings', () => {
  it('a team without a system: the booking request fails saying why, and no job is asked for', async () => {
    await configs().putFieldServiceConfig(team.id, null);
    const ref = await bookedSession();
    expect(await makeFieldServiceJob(jobDeps(), ref, 1, NOW)).toBe('no_system');
    expect(await requestsOf(ref.sessionId)).toEqual([
      expect.objectContaining({ attempt: 1, status: 'failed', error: expect.objectContaining({ code: 'no_field_service_system' }) }),
    ]);
  });

  it('makes exactly one ServiceTitan job under redelivery, sets st_job_id on the session and the request', async () => {
    await configs().putFieldServiceConfig(team.id, stConfig());
    const ref = await bookedSession();
    const jobsBefore = fake.jobs.length;
    const scheduler = new RecordingScheduler();
    const results = await Promise.all([
      makeFieldServiceJob(jobDeps(scheduler), ref, 1, NOW),
      makeFieldServiceJob(jobDeps(scheduler), ref, 1, NOW),
    ]);
    expect(results.sort()).toEqual(['claimed_elsewhere', 'created']);
    // The delivery that found the request claimed comes back when the claim lapses.
    expect(scheduler.scheduled.map((s) => s.at.getTime())).toEqual([NOW.getTime() + 150_000]);
    expect(await makeFieldServiceJob(jobDeps(), ref, 1, NOW)).toBe('already_created');
    const jobs = fake.jobs.slice(jobsBefore).filter((j) => j.externalData.some((d) => d.value === ref.sessionId));
    expect(jobs).toHaveLength(1);
    const stored = await deps.sessions.getSession(ref);
    expect(jobs.map((j) => j.id)).toContain(stored?.session.st_job_id);
    expect((await requestsOf(ref.sessionId)).find((r) => r.status === 'succeeded')?.st_job_id).toBe(stored?.session.st_job_id);
  });

  it('asks for the job with the name and address free of control characters, for a session stored before they were cleaned', async () => {
    await configs().putFieldServiceConfig(team.id, stConfig());
    const ref = await bookedSession();
    const stored = await deps.sessions.getSession(ref);
    if (!stored) throw new Error('no session');
    const raw = { ...stored.session.customer_info, name: 'Dana\u202E Reyes\u0000', address: '1 Main St\u001B[2J\r\nChicago' };
    expect(await deps.sessions.updateSession(stored, { ...stored.session, customer_info: raw })).toBe(true);
    const customersBefore = fake.customers.length;

    expect(await makeFieldServiceJob(jobDeps(), ref, 1, NOW)).toBe('created');

    const customer = fake.customers.slice(customersBefore).find((c) => c.externalData.some((d) => d.value === ref.sessionId));
    expect(customer?.name).toBe('Dana Reyes');
  });

  it('a crash after the job was made: the next delivery finds it rather than making a second', async () => {
    await configs().putFieldServiceConfig(team.id, stConfig());
    const ref = await bookedSession();
    // The first delivery made the job and stopped before recording it.
    const made = await new ServiceTitanFieldService(stConfig() as Extract<FieldServiceConfig, { system: 'servicetitan' }>).createJob(
      jobRequest(ref.sessionId),
    );
    const count = fake.jobs.length;
    expect(await makeFieldServiceJob(jobDeps(), ref, 2, NOW)).toBe('already_created');
    expect(fake.jobs.length).toBe(count);
    expect((await deps.sessions.getSession(ref))?.session.st_job_id).toBe(made);
  });

  it('a crash after the job id was kept and before the answer was recorded: the next delivery records it', async () => {
    await configs().putFieldServiceConfig(team.id, stConfig());
    const ref = await bookedSession();
    const store = requests();
    // The first delivery stops at its answer's record (the process died there).
    const stopping = {
      ...jobDeps(),
      bookingRequests: {
        recordBookingRequest: async (...args: Parameters<typeof store.recordBookingRequest>) => {
          if (args[1] === 'pending') throw new Error('killed');
          return store.recordBookingRequest(...args);
        },
      },
    };
    await expect(makeFieldServiceJob(stopping, ref, 1, NOW)).rejects.toThrow('killed');
    const jobId = (await deps.sessions.getSession(ref))?.session.st_job_id;
    expect(jobId).toEqual(expect.any(Number));
    expect((await requestsOf(ref.sessionId)).map((r) => [r.attempt, r.status])).toEqual([[1, 'pending']]);

    expect(await makeFieldServiceJob(jobDeps(), ref, 1, NOW)).toBe('already_created');
    expect((await requestsOf(ref.sessionId)).map((r) => [r.attempt, r.status, r.st_job_id])).toEqual([[1, 'succeeded', jobId]]);
    // A later attempt's message that was never asked records nothing.
    expect(await makeFieldServiceJob(jobDeps(), ref, 2, NOW)).toBe('already_created');
    expect(await requestsOf(ref.sessionId)).toHaveLength(1);
  });

  it('a 429 fails the attempt and schedules the next with backoff no shorter than Retry-After; a refusal ends the attempts', async () => {
    await configs().putFieldServiceConfig(team.id, stConfig());
    const ref = await bookedSession();
    const scheduler = new RecordingScheduler();
    fake.failNext('429');
    expect(await makeFieldServiceJob(jobDeps(scheduler), ref, 1, NOW)).toBe('retry_scheduled');
    expect(scheduler.scheduled[0]?.body).toMatchObject({ kind: 'field_service_job', attempt: 2 });
    expect(scheduler.scheduled[0]?.at.getTime()).toBe(NOW.getTime() + backoffSeconds(2, 7) * 1000);
    expect(await makeFieldServiceJob(jobDeps(scheduler), ref, 2, NOW)).toBe('created');
    const attempts = await requestsOf(ref.sessionId);
    expect(attempts.map((r) => [r.attempt, r.status]).sort()).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ]);
    const refusedRef = await bookedSession();
    fake.failNext('400');
    // The lookup passes; the customer search is refused.
    fake.failNext();
    expect(await makeFieldServiceJob(jobDeps(scheduler), refusedRef, 1, NOW)).toBe('rejected');
  });

  it('the local sandbox writes its jobs and finds them again', async () => {
    const sandbox = new SandboxFieldService(undefined);
    useFieldServiceSandbox(sandbox);
    await configs().putFieldServiceConfig(team.id, { system: 'sandbox' });
    const ref = await bookedSession();
    expect(await makeFieldServiceJob(jobDeps(), ref, 1, NOW)).toBe('created');
    expect(await makeFieldServiceJob(jobDeps(), ref, 2, NOW)).toBe('already_created');
    expect(sandbox.jobs().filter((j) => j.external_id === ref.sessionId)).toHaveLength(1);
  });
});

/** The lifecycle events the outbox holds for a session's lead, by type (the lead and its events are one write). */
async function outboxEventsOf(sessionId: string): Promise<string[]> {
  const { Items = [] } = await getDocumentClient().send(new ScanCommand({ TableName: physicalTableName('outbox') }));
  return Items.filter((item) => String(item.detail).includes(sessionId))
    .map((item) => String(item.type))
    .sort();
}

describe('a booking whose effects a crash cut short', () => {
  it('gets its lead, events and job request at the session’s drop-off check, once', async () => {
    const ref = await bookedSession();
    const sent: Record<string, unknown>[] = [];
    const leads = new DynamoLeadStore(getDocumentClient(), physicalTableName('leads'));
    const appointments = new DynamoAppointmentStore(getDocumentClient(), {
      leads: physicalTableName('leads'),
      outbox: physicalTableName('outbox'),
    });
    const recoveryDeps = {
      sessions: deps.sessions,
      schedulers: deps.schedulers as FieldServiceJobDependencies['schedulers'],
      leads,
      bookingRequests: requests(),
      followups: { send: async (messages: readonly { body: Record<string, unknown> }[]) => void sent.push(...messages.map((m) => m.body)) },
      appointments,
    };
    expect(await recoverBookingEffects(recoveryDeps, ref, NOW)).toBe(true);
    expect(await outboxEventsOf(ref.sessionId)).toEqual(['appointment.created', 'lead.booking_created', 'lead.created']);
    expect((await appointments.getAppointment(ref.sessionId))?.appointment).toMatchObject({
      channel: 'scheduling_widget',
      status: 'scheduled',
    });
    expect(sent).toEqual([expect.objectContaining({ kind: 'field_service_job' })]);
    const lead = (await leads.listLeads({ teamId: team.id, limit: 50 })).find((l) => l.lead.external_id === ref.sessionId)?.lead;
    expect(lead).toMatchObject({ type: 'scheduling_widget', status: 'booked' });
    expect(await requestsOf(ref.sessionId)).toEqual([expect.objectContaining({ attempt: 1, status: 'pending' })]);
    expect(await recoverBookingEffects(recoveryDeps, ref, NOW)).toBe(false);
    expect(await outboxEventsOf(ref.sessionId)).toHaveLength(3);
  });
});

/** A session without a phone is not qualified: its drop-off plans no recovery (test/integration/shared/domain/widget/recovery.test.ts does). */
const noRecovery = {
  resumeLinks: resumeLinks(async () => 'unused'),
  outreachPlan: async () => {
    throw new Error('no recovery call is planned for a session without a phone');
  },
};

describe('drop-off', () => {
  it('a session left alone becomes dropped_off at its deadline; one with later activity gets a check at its new deadline', async () => {
    const scheduler = new RecordingScheduler();
    const { token, session } = await startWidgetSession(deps, {
      teamId: team.id,
      schedulerId: SCHEDULER,
      pageUrl: null,
      referrer: null,
      now: NOW,
    });
    const ref = { teamId: team.id, schedulerId: SCHEDULER, startedAt: session.started_at, sessionId: session.session_id };
    await recordWidgetStep(deps, { token, step: 'booking_started', now: new Date(NOW.getTime() + 60_000) });
    expect(await checkDropOff({ ...deps, ...noRecovery, scheduler }, ref, new Date(NOW.getTime() + 1_800_000), 1800)).toBe('rescheduled');
    expect(scheduler.scheduled[0]?.at.toISOString()).toBe(new Date(NOW.getTime() + 1_860_000).toISOString());
    expect(await checkDropOff({ ...deps, ...noRecovery, scheduler }, ref, new Date(NOW.getTime() + 1_860_000), 1800)).toBe('dropped_off');
    const dropped = await deps.sessions.getSession(ref);
    expect(dropped?.session.status).toBe('dropped_off');
    expect(dropped?.session.events.at(-1)).toEqual({
      event_type: 'session_abandoned',
      created_at: new Date(NOW.getTime() + 1_860_000).toISOString(),
    });
    // Coming back: pending again, and it may still book.
    const resumed = await recordWidgetStep(deps, { token, step: 'customer_info_completed', now: new Date(NOW.getTime() + 2_000_000) });
    expect(resumed.status).toBe('pending');
    expect(resumed.events.slice(-2).map((e) => e.event_type)).toEqual(['session_resumed', 'customer_info_completed']);
  });
});

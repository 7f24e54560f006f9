import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { DynamoBookingRequestStore } from '#shared/adapters/dynamodb/booking-request-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoFieldServiceConfigStore } from '#shared/adapters/dynamodb/field-service-config-store';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoLeadStore } from '#shared/adapters/dynamodb/lead-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DynamoWidgetSessionStore } from '#shared/adapters/dynamodb/widget-session-store';
import { configuredFieldServices, useFieldServiceSandbox } from '#shared/adapters/runtime/field-service';
import type { StoredAppointment } from '#shared/domain/appointments/appointment';
import { cancelAppointment, rescheduleAppointment } from '#shared/domain/appointments/changes';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import { fieldServiceChangeOf } from '#shared/domain/outbox/appointment-followups';
import { type SchedulerSettingsInput, WEEKDAYS } from '#shared/domain/schedulers';
import { completeBooking } from '#shared/domain/widget/complete-booking';
import { backoffSeconds } from '#shared/domain/widget/field-service-attempts';
import {
  type FieldServiceChangeDependencies,
  type FieldServiceChangeMessage,
  followFieldServiceChange,
} from '#shared/domain/widget/field-service-changes';
import { makeFieldServiceJob } from '#shared/domain/widget/field-service-jobs';
import { bookWidgetSession, startWidgetSession, type WidgetDependencies } from '#shared/domain/widget/widget-sessions';
import type { FieldServiceDirectory, FieldServiceSystem } from '#shared/ports/field-service';
import type { FieldServiceConfig } from '#shared/ports/field-service-config-store';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { WidgetSessionRef } from '#shared/ports/widget-session-store';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { SandboxFieldService } from '../../../../../local/sandbox/field-service';
import { startEmulator } from '../../../../support/emulator';
import { dueEvents } from '../../../../support/outbox';
import { ServiceTitanFake } from '../../../../support/servicetitan-fake';

/**
 * The field-service job following its visit, on the embedded DynamoDB and a fake of ServiceTitan's
 * API: real widget bookings, their jobs made by the worker, moves and cancels through the domain's
 * change functions, and the messages the outbox publisher makes of their events.
 */
let dynamo: LocalDynamo;
let fake: ServiceTitanFake;
let widget: WidgetDependencies;
let appointments: DynamoAppointmentStore;
let teamId: number;
const SCHEDULER = 71;
/** A Wednesday, 09:30 in Chicago. */
const NOW = new Date('2026-06-10T14:30:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const MAIN: SchedulerSettingsInput = {
  name: 'Main',
  services: ['AC Repair'],
  job_types: [],
  service_areas: [],
  time_zone: 'America/Chicago',
  hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '08:00', close: '17:00' }])) as never,
  lead_time_minutes: 0,
  capacity_per_slot: 50,
};
const configs = () => new DynamoFieldServiceConfigStore(getDocumentClient(), physicalTableName('teams'));
const requests = () => new DynamoBookingRequestStore(getDocumentClient(), physicalTableName('sessions'));

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

beforeAll(async () => {
  dynamo = await startEmulator();
  fake = await new ServiceTitanFake().start();
  const client = getDocumentClient();
  const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
  const enterprise = await tenancy.createEnterprise({ name: 'Job follows' });
  const team = await tenancy.createTeam({
    name: 'Follows',
    timezone: 'America/Chicago',
    isTest: false,
    enterpriseId: enterprise.id,
    workspaceId: 'ws_job_follows',
  });
  teamId = team.id;
  const schedulers = new DynamoSchedulerConfigStore(client, physicalTableName('teams'));
  await schedulers.putScheduler(teamId, SCHEDULER, MAIN, NOW);
  const tables = { leads: physicalTableName('leads'), outbox: physicalTableName('outbox'), sessions: physicalTableName('sessions') };
  appointments = new DynamoAppointmentStore(client, tables);
  widget = {
    schedulers,
    tenancy,
    sessions: new DynamoWidgetSessionStore(client, tables.sessions),
    leadIds: new DynamoIntakeStore(client, tables.leads),
    manageLinks: manageLinks(async () => 'follow-test-secret'),
  };
});
afterAll(async () => {
  useFieldServiceSandbox(null);
  await fake.stop();
  await dynamo.stop();
});

function changeDeps(scheduler = new RecordingScheduler(), fieldService: FieldServiceDirectory = configuredFieldServices(configs())) {
  return {
    appointments,
    sessions: widget.sessions,
    bookingRequests: requests(),
    fieldService,
    scheduler,
  } satisfies FieldServiceChangeDependencies;
}

const refOf = (visit: StoredAppointment): WidgetSessionRef => ({
  teamId,
  schedulerId: SCHEDULER,
  startedAt: visit.sessionStartedAt ?? '',
  sessionId: visit.appointment.appointment_id,
});

/** A real widget booking with its effects, and its job made (unless `job` is false). */
async function booked(date: string, time: string, job = true): Promise<StoredAppointment> {
  const { token } = await startWidgetSession(widget, { teamId, schedulerId: SCHEDULER, pageUrl: null, referrer: null, now: NOW });
  const outcome = await bookWidgetSession(widget, {
    token,
    issueType: 'AC Repair',
    date,
    time,
    customer: { name: 'Dana Reyes', phone: '+13125550142', email: null, address: '1 Main St, Chicago, IL 60601' },
    honeypot: '',
    now: at(10_000),
  });
  if (outcome.kind !== 'booked') throw new Error(`${date} ${time} was not booked`);
  const client = getDocumentClient();
  await completeBooking(
    {
      sessions: widget.sessions,
      schedulers: widget.schedulers,
      leads: new DynamoLeadStore(client, physicalTableName('leads')),
      bookingRequests: requests(),
      appointments,
      followups: { send: async () => undefined },
    },
    outcome.stored,
    { startsAt: outcome.startsAt, timeZone: 'America/Chicago', durationMinutes: 60 },
    at(10_000),
  );
  const visit = await appointments.getAppointment(outcome.stored.session.session_id);
  if (!visit) throw new Error('no appointment was made');
  if (job) {
    const jobDeps = { ...changeDeps(), sessions: widget.sessions, schedulers: widget.schedulers as never };
    expect(await makeFieldServiceJob(jobDeps, refOf(visit), 1, at(20_000))).toBe('created');
  }
  return visit;
}

/** The message the outbox publisher puts on the widget-followups queue for the visit's last change of that kind. */
async function messageOf(
  visit: StoredAppointment,
  type: 'lead.booking_rescheduled' | 'lead.booking_cancelled',
): Promise<FieldServiceChangeMessage> {
  const events = await dueEvents((e) => e.type === type && e.detail.appointment_id === visit.appointment.appointment_id);
  const event = events.at(-1);
  if (!event) throw new Error(`no ${type}`);
  const message = fieldServiceChangeOf({ eventId: String(event.detail.event_id), type: event.type, detail: event.detail });
  if (!message) throw new Error('the event starts no field-service change');
  return { change: message.change, attempt: 1, waits: 0 };
}

const jobOf = async (visit: StoredAppointment) => (await widget.sessions.getSession(refOf(visit)))?.session.st_job_id ?? null;
const appointmentIdOf = (jobId: number | null) => fake.appointments.find((a) => a.jobId === jobId)?.id;
const changesOf = async (visit: StoredAppointment) => {
  const jobId = await jobOf(visit);
  return fake.changes.filter((c) => c.id === jobId || c.id === appointmentIdOf(jobId));
};
const requestsOf = async (visit: StoredAppointment) =>
  (await requests().listBookingRequests({ teamId, limit: 500 }))
    .map((r) => r.request)
    .filter((r) => r.session_id === visit.appointment.appointment_id);

const move = (visit: StoredAppointment, date: string, time: string, ms = 60_000) =>
  rescheduleAppointment({ appointments, schedulers: widget.schedulers, sessions: widget.sessions }, visit, {
    date,
    time,
    by: 'customer',
    now: at(ms),
  });
const cancel = (visit: StoredAppointment, ms = 120_000) =>
  cancelAppointment({ appointments, schedulers: widget.schedulers, sessions: widget.sessions }, visit, {
    reason: 'Fixed it myself',
    by: 'customer',
    now: at(ms),
  });

describe('a moved visit', () => {
  beforeAll(() => configs().putFieldServiceConfig(teamId, stConfig()));

  it("reschedules the job's appointment once, whatever the deliveries, and lists the attempt as a reschedule", async () => {
    const visit = await booked('2026-06-11', '09:00');
    const moved = await move(visit, '2026-06-12', '11:00');
    expect(moved.kind).toBe('moved');
    const message = await messageOf(visit, 'lead.booking_rescheduled');
    const scheduler = new RecordingScheduler();

    const outcomes = await Promise.all([
      followFieldServiceChange(changeDeps(scheduler), message, at(70_000)),
      followFieldServiceChange(changeDeps(scheduler), message, at(70_000)),
    ]);
    expect(outcomes.sort()).toEqual(['changed', 'claimed_elsewhere']);
    // The delivery that found the job claimed comes back when the claim lapses, and finds it done.
    expect(scheduler.scheduled.map((s) => s.at.getTime())).toEqual([at(70_000).getTime() + 150_000]);
    expect(await followFieldServiceChange(changeDeps(), message, at(230_000))).toBe('already_changed');

    const changes = await changesOf(visit);
    expect(changes).toEqual([
      {
        kind: 'reschedule',
        id: appointmentIdOf(await jobOf(visit)),
        body: {
          start: '2026-06-12T16:00:00.000Z',
          end: '2026-06-12T17:00:00.000Z',
          arrivalWindowStart: '2026-06-12T16:00:00.000Z',
          arrivalWindowEnd: '2026-06-12T17:00:00.000Z',
        },
      },
    ]);
    const rows = await requestsOf(visit);
    expect(rows.filter((r) => r.action === 'reschedule')).toEqual([
      expect.objectContaining({
        attempt: 1,
        status: 'succeeded',
        st_job_id: await jobOf(visit),
        requested_slot: { date: '2026-06-12', time: '11:00', time_zone: 'America/Chicago' },
        requested_at: at(60_000).toISOString(),
      }),
    ]);
    expect(rows.filter((r) => r.action === 'create').map((r) => r.status)).toEqual(['succeeded']);
  });

  it('a crash after the system moved the job and before the record: the redelivery asks nothing again', async () => {
    const visit = await booked('2026-06-11', '10:00');
    await move(visit, '2026-06-15', '14:00');
    const message = await messageOf(visit, 'lead.booking_rescheduled');
    // The first delivery's system moves the job, then its worker dies: nothing after the call runs.
    const real = configuredFieldServices(configs());
    const dying: FieldServiceDirectory = {
      async forTeam(team) {
        const system = (await real.forTeam(team)) as FieldServiceSystem;
        return {
          ...system,
          jobState: (id) => system.jobState(id),
          rescheduleJob: async (id, v) => {
            await system.rescheduleJob(id, v);
            return new Promise<never>(() => undefined);
          },
        };
      },
    };
    void followFieldServiceChange(changeDeps(new RecordingScheduler(), dying), message, at(70_000));
    while ((await changesOf(visit)).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await requestsOf(visit)).find((r) => r.action === 'reschedule')?.status).toBe('pending');

    // Redelivered while the dead worker's claim holds: it comes back when the claim lapses.
    const scheduler = new RecordingScheduler();
    expect(await followFieldServiceChange(changeDeps(scheduler), message, at(75_000))).toBe('claimed_elsewhere');
    expect(await followFieldServiceChange(changeDeps(), message, at(75_000 + 150_001))).toBe('already_changed');

    expect((await changesOf(visit)).map((c) => c.kind)).toEqual(['reschedule']);
    expect((await requestsOf(visit)).filter((r) => r.action === 'reschedule')).toEqual([
      expect.objectContaining({ attempt: 1, status: 'succeeded' }),
    ]);
  });

  it('a 429 fails the attempt and schedules the next with backoff; the next one moves the job', async () => {
    const visit = await booked('2026-06-11', '11:00');
    await move(visit, '2026-06-16', '09:00');
    const message = await messageOf(visit, 'lead.booking_rescheduled');
    const scheduler = new RecordingScheduler();
    fake.failNext('429');
    expect(await followFieldServiceChange(changeDeps(scheduler), message, at(70_000))).toBe('retry_scheduled');
    const retry = scheduler.scheduled[0];
    expect(retry?.at.getTime()).toBe(at(70_000).getTime() + backoffSeconds(2, 7) * 1000);
    expect(retry?.body).toMatchObject({ kind: 'field_service_change', attempt: 2, requested_at: retry?.at.toISOString() });
    const next: FieldServiceChangeMessage = { ...message, attempt: 2, requested_at: retry?.at.toISOString() };
    expect(await followFieldServiceChange(changeDeps(), next, retry?.at ?? NOW)).toBe('changed');
    expect(await followFieldServiceChange(changeDeps(), next, retry?.at ?? NOW)).toBe('already_changed');
    const rows = (await requestsOf(visit)).filter((r) => r.action === 'reschedule');
    expect(rows.map((r) => [r.attempt, r.status]).sort()).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ]);
    expect((await changesOf(visit)).map((c) => c.kind)).toEqual(['reschedule']);
  });
});

describe('a cancelled visit', () => {
  beforeAll(() => configs().putFieldServiceConfig(teamId, stConfig()));

  it('cancels the job once with a cancel reason and the reason given; a move it overtook is not sent', async () => {
    const visit = await booked('2026-06-11', '12:00');
    await move(visit, '2026-06-17', '10:00');
    const moved = await messageOf(visit, 'lead.booking_rescheduled');
    const current = await appointments.getAppointment(visit.appointment.appointment_id);
    if (!current) throw new Error('gone');
    await cancel(current);
    const cancelled = await messageOf(visit, 'lead.booking_cancelled');

    expect(await followFieldServiceChange(changeDeps(), cancelled, at(130_000))).toBe('changed');
    expect(await followFieldServiceChange(changeDeps(), cancelled, at(130_000))).toBe('already_changed');
    // The move comes late (a retry, a slow queue): the cancel carried the job where the visit is.
    expect(await followFieldServiceChange(changeDeps(), moved, at(140_000))).toBe('superseded');

    const changes = await changesOf(visit);
    expect(changes).toEqual([
      {
        kind: 'cancel',
        id: await jobOf(visit),
        body: { reasonId: 71, memo: expect.stringContaining('Fixed it myself') },
      },
    ]);
    const rows = await requestsOf(visit);
    expect(rows.filter((r) => r.action !== 'create').map((r) => [r.action, r.status, r.error?.code ?? null])).toEqual(
      expect.arrayContaining([
        ['cancel', 'succeeded', null],
        ['reschedule', 'failed', 'superseded'],
      ]),
    );
  });
});

describe('a change with no job to follow', () => {
  it('waits for a job still being made, and says no_job once its making ended without one', async () => {
    await configs().putFieldServiceConfig(teamId, stConfig());
    const visit = await booked('2026-06-11', '13:00', false);
    await move(visit, '2026-06-18', '10:00');
    const message = await messageOf(visit, 'lead.booking_rescheduled');
    const scheduler = new RecordingScheduler();
    expect(await followFieldServiceChange(changeDeps(scheduler), message, at(70_000))).toBe('waiting_for_job');
    expect(scheduler.scheduled[0]).toMatchObject({ at: new Date(at(70_000).getTime() + 30_000), body: { waits: 1, attempt: 1 } });
    expect((await requestsOf(visit)).filter((r) => r.action === 'reschedule')).toEqual([]);

    // The job's creation is refused: no job will be made.
    fake.failNext('400');
    const jobDeps = { ...changeDeps(), sessions: widget.sessions, schedulers: widget.schedulers as never };
    expect(await makeFieldServiceJob(jobDeps, refOf(visit), 1, at(80_000))).toBe('rejected');
    const before = fake.changes.length;
    expect(await followFieldServiceChange(changeDeps(), { ...message, waits: 1 }, at(100_000))).toBe('no_job');
    expect(fake.changes.length).toBe(before);
    expect((await requestsOf(visit)).filter((r) => r.action === 'reschedule')).toEqual([
      expect.objectContaining({ status: 'failed', error: expect.objectContaining({ code: 'no_job' }), st_job_id: null }),
    ]);
  });

  it('a team without a system: the request fails saying why, and nothing is asked', async () => {
    await configs().putFieldServiceConfig(teamId, null);
    const visit = await booked('2026-06-11', '14:00', false);
    const current = await cancel(visit);
    expect(current.appointment.status).toBe('cancelled');
    const message = await messageOf(visit, 'lead.booking_cancelled');
    expect(await followFieldServiceChange(changeDeps(), message, at(130_000))).toBe('no_system');
    expect((await requestsOf(visit)).filter((r) => r.action === 'cancel')).toEqual([
      expect.objectContaining({ status: 'failed', error: expect.objectContaining({ code: 'no_field_service_system' }) }),
    ]);
  });
});

describe('the ServiceTitan adapter', () => {
  it("reads a job's status and appointment, and cancels with the configured reason rather than the tenant's first", async () => {
    await configs().putFieldServiceConfig(teamId, stConfig());
    const visit = await booked('2026-06-11', '16:00');
    const jobId = (await jobOf(visit)) ?? 0;
    const system = (await configuredFieldServices(configs()).forTeam(teamId)) as FieldServiceSystem;
    expect(await system.jobState(jobId)).toEqual({ startsAt: visit.appointment.starts_at, cancelled: false });
    const configured = await configuredFieldServices({
      getFieldServiceConfig: async () => ({ ...stConfig(), cancel_reason_id: 72 }),
      putFieldServiceConfig: async () => undefined,
    }).forTeam(teamId);
    await configured?.cancelJob(jobId, 'Visit cancelled');
    expect(fake.changes.at(-1)).toEqual({ kind: 'cancel', id: jobId, body: { reasonId: 72, memo: 'Visit cancelled' } });
    expect(await system.jobState(jobId)).toMatchObject({ cancelled: true });
    await expect(
      system.rescheduleJob(999_999, { startsAt: visit.appointment.starts_at, endsAt: visit.appointment.starts_at }),
    ).rejects.toMatchObject({
      kind: 'rejected',
      code: 'no_appointment',
    });
  });
});

describe('the local sandbox', () => {
  it('moves and cancels its jobs, and records each change once', async () => {
    const sandbox = new SandboxFieldService(undefined);
    useFieldServiceSandbox(sandbox);
    await configs().putFieldServiceConfig(teamId, { system: 'sandbox' });
    const visit = await booked('2026-06-11', '15:00');
    await move(visit, '2026-06-19', '09:00');
    const moved = await messageOf(visit, 'lead.booking_rescheduled');
    expect(await followFieldServiceChange(changeDeps(), moved, at(70_000))).toBe('changed');
    expect(await followFieldServiceChange(changeDeps(), moved, at(70_000))).toBe('already_changed');
    const current = await appointments.getAppointment(visit.appointment.appointment_id);
    if (!current) throw new Error('gone');
    await cancel(current);
    const cancelled = await messageOf(visit, 'lead.booking_cancelled');
    expect(await followFieldServiceChange(changeDeps(), cancelled, at(130_000))).toBe('changed');
    expect(await followFieldServiceChange(changeDeps(), cancelled, at(130_000))).toBe('already_changed');
    const jobId = await jobOf(visit);
    expect(sandbox.changes().filter((c) => c.job_id === jobId)).toEqual([
      expect.objectContaining({ action: 'reschedule', starts_at: '2026-06-19T14:00:00.000Z', ends_at: '2026-06-19T15:00:00.000Z' }),
      expect.objectContaining({ action: 'cancel', memo: expect.stringContaining('Fixed it myself') }),
    ]);
    expect(await sandbox.jobState(jobId ?? 0)).toEqual({ startsAt: '2026-06-19T14:00:00.000Z', cancelled: true });
  });
});

import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { DynamoBookingRequestStore } from '#shared/adapters/dynamodb/booking-request-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoLeadStore } from '#shared/adapters/dynamodb/lead-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DynamoWidgetSessionStore } from '#shared/adapters/dynamodb/widget-session-store';
import { manageDependencies } from '#shared/adapters/runtime/appointment-manage-dependencies';
import type { StoredAppointment } from '#shared/domain/appointments/appointment';
import { cancelAppointment, rescheduleAppointment } from '#shared/domain/appointments/changes';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import { type ChangeDependencies, markAppointment } from '#shared/domain/appointments/marks';
import { type SchedulerSettingsInput, WEEKDAYS } from '#shared/domain/schedulers';
import { completeBooking } from '#shared/domain/widget/complete-booking';
import { bookWidgetSession, startWidgetSession, type WidgetDependencies } from '#shared/domain/widget/widget-sessions';
import { ConflictError } from '#shared/errors';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { dueEvents } from '../../../../support/outbox';

/**
 * Moving and cancelling visits on the embedded DynamoDB, through real widget bookings: the places
 * in the slot counters, the session that follows, the events, and the race for a slot's last place.
 */
let dynamo: LocalDynamo;
let widget: WidgetDependencies;
let deps: ChangeDependencies;
let appointments: DynamoAppointmentStore;
let teamId: number;
let schedulerStore: DynamoSchedulerConfigStore;
const SCHEDULER = 601;
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
};

beforeAll(async () => {
  dynamo = await startEmulator();
  const client = getDocumentClient();
  const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
  const enterprise = await tenancy.createEnterprise({ name: 'Appointment changes' });
  const team = await tenancy.createTeam({
    name: 'Movers',
    timezone: 'America/Chicago',
    isTest: false,
    enterpriseId: enterprise.id,
    workspaceId: 'ws_appt_changes',
  });
  teamId = team.id;
  const schedulers = new DynamoSchedulerConfigStore(client, physicalTableName('teams'));
  schedulerStore = schedulers;
  await schedulers.putScheduler(teamId, SCHEDULER, MAIN, NOW);
  const sessions = new DynamoWidgetSessionStore(client, physicalTableName('sessions'));
  const tables = { leads: physicalTableName('leads'), outbox: physicalTableName('outbox'), sessions: physicalTableName('sessions') };
  appointments = new DynamoAppointmentStore(client, tables);
  widget = {
    schedulers,
    tenancy,
    sessions,
    leadIds: new DynamoIntakeStore(client, tables.leads),
    manageLinks: manageLinks(async () => 'changes-test-secret'),
  };
  deps = { appointments, schedulers, sessions };
});
afterAll(() => dynamo.stop());

/** A real widget booking and its effects; answers its appointment. */
async function booked(date: string, time: string): Promise<StoredAppointment> {
  const { token } = await startWidgetSession(widget, { teamId, schedulerId: SCHEDULER, pageUrl: null, referrer: null, now: NOW });
  const outcome = await bookWidgetSession(widget, {
    token,
    issueType: 'AC Repair',
    date,
    time,
    customer: { name: 'Dana Reyes', phone: '+13125550142', email: null, address: '1 Main St' },
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
      bookingRequests: new DynamoBookingRequestStore(client, physicalTableName('sessions')),
      appointments,
      followups: { send: async () => undefined },
    },
    outcome.stored,
    { startsAt: outcome.startsAt, timeZone: 'America/Chicago', durationMinutes: 60 },
    at(10_000),
  );
  const stored = await appointments.getAppointment(outcome.stored.session.session_id);
  if (!stored) throw new Error('no appointment was made');
  return stored;
}

const placesHeld = async (date: string) => (await widget.sessions.bookedCounts(teamId, SCHEDULER, date, date)).get(date) ?? {};

describe('moving a visit', () => {
  it('takes the new place, frees the old, moves the session and makes lead.booking_rescheduled due', async () => {
    const visit = await booked('2026-06-11', '09:00');
    const outcome = await rescheduleAppointment(deps, visit, { date: '2026-06-12', time: '11:00', by: 'customer', now: at(60_000) });

    expect(outcome.kind).toBe('moved');
    expect((await placesHeld('2026-06-11'))['09:00']).toBe(0);
    expect((await placesHeld('2026-06-12'))['11:00']).toBe(1);
    const moved = await appointments.getAppointment(visit.appointment.appointment_id);
    expect(moved?.appointment).toMatchObject({ starts_at: '2026-06-12T16:00:00.000Z', status: 'scheduled' });
    expect(moved?.appointment.history.at(-1)).toMatchObject({
      change: 'rescheduled',
      by: 'customer',
      previous_starts_at: '2026-06-11T14:00:00.000Z',
    });
    const session = await widget.sessions.getSession({
      teamId,
      schedulerId: SCHEDULER,
      startedAt: NOW.toISOString(),
      sessionId: visit.appointment.appointment_id,
    });
    expect(session?.session).toMatchObject({ status: 'booked', selected_date: '2026-06-12', selected_time: '11:00' });
    expect(session?.session.events.at(-1)?.event_type).toBe('booking_rescheduled');
    const events = await dueEvents(
      (e) => e.type === 'lead.booking_rescheduled' && e.detail.appointment_id === visit.appointment.appointment_id,
    );
    expect(events.map((e) => e.detail)).toEqual([
      expect.objectContaining({
        changed_by: 'customer',
        starts_at: '2026-06-12T16:00:00.000Z',
        previous_starts_at: '2026-06-11T14:00:00.000Z',
      }),
    ]);
  });

  it('moves within the same day in one write of the day’s counters, and answers a repeat unchanged', async () => {
    const visit = await booked('2026-06-13', '08:00');
    await rescheduleAppointment(deps, visit, { date: '2026-06-13', time: '15:00', by: 'customer', now: at(60_000) });
    const again = await appointments.getAppointment(visit.appointment.appointment_id);
    if (!again) throw new Error('gone');
    expect(await rescheduleAppointment(deps, again, { date: '2026-06-13', time: '15:00', by: 'customer', now: at(90_000) })).toMatchObject({
      kind: 'moved',
    });
    expect(await placesHeld('2026-06-13')).toMatchObject({ '08:00': 0, '15:00': 1 });
    expect(
      await dueEvents((e) => e.type === 'lead.booking_rescheduled' && e.detail.appointment_id === visit.appointment.appointment_id),
    ).toHaveLength(1);
  });

  it('gives the last place of a slot to exactly one of 20 racing visits; the others get fresh slots', async () => {
    const times = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00'];
    const visits: StoredAppointment[] = [];
    for (const date of ['2026-06-16', '2026-06-17', '2026-06-18'])
      for (const time of times) if (visits.length < 20) visits.push(await booked(date, time));
    const outcomes = await Promise.all(
      visits.map((v) => rescheduleAppointment(deps, v, { date: '2026-06-19', time: '10:00', by: 'customer', now: at(60_000) })),
    );

    expect(outcomes.filter((o) => o.kind === 'moved')).toHaveLength(1);
    const taken = outcomes.filter((o) => o.kind === 'slot_taken');
    expect(taken).toHaveLength(19);
    for (const o of taken) if (o.kind === 'slot_taken') expect(o.availability.days[0]?.slots.some((s) => s.time === '10:00')).toBe(false);
    expect((await placesHeld('2026-06-19'))['10:00']).toBe(1);
    const stillHeld = await Promise.all(['2026-06-16', '2026-06-17', '2026-06-18'].map(placesHeld));
    const total = stillHeld.flatMap((day) => Object.values(day)).reduce((n, c) => n + c, 0);
    expect(total).toBe(19);
  });

  it('refuses a change inside the cut-off, and once the visit has started', async () => {
    const visit = await booked('2026-06-11', '16:00');
    const start = Date.parse(visit.appointment.starts_at);
    const inside = new Date(start - 60 * 60_000);
    await expect(cancelAppointment(deps, visit, { reason: null, by: 'customer', now: inside })).rejects.toThrow(/call the business/);
    await expect(
      rescheduleAppointment(deps, visit, { date: '2026-06-20', time: '09:00', by: 'customer', now: new Date(start + 60_000) }),
    ).rejects.toThrow(ConflictError);
  });

  it("takes the cut-off from the scheduler's change_cutoff setting", async () => {
    const visit = await booked('2026-06-11', '15:00');
    const start = Date.parse(visit.appointment.starts_at);
    await schedulerStore.putScheduler(teamId, SCHEDULER, { ...MAIN, change_cutoff_minutes: 30 }, NOW);
    try {
      const cancelled = await cancelAppointment(deps, visit, { reason: null, by: 'customer', now: new Date(start - 60 * 60_000) });
      expect(cancelled.appointment.status).toBe('cancelled');
      const other = await booked('2026-06-11', '14:00');
      const late = new Date(Date.parse(other.appointment.starts_at) - 20 * 60_000);
      await expect(cancelAppointment(deps, other, { reason: null, by: 'customer', now: late })).rejects.toThrow(/within 30 minutes/);
    } finally {
      await schedulerStore.putScheduler(teamId, SCHEDULER, MAIN, NOW);
    }
  });
});

describe('cancelling a visit', () => {
  it('frees its place at once, keeps the session booked, and is answered unchanged when asked again', async () => {
    const visit = await booked('2026-06-22', '09:00');
    const cancelled = await cancelAppointment(deps, visit, { reason: 'Fixed it myself', by: 'customer', now: at(60_000) });
    const again = await cancelAppointment(deps, cancelled, { reason: null, by: 'customer', now: at(90_000) });

    expect(again.appointment).toMatchObject({ status: 'cancelled' });
    expect(again.appointment.history.at(-1)).toMatchObject({ change: 'cancelled', note: 'Fixed it myself' });
    expect((await placesHeld('2026-06-22'))['09:00']).toBe(0);
    const session = await widget.sessions.getSession({
      teamId,
      schedulerId: SCHEDULER,
      startedAt: NOW.toISOString(),
      sessionId: visit.appointment.appointment_id,
    });
    expect(session?.session.status).toBe('booked');
    expect(session?.session.events.at(-1)?.event_type).toBe('booking_cancelled');
    expect(
      await dueEvents((e) => e.type === 'lead.booking_cancelled' && e.detail.appointment_id === visit.appointment.appointment_id),
    ).toHaveLength(1);
    await expect(
      rescheduleAppointment(deps, again, { date: '2026-06-23', time: '09:00', by: 'customer', now: at(120_000) }),
    ).rejects.toThrow(/cancelled/);
  });
});

describe('marking a visit', () => {
  it('confirms it before its start, once, with the session’s booking_confirmed', async () => {
    const visit = await booked('2026-06-12', '08:00');
    const confirmed = await markAppointment(deps, visit, 'confirmed', { by: 'customer', now: at(60_000) });
    const again = await markAppointment(deps, confirmed, 'confirmed', { by: 'customer', now: at(90_000) });

    expect(again.appointment.status).toBe('confirmed');
    expect(
      await dueEvents((e) => e.type === 'lead.booking_confirmed' && e.detail.appointment_id === visit.appointment.appointment_id),
    ).toHaveLength(1);
    const session = await widget.sessions.getSession({
      teamId,
      schedulerId: SCHEDULER,
      startedAt: NOW.toISOString(),
      sessionId: visit.appointment.appointment_id,
    });
    expect(session?.session).toMatchObject({ status: 'booked' });
    expect(session?.session.events.at(-1)?.event_type).toBe('booking_confirmed');
  });

  it('marks it completed or a no-show only after its start', async () => {
    const visit = await booked('2026-06-12', '09:00');
    const start = Date.parse(visit.appointment.starts_at);
    await expect(markAppointment(deps, visit, 'no_show', { by: 'integrator', now: new Date(start - 60_000) })).rejects.toThrow(
      /not started yet/,
    );
    const done = await markAppointment(deps, visit, 'completed', { by: 'integrator', now: new Date(start + 3_600_000) });
    expect(done.appointment).toMatchObject({ status: 'completed' });
    expect(done.appointment.history.at(-1)).toMatchObject({ change: 'completed', by: 'integrator' });
    await expect(markAppointment(deps, done, 'no_show', { by: 'integrator', now: new Date(start + 7_200_000) })).rejects.toThrow(
      ConflictError,
    );
    await expect(markAppointment(deps, done, 'confirmed', { by: 'customer', now: new Date(start + 7_200_000) })).rejects.toThrow(
      ConflictError,
    );
    expect(
      await dueEvents((e) => e.type === 'lead.booking_completed' && e.detail.appointment_id === visit.appointment.appointment_id),
    ).toHaveLength(1);
  });
});

// The manage link's wiring imports the widget session store with the first move or cancel
// (opening the page reads none): the changes go through it as through the store built directly.
describe('changing a visit through the manage routes’ dependencies', () => {
  it('moves the visit and its session, then cancels it, freeing the place', async () => {
    const manage = manageDependencies()();
    const visit = await booked('2026-06-22', '16:00');
    const moved = await rescheduleAppointment(manage, visit, { date: '2026-06-23', time: '15:00', by: 'customer', now: at(60_000) });
    if (moved.kind !== 'moved') throw new Error(`the visit was not moved: ${moved.kind}`);
    expect((await placesHeld('2026-06-23'))['15:00']).toBe(1);
    const session = await widget.sessions.getSession({
      teamId,
      schedulerId: SCHEDULER,
      startedAt: NOW.toISOString(),
      sessionId: visit.appointment.appointment_id,
    });
    expect(session?.session).toMatchObject({ selected_date: '2026-06-23', selected_time: '15:00' });
    await cancelAppointment(manage, moved.stored, { reason: null, by: 'customer', now: at(90_000) });
    expect((await placesHeld('2026-06-23'))['15:00']).toBe(0);
  });
});

import type { WidgetRouteDependencies } from '#shared/adapters/runtime/widget-dependencies';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import type { AppointmentStore } from '#shared/ports/appointment-store';
import type { BookingRequestStore } from '#shared/ports/booking-request-store';
import type { DomainEvent } from '#shared/ports/event-bus';
import type { LeadStore } from '#shared/ports/lead-store';
import type { RateLimitStore } from '#shared/ports/rate-limit-store';
import type { SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
import { RecordingQueue, RecordingScheduler, team, tenancyOf } from '../../../support/intake-fakes';
import { InMemoryWidgetSessions, widgetScheduler } from '../../../support/widget-fakes';

const mockDependencies: { current?: WidgetRouteDependencies } = {};
jest.mock('#shared/adapters/runtime/widget-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/widget-dependencies'),
  widgetDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/widget-api/handler').handler;
beforeAll(async () => {
  functionEnvironment('widget-api');
  ({ handler } = await import('../../../../functions/widget-api/handler'));
});

/** Monday morning; the routes read the clock themselves, so only Date is faked (timers run as usual). */
const NOW = new Date('2026-03-02T09:00:00.000Z');
beforeEach(() => {
  jest.useFakeTimers({
    now: NOW,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
});
afterEach(() => jest.useRealTimers());

/** Scheduler 9 of team 1: open all day every day in UTC, one place per hour-long slot. */
const SCHEDULER = widgetScheduler(1, 9);
const PATH = { teamId: '1', schedulerId: '9' };
const CUSTOMER = { name: 'Dana Whitfield', phone: '(212) 555-0199', email: 'dana@example.com', address: '1 Main St' };

/** The widget routes over sessions in memory, with the booking's effects recorded as they are made. */
function widget() {
  const sessions = new InMemoryWidgetSessions();
  const leads: { lead: unknown; events: readonly DomainEvent[] }[] = [];
  const appointments: DomainEvent[] = [];
  const bookingRequests: unknown[] = [];
  const followups = new RecordingQueue();
  const scheduler = new RecordingScheduler();
  let ids = 0;
  const deps = fakePort<WidgetRouteDependencies>({
    limits: fakePort<RateLimitStore>({ take: async () => ({ admitted: true, count: 1 }) }),
    schedulers: fakePort<SchedulerConfigStore>({ getScheduler: async (t, s) => (t === 1 && s === 9 ? SCHEDULER : null) }),
    tenancy: tenancyOf([team({ id: 1 })]),
    sessions,
    manageLinks: manageLinks(async () => 'manage-secret-0123456789abcdef0123456789abcdef'),
    booking: async () => ({
      leadIds: { nextLeadId: async () => ++ids, nextStlCallId: async () => ++ids },
      leads: fakePort<LeadStore>({
        putLeadWithEvents: async (lead, events) => {
          leads.push({ lead, events });
        },
      }),
      appointments: fakePort<AppointmentStore>({
        createAppointment: async (_appointment, events) => {
          appointments.push(...events);
          return true;
        },
      }),
      bookingRequests: fakePort<BookingRequestStore>({
        recordBookingRequest: async (request) => {
          bookingRequests.push(request);
          return true;
        },
      }),
    }),
    scheduler: () => scheduler,
    followups: () => followups,
    abandonAfterSeconds: 1800,
  });
  return { deps, sessions, leads, appointments, bookingRequests, followups, scheduler };
}

type Slot = { date: string; time: string };

/** Starts a session and reads a week of slots through the routes; answers the token and the first slot of tomorrow. */
async function startAndPick(): Promise<{ token: string; sessionId: string; slot: Slot }> {
  const started = await answerOf(handler, routeEvent('startWidgetSession', { identity: null, path: PATH, body: {} }));
  expect(started.status).toBe(201);
  const { token, session } = started.body as { token: string; session: { session_id: string } };
  const availability = await answerOf(handler, routeEvent('getWidgetAvailability', { identity: null, path: PATH }));
  expect(availability.status).toBe(200);
  const days = (availability.body?.days ?? []) as { date: string; slots: { time: string }[] }[];
  const tomorrow = days.find((d) => d.date === '2026-03-03');
  return { token, sessionId: session.session_id, slot: { date: '2026-03-03', time: tomorrow?.slots[0]?.time ?? 'none' } };
}

const bookingOf = (token: string, slot: Slot, body: Record<string, unknown> = {}) =>
  routeEvent('bookWidgetSession', {
    identity: null,
    headers: { 'x-widget-token': token },
    body: { issue_type: 'Drain clog', ...slot, ...CUSTOMER, ...body },
  });

describe('widget-api', () => {
  it('starts a session, offers slots and books one, recording the lead, the visit and the job request', async () => {
    const w = widget();
    mockDependencies.current = w.deps;
    const { token, sessionId, slot } = await startAndPick();
    expect(slot).toEqual({ date: '2026-03-03', time: '00:00' });
    expect(w.scheduler.scheduled.map((s) => s.name)).toEqual([`wdrop-${sessionId}-${NOW.getTime() + 1_800_000}`]);

    jest.setSystemTime(new Date(NOW.getTime() + 10_000));
    const booked = await answerOf(handler, bookingOf(token, slot));
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ status: 'booked', starts_at: '2026-03-03T00:00:00.000Z' });
    expect(w.sessions.stored(sessionId)).toMatchObject({
      session: { status: 'booked', selected_date: '2026-03-03', selected_time: '00:00', issue_type: 'Drain clog' },
      effectsRecordedAt: expect.any(String),
    });
    expect(w.leads.flatMap(({ events }) => events.map((e) => e.type))).toEqual(['lead.created', 'lead.booking_created']);
    expect(w.appointments.map((e) => e.type)).toEqual(['appointment.created']);
    expect(w.bookingRequests).toHaveLength(1);
    expect(w.followups.sent.map((m) => m.body.kind)).toEqual(['field_service_job']);

    // The slot's one place is taken: it is no longer offered.
    const after = await answerOf(
      handler,
      routeEvent('getWidgetAvailability', { identity: null, path: PATH, query: { from: '2026-03-03', days: '1' } }),
    );
    const offered = (after.body?.days ?? []) as { date: string; slots: { time: string }[] }[];
    expect(offered[0]?.slots.map((s) => s.time)).not.toContain('00:00');
  });

  it('answers 409 with fresh slots to a second customer booking a slot just taken', async () => {
    const w = widget();
    mockDependencies.current = w.deps;
    const first = await startAndPick();
    const second = await startAndPick();
    jest.setSystemTime(new Date(NOW.getTime() + 10_000));
    expect((await answerOf(handler, bookingOf(first.token, first.slot))).status).toBe(200);
    const taken = await answerOf(handler, bookingOf(second.token, second.slot));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: 'slot_taken', field: 'time' });
    const fresh = (taken.body?.availability as { days: { date: string; slots: { time: string }[] }[] } | undefined)?.days ?? [];
    expect(fresh.find((d) => d.date === '2026-03-03')?.slots[0]?.time).toBe('01:00');
    expect(w.sessions.stored(second.sessionId)?.session.status).toBe('pending');
    expect(w.leads).toHaveLength(1);
  });

  it('refuses a booking made faster than a person could, naming the session', async () => {
    const w = widget();
    mockDependencies.current = w.deps;
    const { token, slot } = await startAndPick();
    const answer = await answerOf(handler, bookingOf(token, slot));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'session' });
    expect(w.leads).toEqual([]);
  });

  it('refuses a booking without a phone, naming phone', async () => {
    const w = widget();
    mockDependencies.current = w.deps;
    const { token, slot } = await startAndPick();
    jest.setSystemTime(new Date(NOW.getTime() + 10_000));
    const answer = await answerOf(handler, bookingOf(token, slot, { phone: undefined }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'phone' });
  });

  it('answers 401 to a booking with a token that is not a session’s', async () => {
    mockDependencies.current = widget().deps;
    const answer = await answerOf(handler, bookingOf('not-a-token', { date: '2026-03-03', time: '00:00' }));
    expect(answer.status).toBe(401);
  });

  it('answers 404 for a scheduler the team does not have', async () => {
    mockDependencies.current = {
      ...failingPort<WidgetRouteDependencies>(),
      limits: fakePort<RateLimitStore>({ take: async () => ({ admitted: true, count: 1 }) }),
      schedulers: fakePort<SchedulerConfigStore>({ getScheduler: async () => null }),
    };
    const answer = await answerOf(
      handler,
      routeEvent('getWidgetAvailability', { identity: null, path: { teamId: '1', schedulerId: '9' } }),
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: 'not_found' });
  });

  it('refuses a scheduler id that is not a number, naming schedulerId', async () => {
    mockDependencies.current = failingPort<WidgetRouteDependencies>();
    const answer = await answerOf(
      handler,
      routeEvent('getWidgetAvailability', { identity: null, path: { teamId: '1', schedulerId: 'nine' } }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'schedulerId' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = failingPort<WidgetRouteDependencies>();
    const answer = await answerOf(
      handler,
      routeEvent('getWidgetAvailability', { identity: null, path: { teamId: '1', schedulerId: '9' } }),
    );
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});

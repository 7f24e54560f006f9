import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { AppointmentChangeRouteDependencies } from '#shared/adapters/runtime/appointment-dependencies';
import { encodeIdentity } from '#shared/auth/identity';
import { newAppointment, type StoredAppointment } from '#shared/domain/appointments/appointment';
import { schedulerSettingsSchema } from '#shared/domain/scheduler-settings-schema';
import { type SchedulerConfig, WEEKDAYS } from '#shared/domain/schedulers';
import type { Team } from '#shared/domain/tenancy';
import type { AppointmentChangeWrite } from '#shared/ports/appointment-store';
import { proxyEvent } from '../../../support/api-gateway-event';
import { identity } from '../../../support/factories';

/**
 * change-appointment with fakes in place of the stores: the workspace's team, the 404 for another
 * team's visit, field-named 400s, the slot-taken 409 with fresh slots, the marks' side of the
 * start, and one event per change, each recorded `by: integrator`.
 */
for (const table of ['TEAMS', 'LEADS', 'SESSIONS', 'OUTBOX', 'IDEMPOTENCY']) process.env[`TABLE_${table}`] = `unit-${table.toLowerCase()}`;
process.env.CURSOR_SECRET_ID = 'unit-cursor-secret';

const HOUR = 3_600_000;
const OWN: Team = {
  id: 1,
  name: 'Summit Plumbing',
  timezone: 'UTC',
  isTest: false,
  enterpriseId: 1,
  workspaceId: 'ws_own',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const FOREIGN: Team = { ...OWN, id: 9, enterpriseId: 2, workspaceId: 'ws_foreign' };
const SCHEDULER: SchedulerConfig = {
  ...schedulerSettingsSchema.parse({
    name: 'Main',
    services: ['Drain clog'],
    job_types: [],
    service_areas: [],
    time_zone: 'UTC',
    hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '00:00', close: '23:59' }])),
    lead_time_minutes: 0,
  }),
  scheduler_id: 11,
  team_id: OWN.id,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const stored = new Map<string, StoredAppointment>();
const writes: AppointmentChangeWrite[] = [];
const full = new Set<string>();

function visit(id: string, start: Date, teamId = OWN.id): StoredAppointment {
  const appointment = newAppointment(
    {
      appointment_id: id,
      team_id: teamId,
      scheduler_id: SCHEDULER.scheduler_id,
      channel: 'scheduling_widget',
      customer: { name: 'Dana Reyes', phone: '+13125550142', email: null, address: null },
      service: 'Drain clog',
      starts_at: start.toISOString(),
      time_zone: 'UTC',
      duration_minutes: 60,
      lead: { id: null, lead_id: 7 },
      session_id: null,
      call_id: null,
    },
    'customer',
    new Date(Date.now() - 24 * HOUR).toISOString(),
  );
  const item = { appointment, manage: { nonce: 'n', tokenHash: 'h' }, heldSlot: null, sessionStartedAt: null, version: 1 };
  stored.set(id, item);
  return item;
}

const fakes: AppointmentChangeRouteDependencies = {
  appointments: {
    getAppointment: async (id) => stored.get(id) ?? null,
    changeAppointment: async (write) => {
      if (stored.get(write.next.appointment.appointment_id)?.version !== write.previous.version) return 'changed_meanwhile';
      if (write.take && full.has(`${write.take.date} ${write.take.time}`)) return 'slot_full';
      writes.push(write);
      stored.set(write.next.appointment.appointment_id, write.next);
      return 'changed';
    },
  },
  schedulers: { getScheduler: async (teamId, id) => (teamId === SCHEDULER.team_id && id === SCHEDULER.scheduler_id ? SCHEDULER : null) },
  sessions: { getSession: async () => null, bookedCounts: async () => new Map() },
  tenancy: { getTeamByWorkspace: async (ws) => [OWN, FOREIGN].find((t) => t.workspaceId === ws) ?? null },
  manageUrl: async (s) => `https://book.example.com/widget/manage/${s.appointment.appointment_id}.secret`,
};

let handler: (event: APIGatewayProxyEvent, context: Context) => Promise<{ statusCode: number; body: string }>;
beforeAll(async () => {
  const runtime = await import('#shared/adapters/runtime/appointment-dependencies');
  runtime.useAppointmentChangeDependencies(() => fakes);
  ({ handler } = await import('../../../../functions/change-appointment/handler'));
});
beforeEach(() => {
  writes.length = 0;
  full.clear();
});

async function post(id: string, action: string, body?: unknown, workspace = OWN.workspaceId) {
  const response = await handler(
    proxyEvent({
      resource: `/v1/appointments/{appointmentId}/${action}`,
      path: `/v1/appointments/${id}/${action}`,
      httpMethod: 'POST',
      pathParameters: { appointmentId: id },
      headers: { 'content-type': 'application/json', 'x-workspace-id': workspace },
      body: body === undefined ? null : JSON.stringify(body),
      authorizer: encodeIdentity(identity({ teamIds: [OWN.id], permissions: ['write:appointments'] })),
    }),
    {} as Context,
  );
  return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown> };
}

const dayAt = (days: number, time: string) => `${new Date(Date.now() + days * 24 * HOUR).toISOString().slice(0, 10)}T${time}:00.000Z`;

describe('change-appointment', () => {
  it('moves a visit of the workspace’s team, answers it as the feed shows it, and makes one event by the integrator', async () => {
    visit('apt_move', new Date(dayAt(2, '10:00')));
    const target = dayAt(3, '11:00');
    const moved = await post('apt_move', 'reschedule', { date: target.slice(0, 10), time: '11:00' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      appointment_id: 'apt_move',
      starts_at: target,
      start_time: '11:00',
      manage_url: 'https://book.example.com/widget/manage/apt_move.secret',
    });
    expect((moved.body.data as { history: unknown[] }).history.at(-1)).toMatchObject({ change: 'rescheduled', by: 'integrator' });
    expect(moved.body.meta).toMatchObject({ request_id: expect.any(String) });
    expect(writes.flatMap((w) => w.events.map((e) => e.detail))).toEqual([
      expect.objectContaining({ event: 'lead.booking_rescheduled', changed_by: 'integrator', previous_starts_at: dayAt(2, '10:00') }),
    ]);
  });

  it('answers 404 for another team’s visit and an unknown id, and 403 for a workspace out of reach', async () => {
    visit('apt_foreign', new Date(dayAt(2, '10:00')), FOREIGN.id);
    for (const id of ['apt_foreign', 'apt_nowhere']) {
      const answer = await post(id, 'cancel', {});
      expect({ id, status: answer.status, error: answer.body.error }).toEqual({ id, status: 404, error: 'not_found' });
    }
    expect((await post('apt_foreign', 'cancel', {}, FOREIGN.workspaceId)).status).toBe(403);
    expect(writes).toEqual([]);
  });

  it('answers 400 naming the field for a malformed date or time, and a missing body', async () => {
    visit('apt_bad', new Date(dayAt(2, '10:00')));
    for (const [body, field] of [
      [{ date: '2026/12/01', time: '10:00' }, 'date'],
      [{ date: '2026-12-01', time: '10am' }, 'time'],
      [{ date: '2026-12-01' }, 'time'],
      [undefined, 'body'],
    ] as const) {
      const answer = await post('apt_bad', 'reschedule', body);
      expect({ status: answer.status, field: answer.body.field, success: answer.body.success }).toEqual({
        status: 400,
        field,
        success: false,
      });
    }
  });

  it('answers 409 slot_taken with fresh slots when the slot is full, writing nothing', async () => {
    visit('apt_full', new Date(dayAt(2, '10:00')));
    const target = dayAt(3, '12:00');
    full.add(`${target.slice(0, 10)} 12:00`);
    const answer = await post('apt_full', 'reschedule', { date: target.slice(0, 10), time: '12:00' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      success: false,
      error: 'slot_taken',
      field: 'time',
      details: { availability: { time_zone: 'UTC' } },
    });
    expect(writes).toEqual([]);
  });

  it('cancels with the reason on the history and in the event', async () => {
    visit('apt_cancel', new Date(dayAt(2, '10:00')));
    const answer = await post('apt_cancel', 'cancel', { reason: 'Customer called the office' });
    expect(answer.body.data).toMatchObject({ status: 'cancelled' });
    expect(writes.map((w) => w.events[0]?.detail)).toEqual([
      expect.objectContaining({ event: 'lead.booking_cancelled', changed_by: 'integrator', reason: 'Customer called the office' }),
    ]);
  });

  it('completes and marks no-show only after the start (409 before), once each', async () => {
    visit('apt_later', new Date(Date.now() + 4 * HOUR));
    for (const action of ['complete', 'no-show']) {
      const early = await post('apt_later', action);
      expect({ action, status: early.status, error: early.body.error }).toEqual({ action, status: 409, error: 'conflict' });
    }
    visit('apt_done', new Date(Date.now() - HOUR));
    visit('apt_missed', new Date(Date.now() - HOUR));
    expect((await post('apt_done', 'complete')).body.data).toMatchObject({ status: 'completed' });
    expect((await post('apt_done', 'complete')).status).toBe(200);
    expect((await post('apt_missed', 'no-show', {})).body.data).toMatchObject({ status: 'no_show' });
    expect((await post('apt_done', 'no-show')).status).toBe(409);
    expect(writes.map((w) => [w.next.appointment.appointment_id, w.events[0]?.type])).toEqual([
      ['apt_done', 'lead.booking_completed'],
      ['apt_missed', 'lead.no_show'],
    ]);
  });
});

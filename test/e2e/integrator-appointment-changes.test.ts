import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { newAppointment, type StoredAppointment } from '#shared/domain/appointments/appointment';
import { type SchedulerSettingsInput, WEEKDAYS } from '#shared/domain/schedulers';
import type { Team } from '#shared/domain/tenancy';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';
import { verifyWith, WebhookReceiver } from '../support/webhook-receiver';
import { bookLatestOpenSlot } from '../support/widget-booking';

/**
 * An integrator changes visits through the platform API, as `npm start` runs it: a move takes the
 * new place and frees the old, texts once and publishes one event; a cancel offers the place again
 * at once; of 20 moves racing for a slot's last place exactly one wins; complete and no-show only
 * after the start; replays under Idempotency-Key do nothing twice; another team's visit is a 404.
 */
process.env.LOG_LEVEL = 'silent';
// The receiver of the signed webhooks listens on 127.0.0.1.
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';

let service: LocalService;
let fixture: TenancyFixture;
let key: string;
let teamId: number;
const SCHEDULER = 21;
const HOUR = 3_600_000;

const SETTINGS: SchedulerSettingsInput = {
  name: 'Rapid Rooter Plumbing',
  services: ['Drain clog'],
  job_types: [],
  service_areas: ['Brooklyn'],
  time_zone: 'America/New_York',
  hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '00:00', close: '23:59' }])) as SchedulerSettingsInput['hours'],
  lead_time_minutes: 0,
};

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, streamBatchingWindowSeconds: 0.05 });
  fixture = await createTenancyFixture();
  teamId = fixture.teams.own.id;
  key = await fixture.createKey('enterprise', ['write:appointments', 'read:leads', 'read:outbound']);
  await new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams')).putScheduler(
    teamId,
    SCHEDULER,
    SETTINGS,
    new Date(),
  );
}, 60_000);
afterAll(() => service.stop());

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

async function change(
  appointmentId: string,
  action: string,
  body: unknown = {},
  options: { apiKey?: string; idempotencyKey?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${service.url}/v1/appointments/${appointmentId}/${action}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${options.apiKey ?? key}`,
      'x-workspace-id': fixture.teams.own.workspaceId,
      'content-type': 'application/json',
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

type Availability = { days: { date: string; slots: { time: string }[] }[] };
async function availability(): Promise<Availability> {
  return (await (await fetch(`${service.url}/widget/api/${teamId}/${SCHEDULER}/availability?days=4`)).json()) as Availability;
}
const offers = (a: Availability, slot: { date: string; time: string }) =>
  a.days.some((d) => d.date === slot.date && d.slots.some((s) => s.time === slot.time));

/** A free slot of the last day offered, other than `except`. */
async function freeSlot(except: readonly { date: string; time: string }[] = []): Promise<{ date: string; time: string }> {
  const day = (await availability()).days.filter((d) => d.slots.length > 0).at(-1);
  const slot = day?.slots.find((s) => !except.some((e) => e.date === day.date && e.time === s.time));
  if (!day || !slot) throw new Error('no free slot');
  return { date: day.date, time: slot.time };
}

const appointments = () => new DynamoAppointmentStore(getDocumentClient(), { leads: physicalTableName('leads') });
const heldSlot = async (id: string) => (await appointments().getAppointment(id))?.heldSlot ?? null;
const eventsOf = (id: string, type: string) =>
  service.eventBus.published.filter((e) => e['detail-type'] === type && e.detail.appointment_id === id);

let seeded = 0;
/** Visits written as the demo seed writes them (no event, no place held), starting at `start`. */
async function seedVisits(count: number, start: Date, team: Team = fixture.teams.own): Promise<string[]> {
  const visits: StoredAppointment[] = Array.from({ length: count }, () => {
    seeded += 1;
    const appointment = newAppointment(
      {
        appointment_id: `apt_integrator_${seeded}`,
        team_id: team.id,
        scheduler_id: team.id === teamId ? SCHEDULER : null,
        channel: 'scheduling_widget',
        customer: { name: 'Dana Reyes', phone: '+13125550142', email: null, address: null },
        service: 'Drain clog',
        starts_at: start.toISOString(),
        time_zone: 'America/New_York',
        duration_minutes: 60,
        lead: { id: null, lead_id: null },
        session_id: null,
        call_id: null,
      },
      'customer',
      new Date(Date.now() - 48 * HOUR).toISOString(),
    );
    return { appointment, manage: { nonce: 'seeded', tokenHash: 'seeded' }, heldSlot: null, sessionStartedAt: null, version: 1 };
  });
  await appointments().putAppointments(visits);
  return visits.map((v) => v.appointment.appointment_id);
}

async function outboundTexts(id: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${service.url}/api/v1/teams/${teamId}/outbound/texts?limit=200`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return ((await response.json()) as { data: Record<string, unknown>[] }).data.filter((t) => t.appointment_id === id);
}

describe('appointments changed by integrators through the platform API', () => {
  it('moves a booked visit, frees its old place, replays under its Idempotency-Key, texts once and publishes one event', async () => {
    const id = await bookLatestOpenSlot(service.url, teamId, SCHEDULER, 'Drain clog');
    const old = await heldSlot(id);
    if (!old) throw new Error('the booking holds no place');
    const target = await freeSlot([old]);
    const idempotencyKey = `move-${id}`;

    const moved = await change(id, 'reschedule', target, { idempotencyKey });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ appointment_id: id, start_date: target.date, start_time: target.time, status: 'scheduled' });
    expect(String((moved.body.data as { manage_url: string }).manage_url)).toMatch(new RegExp(`^${service.url}/widget/manage/${id}\\.`));
    const replay = await change(id, 'reschedule', target, { idempotencyKey });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(moved.body);
    expect((await change(id, 'reschedule', old, { idempotencyKey })).status).toBe(422);

    const offered = await availability();
    expect(offers(offered, old)).toBe(true);
    expect(offers(offered, target)).toBe(false);
    await service.settle();
    expect(eventsOf(id, 'lead.booking_rescheduled').map((e) => e.detail)).toEqual([
      expect.objectContaining({ changed_by: 'integrator', starts_at: (moved.body.data as { starts_at: string }).starts_at }),
    ]);
    expect((await outboundTexts(id)).filter((t) => t.purpose === 'booking_change').map((t) => t.status)).toEqual(['sent']);
  }, 60_000);

  it('cancels a visit: its place is offered again at once, and a second cancel changes nothing', async () => {
    const id = await bookLatestOpenSlot(service.url, teamId, SCHEDULER, 'Drain clog');
    const place = await heldSlot(id);
    if (!place) throw new Error('the booking holds no place');
    expect(offers(await availability(), place)).toBe(false);
    const cancelled = await change(id, 'cancel', { reason: 'Customer called the office' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
    expect(offers(await availability(), place)).toBe(true);
    expect((await change(id, 'cancel', {})).status).toBe(200);
    await service.settle();
    expect(eventsOf(id, 'lead.booking_cancelled').map((e) => e.detail)).toEqual([
      expect.objectContaining({ changed_by: 'integrator', reason: 'Customer called the office' }),
    ]);
  }, 60_000);

  it('gives a slot’s last place to exactly one of 20 racing moves; the others get 409 slot_taken with fresh slots', async () => {
    const ids = await seedVisits(20, new Date(Date.now() + 30 * HOUR));
    const target = await freeSlot();
    const answers = await Promise.all(ids.map((id) => change(id, 'reschedule', target, { idempotencyKey: `race-${id}` })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    for (const a of refused) {
      expect(a.body).toMatchObject({
        success: false,
        error: 'slot_taken',
        field: 'time',
        details: { availability: { days: expect.any(Array) } },
      });
    }
    expect(offers(await availability(), target)).toBe(false);
    await service.settle();
    expect(ids.flatMap((id) => eventsOf(id, 'lead.booking_rescheduled'))).toHaveLength(1);
  }, 90_000);

  it('completes and marks no-show only after the start (409 before), each with its event once', async () => {
    const [ahead = ''] = await seedVisits(1, new Date(Date.now() + 3 * HOUR));
    const [done = '', missed = ''] = await seedVisits(2, new Date(Date.now() - HOUR));
    for (const action of ['complete', 'no-show']) {
      const early = await change(ahead, action);
      expect({ action, status: early.status, message: early.body.message }).toEqual({
        action,
        status: 409,
        message: expect.stringContaining('has not started yet'),
      });
    }
    expect((await change(done, 'complete', {}, { idempotencyKey: `complete-${done}` })).body.data).toMatchObject({ status: 'completed' });
    expect((await change(done, 'complete')).status).toBe(200);
    expect((await change(missed, 'no-show')).body.data).toMatchObject({ status: 'no_show' });
    expect((await change(missed, 'complete')).status).toBe(409);
    await service.settle();
    expect(eventsOf(done, 'lead.booking_completed')).toHaveLength(1);
    expect(eventsOf(missed, 'lead.no_show')).toHaveLength(1);
    expect(service.eventBus.published.filter((e) => e.detail.appointment_id === ahead)).toEqual([]);
  }, 60_000);

  it('delivers each change to the workspace’s webhook subscribed to the five visit events, signed, once', async () => {
    const receiver = await new WebhookReceiver().start();
    try {
      const events = [
        'lead.booking_confirmed',
        'lead.booking_rescheduled',
        'lead.booking_cancelled',
        'lead.booking_completed',
        'lead.no_show',
      ];
      const writer = await fixture.createKey('enterprise', ['write:webhooks']);
      const created = await fetch(`${service.url}/v1/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writer}`, 'x-workspace-id': fixture.teams.own.workspaceId, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url('/visits'), events }),
      });
      expect(created.status).toBe(201);
      const { secret } = ((await created.json()) as { data: { secret: string } }).data;
      const [cancelled = ''] = await seedVisits(1, new Date(Date.now() + 30 * HOUR));
      const [missed = ''] = await seedVisits(1, new Date(Date.now() - HOUR));
      expect((await change(cancelled, 'cancel', { reason: 'Moved away' })).status).toBe(200);
      expect((await change(missed, 'no-show')).status).toBe(200);
      await service.settle();
      const got = await receiver.waitFor('/visits', 2);
      await service.settle();
      const bodies = receiver.on('/visits').map((r) => verifyWith(secret, r) as Record<string, unknown>);
      expect(bodies.map((b) => [b.event, b.appointment_id, b.changed_by]).sort()).toEqual(
        [
          ['lead.booking_cancelled', cancelled, 'integrator'],
          ['lead.no_show', missed, 'integrator'],
        ].sort(),
      );
      expect(got).toHaveLength(2);
    } finally {
      await receiver.stop();
    }
  }, 60_000);

  it('answers 404 for another team’s visit and an unknown id, 400 naming a malformed field, 403 without write:appointments', async () => {
    const [sibling = ''] = await seedVisits(1, new Date(Date.now() - HOUR), fixture.teams.sibling);
    for (const id of [sibling, 'apt_nobody_has']) {
      const answer = await change(id, 'complete');
      expect({ id, status: answer.status, error: answer.body.error }).toEqual({ id, status: 404, error: 'not_found' });
    }
    const [visit = ''] = await seedVisits(1, new Date(Date.now() + 30 * HOUR));
    const bad = await change(visit, 'reschedule', { date: '12/01/2026', time: '09:00' });
    expect(bad).toMatchObject({ status: 400, body: { success: false, field: 'date' } });
    const readOnly = await fixture.createKey('enterprise', ['read:leads', 'write:webhooks']);
    const refused = await change(visit, 'cancel', {}, { apiKey: readOnly });
    expect(refused.status).toBe(403);
    expect((await appointments().getAppointment(visit))?.appointment.status).toBe('scheduled');
  }, 60_000);
});

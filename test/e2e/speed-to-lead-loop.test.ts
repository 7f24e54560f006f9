import type { EventBridgeEvent } from 'aws-lambda';
import { DateTime } from 'luxon';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeConfigStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { IntakeConfigInput } from '#shared/domain/intake/intake-config';
import { intakeConfigSchema } from '#shared/domain/intake/intake-config-schema';
import { WEEKDAYS } from '#shared/domain/intake/scheduling';
import type { Team } from '#shared/domain/tenancy';
import { WORKERS } from '#shared/workers/definitions';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { eventViolations } from '../support/event-schemas';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';

/**
 * The speed-to-lead loop end to end through the local gateway: intake → outreach-calls queue →
 * outreach worker → sandbox voice provider → simulated end-of-call report → voice webhook →
 * responder → lead completed, with the lead events and the v1 leads feed showing the result.
 */

const INGEST = '/api/outbound/speed-to-lead/ingest';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const OUTREACH_MAX_RECEIVES = WORKERS.find((w) => w.queue === 'outreach-calls')?.maxReceiveCount ?? 0;

type Envelope = EventBridgeEvent<string, Record<string, unknown>>;
type Json = Record<string, unknown>;

let service: LocalService;
let fixture: TenancyFixture;
let configs: DynamoIntakeConfigStore;
/** Single-team keys: `own` calls at once, `sibling` in business hours only, `foreign` retries once. */
let keys: {
  own: string;
  sibling: string;
  foreign: string;
  ownReader: string;
  siblingReader: string;
  foreignReader: string;
  noWrite: string;
};
const events: Envelope[] = [];

let phoneCounter = 0;
/** A fresh US number; the sandbox customer answers the first call when it ends in an even digit. */
function phone(lastDigit: 'even' | 'odd'): string {
  phoneCounter++;
  const digit = lastDigit === 'even' ? (phoneCounter % 5) * 2 : (phoneCounter % 5) * 2 + 1;
  return `+1212555${String(phoneCounter).padStart(3, '0')}${digit}`;
}

beforeAll(async () => {
  service = await startLocalService({
    port: 0,
    dataDir: undefined,
    seed: false,
    simulateCallReports: true,
    callReportDelayMs: 0,
    queueVisibilityTimeoutSeconds: 0.05,
  });
  service.eventBus.subscribe((e) => {
    events.push(e);
  });
  fixture = await createTenancyFixture();
  configs = new DynamoIntakeConfigStore(getDocumentClient(), physicalTableName('teams'));
  const { sibling, foreign } = fixture.teams;
  await configs.putIntakeConfig(sibling.id, intakeConfigSchema.parse(hoursExcludingNow(sibling)));
  await configs.putIntakeConfig(foreign.id, intakeConfigSchema.parse({ outreach: { max_attempts: 2, retry_spacing_minutes: 20 } }));
  keys = {
    own: await fixture.createKey('enterprise', ['write:leads']),
    sibling: await fixture.createKey('enterprise', ['write:leads'], { team: sibling }),
    foreign: await fixture.createKey('enterprise', ['write:leads'], { team: foreign }),
    ownReader: await fixture.createKey('enterprise', ['read:leads']),
    siblingReader: await fixture.createKey('enterprise', ['read:leads'], { team: sibling }),
    foreignReader: await fixture.createKey('enterprise', ['read:leads'], { team: foreign }),
    noWrite: await fixture.createKey('enterprise', ['read:leads', 'read:calls']),
  };
});
afterAll(() => service?.stop());

/** Business hours of one hour, every day, starting two to three hours from now in the team's zone. */
function hoursExcludingNow(team: Team): IntakeConfigInput {
  const local = DateTime.now().setZone(team.timezone);
  const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  const window = { start: hh(local.hour + 2), end: hh(local.hour + 3) };
  return { scheduling: { mode: 'business_hours', business_hours: Object.fromEntries(WEEKDAYS.map((d) => [d, [window]])) } };
}

async function call(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const response = await fetch(`${service.url}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: (text === '' ? {} : JSON.parse(text)) as Json };
}

function ingest(payload: unknown, auth: Record<string, string>, extraHeaders: Record<string, string> = {}) {
  return call(INGEST, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth, ...extraHeaders },
    body: JSON.stringify(payload),
  });
}

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const apiKey = (key: string) => ({ 'X-API-Key': key });

async function feedLead(team: Team, readKey: string, externalId: string): Promise<Json | undefined> {
  const res = await call(`/api/v1/teams/${team.id}/leads?external_id=${encodeURIComponent(externalId)}`, { headers: bearer(readKey) });
  expect(res.status).toBe(200);
  const data = res.body.data as Json[];
  expect(data.length).toBeLessThanOrEqual(1);
  return data[0];
}

const callsFor = (stlCallId: number) => service.voice.calls.filter((c) => c.request.metadata.stl_call_id === stlCallId);
/** A lead's lifecycle events (lead.*), oldest first. */
const eventsFor = (leadId: number) => events.filter((e) => e.detail.lead_id === leadId && e['detail-type'].startsWith('lead.'));

describe('speed-to-lead loop through the local gateway', () => {
  it('takes a lead with a Bearer key to one AI call, a booked appointment, three lead events and the leads feed', async () => {
    const externalId = `crm-${Date.now()}-bearer`;
    const number = phone('even');

    const res = await ingest(
      { name: 'Dana Whitfield', phone: number, email: 'dana@example.com', service_type: 'AC repair', external_id: externalId },
      bearer(keys.own),
    );

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, lead_id: expect.any(Number), stl_call_id: expect.any(Number) });
    expect(res.body.request_id).toEqual(expect.any(String));
    const leadId = res.body.lead_id as number;
    const stlCallId = res.body.stl_call_id as number;

    await service.settle();

    const placed = callsFor(stlCallId);
    expect(placed).toHaveLength(1);
    const [sandboxCall] = placed;
    expect(sandboxCall?.request.metadata).toEqual({ lead_id: leadId, stl_call_id: stlCallId, team_id: fixture.teams.own.id, attempt: 1 });
    expect(sandboxCall?.request.customerNumber).toBe(number);

    const report = service.callReports?.sent.find((r) => r.providerCallId === sandboxCall?.providerCallId);
    expect(report).toMatchObject({ answered: true, status: 201 });
    const reportData = ((report?.response ?? {}) as Json).data as Json;
    expect(reportData.appointmentId).toEqual(expect.stringMatching(UUID));

    const lead = await feedLead(fixture.teams.own, keys.ownReader, externalId);
    expect(lead).toMatchObject({
      lead_id: leadId,
      external_id: externalId,
      status: 'booked',
      outreach: {
        stl_call_id: stlCallId,
        status: 'completed',
        outcome: 'booked',
        attempt: 1,
        provider_call_id: sandboxCall?.providerCallId,
      },
      appointment: { appointment_id: reportData.appointmentId, status: 'scheduled', service: 'AC repair', urgency: 'standard' },
    });
    const scheduledFor = DateTime.fromISO(String(((lead?.appointment ?? {}) as Json).scheduled_for)).setZone(fixture.teams.own.timezone);
    expect(scheduledFor.toFormat('HH:mm')).toBe('10:00');

    const lifecycle = eventsFor(leadId);
    expect(lifecycle.map((e) => e['detail-type'])).toEqual(['lead.created', 'lead.booking_created', 'lead.completed']);
    for (const e of lifecycle) {
      expect(eventViolations({ type: e['detail-type'], detail: e.detail })).toEqual([]);
      expect(e.detail).toMatchObject({ external_id: externalId, lead_id: leadId, stl_call_id: stlCallId });
      expect(e.source).toBe('lead-call-scheduling-service');
    }
    expect(lifecycle[1]?.detail.appointment).toMatchObject({ appointment_id: reportData.appointmentId });
    expect(lifecycle[2]?.detail).toMatchObject({ outcome: 'booked', attempts: 1, appointment_id: reportData.appointmentId });
    // The outreach call's report, processed by the responder: one call.processed, ids only.
    const processed = events.filter((e) => e['detail-type'] === 'call.processed' && e.detail.stl_call_id === stlCallId);
    expect(processed).toHaveLength(1);
    expect(eventViolations({ type: 'call.processed', detail: processed[0]?.detail ?? {} })).toEqual([]);
    expect(processed[0]?.detail).toMatchObject({
      lead_id: leadId,
      direction: 'outbound',
      appointment_id: reportData.appointmentId,
      provider_call_id: sandboxCall?.providerCallId,
    });
    expect(JSON.stringify(processed[0]?.detail)).not.toContain(number.slice(2));
    // Due in the outbox with the stored call, before the close-out's events: published in that order.
    expect(events.indexOf(processed[0] as (typeof events)[number])).toBeLessThan(events.indexOf(lifecycle[1] as (typeof events)[number]));
  });

  it('takes a lead with an X-API-Key key through the same loop', async () => {
    const externalId = `crm-${Date.now()}-x-api-key`;

    const res = await ingest({ first_name: 'Lee', last_name: 'Ortiz', phone: phone('even'), external_id: externalId }, apiKey(keys.own));

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, lead_id: expect.any(Number), stl_call_id: expect.any(Number) });
    await service.settle();
    expect(callsFor(res.body.stl_call_id as number)).toHaveLength(1);
    const lead = await feedLead(fixture.teams.own, keys.ownReader, externalId);
    expect(lead).toMatchObject({ status: 'booked', outreach: { status: 'completed', outcome: 'booked' } });
    expect(eventsFor(res.body.lead_id as number).map((e) => e['detail-type'])).toEqual([
      'lead.created',
      'lead.booking_created',
      'lead.completed',
    ]);
  });

  it('retries an unanswered first call after the team spacing and books on the second attempt', async () => {
    const externalId = `crm-${Date.now()}-no-answer`;
    const { foreign } = fixture.teams;

    const res = await ingest({ name: 'Sam Odd', phone: phone('odd'), external_id: externalId }, bearer(keys.foreign));
    expect(res.status).toBe(201);
    const stlCallId = res.body.stl_call_id as number;
    await service.settle();

    const afterFirst = await feedLead(foreign, keys.foreignReader, externalId);
    const outreach = afterFirst?.outreach as Json;
    expect(outreach).toMatchObject({ status: 'scheduled', attempt: 2, outcome: null });
    const dueAt = new Date(String(outreach.due_at));
    expect(dueAt.getTime()).toBeGreaterThan(Date.now() + 19 * 60_000);
    expect(service.scheduler.pending().map((s) => s.name)).toContain(`stl-${stlCallId}-attempt-2`);
    expect(service.callReports?.sent.find((r) => r.stlCallId === stlCallId)).toMatchObject({ answered: false, status: 201 });

    await service.scheduler.runDue(dueAt);
    await service.settle();

    expect(callsFor(stlCallId).map((c) => c.request.metadata.attempt)).toEqual([1, 2]);
    const done = await feedLead(foreign, keys.foreignReader, externalId);
    expect(done).toMatchObject({ status: 'booked', outreach: { status: 'completed', outcome: 'booked', attempt: 2 } });
    const lifecycle = eventsFor(res.body.lead_id as number);
    expect(lifecycle.map((e) => e['detail-type'])).toEqual(['lead.created', 'lead.booking_created', 'lead.completed']);
    expect(lifecycle[2]?.detail).toMatchObject({ outcome: 'booked', attempts: 2 });
  });
});

describe('scheduled outreach', () => {
  it('schedules a lead that arrives outside business hours and calls it when the schedule runs', async () => {
    const externalId = `crm-${Date.now()}-after-hours`;
    const { sibling } = fixture.teams;

    const res = await ingest({ name: 'Ari Night', phone: phone('even'), external_id: externalId }, bearer(keys.sibling));

    expect(res.status).toBe(201);
    const stlCallId = res.body.stl_call_id as number;
    const outreach = res.body.outreach as Json;
    expect(outreach).toMatchObject({ status: 'scheduled', scheduling_mode: 'business_hours' });
    const dueAt = new Date(String(outreach.due_at));
    expect(dueAt.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    await service.settle();
    expect(callsFor(stlCallId)).toHaveLength(0);
    const schedule = service.scheduler.pending().find((s) => s.name === `stl-${stlCallId}-attempt-1`);
    expect(schedule).toMatchObject({ at: dueAt.toISOString(), queue: 'outreach-calls', body: { stl_call_id: stlCallId, attempt: 1 } });
    expect(await feedLead(sibling, keys.siblingReader, externalId)).toMatchObject({
      outreach: { status: 'scheduled', due_at: dueAt.toISOString() },
    });

    expect(await service.scheduler.runDue(dueAt)).toBeGreaterThanOrEqual(1);
    await service.settle();

    expect(callsFor(stlCallId)).toHaveLength(1);
    expect(service.scheduler.pending().some((s) => s.name === `stl-${stlCallId}-attempt-1`)).toBe(false);
    expect(await feedLead(sibling, keys.siblingReader, externalId)).toMatchObject({
      status: 'booked',
      outreach: { status: 'completed', outcome: 'booked' },
    });
  });
});

describe('outreach worker delivery', () => {
  it('places one call however often the same outreach message is delivered', async () => {
    const res = await ingest({ name: 'Kim Twice', phone: phone('even') }, bearer(keys.sibling));
    expect(res.status).toBe(201);
    const message = { stl_call_id: res.body.stl_call_id as number, attempt: 1 };
    const queue = service.queue('outreach-calls');

    await queue.send([{ body: message }, { body: message }]);
    await queue.send([{ body: message }]);
    await service.settle();

    expect(callsFor(message.stl_call_id)).toHaveLength(1);
    expect(queue.deadLetters.filter((m) => m.body === JSON.stringify(message))).toHaveLength(0);
  });

  it('moves poison messages to the dead-letter list after maxReceiveCount receives', async () => {
    const queue = service.queue('outreach-calls');
    const before = queue.deadLetters.length;

    await queue.sendRaw('this is not JSON');
    await queue.send([{ body: { stl_call_id: 987_654_321, attempt: 1 } }, { body: { hello: 'world' } }]);
    await queue.drained();

    const dead = queue.deadLetters.slice(before);
    expect(dead.map((m) => m.body).sort()).toEqual(
      ['this is not JSON', JSON.stringify({ stl_call_id: 987_654_321, attempt: 1 }), JSON.stringify({ hello: 'world' })].sort(),
    );
    for (const m of dead) expect(m.receiveCount).toBe(OUTREACH_MAX_RECEIVES);
    expect(queue.depth).toBe(0);
  });
});

describe('duplicate intake under concurrency', () => {
  async function race(payload: Json) {
    const responses = await Promise.all(Array.from({ length: 20 }, () => ingest(payload, bearer(keys.own))));
    const created = responses.filter((r) => r.status === 201);
    const conflicts = responses.filter((r) => r.status === 409);
    return { responses, created, conflicts };
  }

  it('creates one lead from 20 parallel requests with the same external_id and answers 409 naming it to the rest', async () => {
    const { responses, created, conflicts } = await race({ name: 'Race Ext', phone: phone('even'), external_id: `race-${Date.now()}` });

    expect(responses.map((r) => r.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    const leadId = created[0]?.body.lead_id as number;
    for (const c of conflicts) {
      expect(c.body).toMatchObject({ success: false, lead_id: leadId, request_id: expect.any(String) });
      expect(String(c.body.error)).toContain(`lead_id ${leadId}`);
    }
    await service.settle();
    expect(callsFor(created[0]?.body.stl_call_id as number)).toHaveLength(1);
  });

  it('creates one lead from 20 parallel requests with the same phone and no external_id inside the dedupe window', async () => {
    const { responses, created, conflicts } = await race({ name: 'Race Phone', phone: phone('even') });

    expect(responses.map((r) => r.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    const leadId = created[0]?.body.lead_id as number;
    for (const c of conflicts) {
      expect(c.body).toMatchObject({ success: false, lead_id: leadId, field: 'phone_number' });
      expect(String(c.body.error)).toContain(`lead_id ${leadId}`);
    }
    await service.settle();
  });
});

describe('intake refusals through the gateway', () => {
  const post = (body: string, headers: Record<string, string>) => call(INGEST, { method: 'POST', headers, body });
  const json = { 'content-type': 'application/json' };

  function expectIntakeError(res: { status: number; body: Json }, status: number) {
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, error: expect.any(String), request_id: expect.any(String) });
  }

  it('answers 415 to a body that is not declared as JSON', async () => {
    const res = await post(JSON.stringify({ phone: phone('even') }), { 'content-type': 'text/plain', ...bearer(keys.own) });
    expectIntakeError(res, 415);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await post('{"phone": ', { ...json, ...bearer(keys.own) });
    expectIntakeError(res, 400);
    expect(res.body.error).toMatch(/JSON/);
  });

  it('answers 400 to a JSON array', async () => {
    const res = await post(JSON.stringify([{ phone: phone('even') }]), { ...json, ...bearer(keys.own) });
    expectIntakeError(res, 400);
    expect(res.body.error).toMatch(/array/);
  });

  it('answers 413 to a body over 256 KB', async () => {
    const res = await post(JSON.stringify({ phone: phone('even'), notes: 'x'.repeat(300 * 1024) }), { ...json, ...bearer(keys.own) });
    expectIntakeError(res, 413);
  });

  it('answers 400 naming phone_number to a lead without a phone', async () => {
    const res = await post(JSON.stringify({ name: 'No Phone', email: 'np@example.com' }), { ...json, ...bearer(keys.own) });
    expectIntakeError(res, 400);
    expect(res.body.error).toMatch(/phone_number/);
    expect(res.body.field).toBe('phone_number');
  });

  it('keeps a lead whose phone is not a number with the phone as sent, answers 201 with outreach not_placed, and calls nobody', async () => {
    const externalId = `crm-${Date.now()}-raw-phone`;
    const callsBefore = service.voice.calls.length;
    const res = await ingest({ name: 'Bad Phone', phone: '12', external_id: externalId }, bearer(keys.own));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ outreach: { status: 'not_placed' }, warnings: [expect.stringContaining('phone_raw')] });
    await service.settle();
    expect(service.voice.calls.length).toBe(callsBefore);
    const lead = await feedLead(fixture.teams.own, keys.ownReader, externalId);
    expect(lead).toMatchObject({ customer: { phone: null, phone_raw: '12' }, outreach: { status: 'completed', outcome: 'failed' } });
  });

  it('answers 401 in the intake shape when no key is sent', async () => {
    const res = await post(JSON.stringify({ phone: phone('even') }), json);
    expectIntakeError(res, 401);
  });

  it('answers 403 in the intake shape to a key without write:leads', async () => {
    const res = await post(JSON.stringify({ phone: phone('even') }), { ...json, ...apiKey(keys.noWrite) });
    expectIntakeError(res, 403);
  });

  it('answers a test-mode request with a 200 preview and creates, queues and emits nothing', async () => {
    const externalId = `crm-${Date.now()}-preview`;
    const callsBefore = service.voice.calls.length;
    const eventsBefore = events.length;
    const schedulesBefore = service.scheduler.pending().length;

    const res = await ingest({ name: 'Pre View', phone: phone('even'), external_id: externalId }, bearer(keys.own), {
      'x-test-mode': 'true',
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, test_mode: true, team_id: fixture.teams.own.id, outreach: { status: 'queued' } });
    expect(res.body.lead_id).toBeUndefined();
    await service.settle();
    expect(service.voice.calls.length).toBe(callsBefore);
    expect(events.length).toBe(eventsBefore);
    expect(service.scheduler.pending().length).toBe(schedulesBefore);
    expect(service.queue('outreach-calls').depth).toBe(0);
    expect(await feedLead(fixture.teams.own, keys.ownReader, externalId)).toBeUndefined();
  });
});

describe('lead events', () => {
  it('emits only events that match their published JSON Schemas, with real EventBridge envelopes', () => {
    const lead = events.filter((e) => e['detail-type'].startsWith('lead.'));
    expect(lead.length).toBeGreaterThan(10);
    for (const e of lead) {
      expect(eventViolations({ type: e['detail-type'], detail: e.detail })).toEqual([]);
      expect(e).toMatchObject({ version: '0', id: expect.stringMatching(UUID), source: 'lead-call-scheduling-service', resources: [] });
    }
    const outcomes = lead.filter((e) => e['detail-type'] === 'lead.completed').map((e) => e.detail.outcome);
    // Every called lead booked; the one lead whose phone is not a number was never called (failed).
    expect(outcomes.filter((o) => o === 'failed')).toHaveLength(1);
    expect(new Set(outcomes)).toEqual(new Set(['booked', 'failed']));
  });
});

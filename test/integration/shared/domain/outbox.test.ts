import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoWebhookStore } from '#shared/adapters/dynamodb/webhook-store';
import { voiceProvider } from '#shared/adapters/runtime/voice-provider';
import type { LeadRecord } from '#shared/domain/leads';
import { publishDueEvent } from '#shared/domain/outbox/publish-due-events';
import { leadCreated } from '#shared/events/lead-events';
import type { DomainEvent } from '#shared/ports/event-bus';
import type { DueEvent } from '#shared/ports/outbox';
import { PermanentProviderError } from '#shared/ports/provider-errors';
import { type LocalService, startLocalService } from '../../../../local/cli/service';
import { faultyVoice } from '../../../../local/faults/adapters';
import { FaultInjector } from '../../../../local/faults/injector';
import { RecordingEventBus } from '../../../support/intake-fakes';
import { dueEvents } from '../../../support/outbox';
import { createTenancyFixture, type TenancyFixture } from '../../../support/tenancy-fixture';
import { WebhookReceiver } from '../../../support/webhook-receiver';

/**
 * The transactional outbox end to end on the local runtime: the state change and its event are one
 * write (a lead, an outreach close-out, a disabled webhook, a stored call report, a coach
 * evaluation); the publish-events consumer (the real handler, on the outbox table's stream)
 * publishes it through the bus. With the bus refusing every entry (FAULTS eventbridge.refuse:1) between the
 * commit and the publication, nothing is published and nothing is lost; once the bus takes entries
 * again, each event arrives exactly once and its outbox item is marked sent.
 */
const NOW = new Date('2026-11-24T15:00:00.000Z');
let service: LocalService;
let faults: FaultInjector;
let fixture: TenancyFixture;
let receiver: WebhookReceiver;

beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
  faults = new FaultInjector([{ target: 'eventbridge', kind: 'refuse', rate: 1 }], 27);
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, faults, streamBatchingWindowSeconds: 0.05 });
  fixture = await createTenancyFixture();
  receiver = await new WebhookReceiver().start();
}, 60_000);
afterAll(async () => {
  await service?.stop();
  await receiver?.stop();
});

/** POSTs as the fixture's own team with a key holding `permissions`; answers the status and the body's data. */
async function api(path: string, permissions: Parameters<TenancyFixture['createKey']>[1], body: unknown) {
  const key = await fixture.createKey('enterprise', permissions);
  const response = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'x-workspace-id': fixture.teams.own.workspaceId, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, data: ((await response.json()) as { data: Record<string, unknown> }).data };
}

/** Waits (the bus refusing every entry) until the consumer has tried a while: the events are due, none published. */
async function refusedForAWhile(): Promise<void> {
  const before = faults.injected.get('eventbridge.refuse') ?? 0;
  while ((faults.injected.get('eventbridge.refuse') ?? 0) - before < 3) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function storeLead(intake: DynamoIntakeStore, externalId: string): Promise<{ lead: LeadRecord; event: DomainEvent }> {
  const leadId = await intake.nextLeadId();
  const stlCallId = await intake.nextStlCallId();
  const lead: LeadRecord = {
    id: randomUUID(),
    lead_id: leadId,
    team_id: 7,
    type: 'scheduling_widget',
    datetime: NOW.toISOString(),
    status: 'new',
    customer_name: 'Dana Whitfield',
    customer_phone: '+12125550199',
    customer_email: null,
    lead_content: {},
    agent: 'ai_outreach',
    referrer_url: null,
    attribution: { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null, gclid: null },
    external_id: externalId,
    source: null,
    outreach: {
      stl_call_id: stlCallId,
      status: 'queued',
      scheduling_mode: 'always',
      due_at: NOW.toISOString(),
      attempt: 1,
      max_attempts: 1,
      retry_spacing_minutes: 30,
      provider_call_id: null,
      last_attempt_at: null,
      outcome: null,
      completed_at: null,
      reason: null,
    },
    appointment: null,
  };
  const ref = {
    lead_id: leadId,
    stl_call_id: stlCallId,
    team_id: 7,
    external_id: externalId,
    attribution: {
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      gclid: null,
      wbraid: null,
      gbraid: null,
    },
  };
  const event = leadCreated(
    ref,
    {
      customer_name: 'Dana Whitfield',
      phone_number: '+12125550199',
      phone_number_raw: null,
      email: null,
      service_type: null,
      lead_source: null,
      appointment_datetime: null,
    },
    { status: 'queued', due_at: NOW.toISOString(), scheduling_mode: 'always', max_attempts: 1 },
    NOW,
  );
  await intake.createLead({ lead, phone: null, phoneWindowHours: 0, now: NOW, events: [event] });
  return { lead, event };
}

const published = (eventId: unknown) => service.eventBus.published.filter((e) => e.detail.event_id === eventId);
const outboxState = async (eventId: unknown) =>
  (await getDocumentClient().send(new GetCommand({ TableName: physicalTableName('outbox'), Key: { pk: `EVENT#${String(eventId)}` } }))).Item
    ?.state;

describe('the transactional outbox', () => {
  it('publishes lead.created and a refused call’s lead.completed exactly once after the bus refused them between commit and publish', async () => {
    const intake = new DynamoIntakeStore(getDocumentClient(), physicalTableName('leads'));
    const { lead, event: created } = await storeLead(intake, 'crm-outbox-1');
    const stlCallId = lead.outreach?.stl_call_id ?? 0;
    // The voice provider refuses the call outright: the worker completes outreach as failed.
    voiceProvider.use(() => ({ placeCall: () => Promise.reject(new PermanentProviderError('number not allowed', 400)) }));
    await service.queue('outreach-calls').send([{ body: { stl_call_id: stlCallId, attempt: 1 } }]);
    await service.queue('outreach-calls').drained();
    expect((await intake.getLeadByStlCallId(stlCallId))?.outreach).toMatchObject({ status: 'completed', outcome: 'failed' });

    // The consumer has tried (and the bus refused every entry) for a while: nothing went out, both are due.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(faults.injected.get('eventbridge.refuse') ?? 0).toBeGreaterThan(0);
    const completed = (await import('#shared/events/lead-events')).eventIdFor('lead.completed', String(stlCallId));
    expect(published(created.detail.event_id)).toEqual([]);
    expect(published(completed)).toEqual([]);
    expect(await outboxState(created.detail.event_id)).toBe('due');
    expect(await outboxState(completed)).toBe('due');

    faults.set('eventbridge', 'refuse', 0);
    await service.settle();

    expect(published(created.detail.event_id).map((e) => e['detail-type'])).toEqual(['lead.created']);
    expect(published(completed).map((e) => [e['detail-type'], e.detail.outcome])).toEqual([['lead.completed', 'failed']]);
    expect(await outboxState(created.detail.event_id)).toBe('sent');
    expect(await outboxState(completed)).toBe('sent');
  }, 60_000);

  it('publishes a sent event again under its own id when a change makes it due again, and nothing for a change that did not happen', async () => {
    const intake = new DynamoIntakeStore(getDocumentClient(), physicalTableName('leads'));
    const { lead, event } = await storeLead(intake, 'crm-outbox-2');
    await service.settle();
    expect(published(event.detail.event_id)).toHaveLength(1);
    const stlCallId = lead.outreach?.stl_call_id ?? 0;
    const complete = () =>
      intake.transitionOutreach(stlCallId, { statuses: ['queued'], attempt: 1 }, { status: 'completed' }, 'closed', [event]);
    expect(await complete()).toBe(true);
    expect(await complete()).toBe(false);
    await service.settle();
    // At least once: the second copy carries the same event_id, for consumers to drop.
    expect(published(event.detail.event_id)).toHaveLength(2);
    expect(await outboxState(event.detail.event_id)).toBe('sent');
  }, 60_000);
});

describe('the lifecycle events of the dispatcher, the voice webhook and the coach', () => {
  it('publishes webhook.disabled exactly once after the bus refused it between the disabling write and publish', async () => {
    faults.set('eventbridge', 'refuse', 1);
    const created = await api('/v1/webhooks', ['write:webhooks'], { url: receiver.url('/gone'), events: ['lead.created'] });
    expect(created.status).toBe(201);
    const webhookId = String(created.data.id);
    receiver.answer('/gone', 410);
    const teamId = fixture.teams.own.id;
    const incoming = {
      id: 'env-outbox-wh',
      'detail-type': 'lead.created',
      detail: { event: 'lead.created', event_id: 'outbox-wh-1', team_id: teamId },
    };
    await service.queue('webhook-deliveries').send([{ body: incoming }]);
    await service.queue('webhook-deliveries').drained();
    const store = new DynamoWebhookStore(getDocumentClient(), physicalTableName('webhooks'));
    expect(await store.getSubscription(teamId, webhookId)).toMatchObject({ status: 'disabled' });

    await refusedForAWhile();
    const [due] = await dueEvents((e) => e.detail.webhook_id === webhookId);
    expect(due?.type).toBe('webhook.disabled');
    const eventId = due?.detail.event_id;
    expect(published(eventId)).toEqual([]);
    expect(await outboxState(eventId)).toBe('due');

    faults.set('eventbridge', 'refuse', 0);
    await service.settle();
    expect(published(eventId).map((e) => [e['detail-type'], e.detail])).toEqual([['webhook.disabled', due?.detail]]);
    expect(await outboxState(eventId)).toBe('sent');
  }, 60_000);

  it('publishes call.processed and the call’s coach_evaluation.completed exactly once after the bus refused them between their writes and publish', async () => {
    faults.set('eventbridge', 'refuse', 1);
    const report = {
      message: {
        type: 'end-of-call-report',
        call: { id: 'outbox-call-1', type: 'inboundPhoneCall', customer: { number: '+14155550100' } },
        transcript: 'AI: Thanks for calling, how can I help? Customer: I would like to book a plumber tomorrow at 10 am.',
        analysis: { structuredData: { bookingIntent: true } },
      },
    };
    const first = await api('/v1/responder/webhook', ['write:calls'], report);
    expect(first.status).toBe(201);
    const callId = String(first.data.callId);
    const ofCall = (type: string) => (e: DomainEvent) => e.type === type && e.detail.call_id === callId;
    // The report queued the call's evaluation; the coach worker stores it.
    await service.queue('coach-evaluations').drained();

    await refusedForAWhile();
    const [processed] = await dueEvents(ofCall('call.processed'));
    const [evaluated] = await dueEvents(ofCall('coach_evaluation.completed'));
    expect(processed?.detail).toMatchObject({ event: 'call.processed', call_id: callId, provider_call_id: 'outbox-call-1' });
    expect(evaluated?.detail).toMatchObject({ event: 'coach_evaluation.completed', call_id: callId, team_id: fixture.teams.own.id });
    const ids = [processed?.detail.event_id, evaluated?.detail.event_id];
    for (const id of ids) {
      expect(published(id)).toEqual([]);
      expect(await outboxState(id)).toBe('due');
    }
    // The provider's retry of the report (and the evaluation it queues again if none were stored) makes nothing due again.
    expect((await api('/v1/responder/webhook', ['write:calls'], report)).status).toBe(200);
    await service.queue('coach-evaluations').drained();
    expect(await dueEvents(ofCall('call.processed'))).toHaveLength(1);
    expect(await dueEvents(ofCall('coach_evaluation.completed'))).toHaveLength(1);

    faults.set('eventbridge', 'refuse', 0);
    await service.settle();
    expect(published(ids[0]).map((e) => [e['detail-type'], e.detail])).toEqual([['call.processed', processed?.detail]]);
    expect(published(ids[1]).map((e) => [e['detail-type'], e.detail])).toEqual([['coach_evaluation.completed', evaluated?.detail]]);
    for (const id of ids) expect(await outboxState(id)).toBe('sent');
  }, 60_000);
});

describe('a voice provider that is down', () => {
  it('delays the call across redeliveries and places it once, with one idempotency key, when the provider is back', async () => {
    voiceProvider.use(() => faultyVoice(service.voice, faults));
    faults.set('voice', '5xx', 1);
    const intake = new DynamoIntakeStore(getDocumentClient(), physicalTableName('leads'));
    const { lead } = await storeLead(intake, 'crm-outage-1');
    const stlCallId = lead.outreach?.stl_call_id ?? 0;
    const before = faults.injected.get('voice.5xx') ?? 0;
    await service.queue('outreach-calls').send([{ body: { stl_call_id: stlCallId, attempt: 1 } }]);
    // Two deliveries of three attempts each fail; the message waits on its queue, the lead goes back to queued.
    // The worker releases its claim just after the provider's last refusal, so wait for both.
    const outreach = async () => (await intake.getLeadByStlCallId(stlCallId))?.outreach;
    let released = await outreach();
    while ((faults.injected.get('voice.5xx') ?? 0) - before < 6 || released?.status !== 'queued') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      released = await outreach();
    }
    expect(service.voice.calls.filter((c) => c.request.metadata.stl_call_id === stlCallId)).toEqual([]);
    expect(released).toMatchObject({ status: 'queued', attempt: 1 });

    faults.set('voice', '5xx', 0);
    await service.queue('outreach-calls').drained();

    const placed = service.voice.calls.filter((c) => c.request.metadata.stl_call_id === stlCallId);
    expect(placed.map((c) => c.request.idempotencyKey)).toEqual([`stl-${stlCallId}-attempt-1`]);
    expect((await intake.getLeadByStlCallId(stlCallId))?.outreach).toMatchObject({ status: 'in_progress' });
  }, 60_000);
});

describe('publishDueEvent', () => {
  // The outbox the fakes stand for holds every event made here as due (publishDueEvent reads it back).
  const held = new Map<string, DueEvent>();
  const hold = (event: DueEvent): DueEvent => {
    held.set(event.eventId, event);
    return event;
  };
  const stillDue = async (eventId: string) => held.get(eventId) ?? null;
  const due = (n: number): DueEvent => hold({ eventId: `evt-${n}`, type: 'lead.created', detail: { event_id: `evt-${n}` } });
  const appointmentTexts = { send: async () => undefined };
  const widgetFollowups = appointmentTexts;

  it("starts a visit's texts before marking its event sent, and marks nothing when the queue refuses", async () => {
    const bus = new RecordingEventBus();
    const sent: string[] = [];
    const outbox = { dueEvent: stillDue, markSent: async (id: string) => void sent.push(id) };
    const queued: Record<string, unknown>[] = [];
    const queue = {
      send: async (messages: readonly { body: Record<string, unknown> }[]) => void queued.push(...messages.map((m) => m.body)),
    };
    const created = hold({ eventId: 'evt-a', type: 'appointment.created', detail: { team_id: 4, appointment_id: 'appt-1' } });
    await publishDueEvent({ bus, outbox, appointmentTexts: queue, widgetFollowups, now: () => NOW }, created);
    await publishDueEvent({ bus, outbox, appointmentTexts: queue, widgetFollowups, now: () => NOW }, due(3));
    expect(queued).toEqual([{ kind: 'booked', team_id: 4, appointment_id: 'appt-1' }]);
    const refusing = { send: async () => Promise.reject(new Error('queue down')) };
    const again = hold({ ...created, eventId: 'evt-b' });
    await expect(publishDueEvent({ bus, outbox, appointmentTexts: refusing, widgetFollowups, now: () => NOW }, again)).rejects.toThrow(
      'queue down',
    );
    expect(sent).toEqual(['evt-a', 'evt-3']);
  });

  it("starts a widget visit's field-service change before marking its event sent, and marks nothing when that queue refuses", async () => {
    const bus = new RecordingEventBus();
    const sent: string[] = [];
    const outbox = { dueEvent: stillDue, markSent: async (id: string) => void sent.push(id) };
    const texts: Record<string, unknown>[] = [];
    const jobs: Record<string, unknown>[] = [];
    const into = (list: Record<string, unknown>[]) => ({
      send: async (messages: readonly { body: Record<string, unknown> }[]) => void list.push(...messages.map((m) => m.body)),
    });
    const moved = hold({
      eventId: 'evt-m',
      type: 'lead.booking_rescheduled',
      detail: {
        team_id: 4,
        appointment_id: 'ses_1',
        channel: 'scheduling_widget',
        occurred_at: '2026-06-10T14:00:00.000Z',
        starts_at: '2026-06-12T15:00:00.000Z',
      },
    });
    await publishDueEvent({ bus, outbox, appointmentTexts: into(texts), widgetFollowups: into(jobs), now: () => NOW }, moved);
    expect(texts).toHaveLength(1);
    expect(jobs).toEqual([
      expect.objectContaining({ kind: 'field_service_change', change: expect.objectContaining({ change_id: 'evt-m' }) }),
    ]);
    const refusing = { send: async () => Promise.reject(new Error('queue down')) };
    const again = hold({ ...moved, eventId: 'evt-n' });
    await expect(
      publishDueEvent({ bus, outbox, appointmentTexts: into(texts), widgetFollowups: refusing, now: () => NOW }, again),
    ).rejects.toThrow('queue down');
    expect(sent).toEqual(['evt-m']);
  });

  it('publishes the event and marks it sent, and neither marks nor swallows one the bus refused', async () => {
    const bus = new RecordingEventBus();
    const sent: string[] = [];
    const outbox = { dueEvent: stillDue, markSent: async (id: string) => void sent.push(id) };
    await publishDueEvent({ bus, outbox, appointmentTexts, widgetFollowups, now: () => NOW }, due(1));
    const refusing = { publish: async () => Promise.reject(new Error('refused')) };
    await expect(publishDueEvent({ bus: refusing, outbox, appointmentTexts, widgetFollowups, now: () => NOW }, due(2))).rejects.toThrow(
      'refused',
    );
    expect(bus.published.map((e) => e.detail.event_id)).toEqual(['evt-1']);
    expect(sent).toEqual(['evt-1']);
  });

  it('publishes the event as the outbox holds it now, not the record’s copy, and nothing once it went out', async () => {
    const bus = new RecordingEventBus();
    const sent: string[] = [];
    const record = due(5);
    hold({ ...record, detail: { event_id: 'evt-5', redacted: true } });
    const outbox = { dueEvent: stillDue, markSent: async (id: string) => void sent.push(id) };
    await publishDueEvent({ bus, outbox, appointmentTexts, widgetFollowups, now: () => NOW }, record);
    held.delete('evt-5');
    await publishDueEvent({ bus, outbox, appointmentTexts, widgetFollowups, now: () => NOW }, record);
    expect(bus.published.map((e) => e.detail)).toEqual([{ event_id: 'evt-5', redacted: true }]);
    expect(sent).toEqual(['evt-5']);
  });

  it('publishes an event again under the same id when marking it sent failed (at least once, never lost)', async () => {
    const bus = new RecordingEventBus();
    let marks = 0;
    const outbox = { dueEvent: stillDue, markSent: async () => (++marks === 1 ? Promise.reject(new Error('throttled')) : undefined) };
    await expect(publishDueEvent({ bus, outbox, appointmentTexts, widgetFollowups, now: () => NOW }, due(1))).rejects.toThrow('throttled');
    await publishDueEvent({ bus, outbox, appointmentTexts, widgetFollowups, now: () => NOW }, due(1));
    expect(bus.published.map((e) => e.detail.event_id)).toEqual(['evt-1', 'evt-1']);
  });
});

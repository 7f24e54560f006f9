import { ConflictError } from '#shared/errors';
import { eventViolations } from '../../../../support/event-schemas';
import { ANCHOR, answered, basic, created, NOW, rejection, setup } from '../../../../support/ingest-harness';

process.env.LOG_LEVEL = 'silent';

describe('ingestLead: outreach dispatch', () => {
  const businessHours = {
    scheduling: {
      mode: 'business_hours' as const,
      business_hours: { monday: [{ start: '09:00', end: '17:00' }], tuesday: [{ start: '09:00', end: '17:00' }] },
    },
  };

  it('queues the first attempt at once when the schedule allows a call now', async () => {
    const { deps, ingest } = setup({ [ANCHOR.id]: businessHours });
    const result = created(await ingest(basic));
    expect(result.decision.outreach).toEqual({ status: 'queued', dueAt: NOW, schedulingMode: 'business_hours' });
    expect(deps.outreachQueue.sent).toEqual([{ body: { stl_call_id: result.stlCallId, attempt: 1 } }]);
    expect(deps.scheduler.scheduled).toEqual([]);
    expect(deps.intake.outreachOf(result.stlCallId)).toMatchObject({ status: 'queued', attempt: 1, due_at: NOW.toISOString() });
  });

  it('schedules the first attempt for the next allowed instant outside the schedule', async () => {
    const { deps, ingest } = setup({ [ANCHOR.id]: businessHours });
    // Tuesday 2026-11-24 18:00 New York: closed until Monday 2026-11-30 09:00 (14:00Z).
    const evening = new Date('2026-11-24T23:00:00.000Z');
    const result = created(await ingest(basic, { now: evening }));
    expect(result.decision.outreach).toEqual({
      status: 'scheduled',
      dueAt: new Date('2026-11-30T14:00:00.000Z'),
      schedulingMode: 'business_hours',
    });
    expect(deps.outreachQueue.sent).toEqual([]);
    expect(deps.scheduler.scheduled).toEqual([
      {
        name: `stl-${result.stlCallId}-attempt-1`,
        at: new Date('2026-11-30T14:00:00.000Z'),
        queue: 'outreach-calls',
        body: { stl_call_id: result.stlCallId, attempt: 1 },
      },
    ]);
    expect(deps.intake.outreachOf(result.stlCallId)?.status).toBe('scheduled');
  });

  it('stores the lead but answers 503 when the queue is down, and a repeat of the request queues the call with the same ids', async () => {
    const { deps, ingest } = setup();
    deps.outreachQueue.failure = new Error('SQS unavailable');
    const error = await rejection(ingest({ ...basic, external_id: 'crm-503' }));
    expect(answered(error).statusCode).toBe(503);
    const { lead_id: leadId, stl_call_id: stlCallId } = error.details as { lead_id: number; stl_call_id: number };
    expect(deps.intake.outreachOf(stlCallId)).toMatchObject({ status: 'dispatch_failed', reason: 'queue unavailable' });
    // The stored lead has its event: lead.created became due with it.
    expect(deps.eventBus.types()).toEqual(['lead.created']);

    deps.outreachQueue.failure = null;
    const repeated = created(await ingest({ ...basic, external_id: 'crm-503' }));

    expect(repeated).toMatchObject({ leadId, stlCallId, recovered: true });
    expect(deps.intake.outreachOf(stlCallId)).toMatchObject({ status: 'queued', reason: null });
    expect(deps.outreachQueue.sent.map((m) => m.body)).toEqual([{ stl_call_id: stlCallId, attempt: 1 }]);
    // Finishing the request records no second lead.created.
    expect(deps.eventBus.types()).toEqual(['lead.created']);
    // Once queued, the same request is an ordinary duplicate.
    expect(answered(await rejection(ingest({ ...basic, external_id: 'crm-503' }))).statusCode).toBe(409);
  });

  it('finishes a request that stopped between storing the lead and queueing its call when it is repeated after the request limit', async () => {
    const { deps, ingest } = setup();
    deps.outreachQueue.hang = true;
    void ingest({ ...basic, external_id: 'crm-crash' }); // never answers: the process died here
    await new Promise((resolve) => setImmediate(resolve));
    const [stored] = [...deps.intake.leads.values()];
    if (!stored?.lead_id || !stored.outreach) throw new Error('the lead was not stored');
    const stlCallId = stored.outreach.stl_call_id;
    expect(deps.intake.outreachOf(stlCallId)).toMatchObject({ status: 'queued', dispatched: false });
    deps.outreachQueue.hang = false;

    // Within the limit the first request may still be running: an ordinary duplicate.
    const early = await rejection(ingest({ ...basic, external_id: 'crm-crash' }, { now: new Date(NOW.getTime() + 10_000) }));
    expect(answered(early).statusCode).toBe(409);
    const repeated = created(await ingest({ ...basic, external_id: 'crm-crash' }, { now: new Date(NOW.getTime() + 31_000) }));

    expect(repeated).toMatchObject({ leadId: stored.lead_id, stlCallId, recovered: true });
    expect(deps.outreachQueue.sent.map((m) => m.body)).toEqual([{ stl_call_id: stlCallId, attempt: 1 }]);
    expect(deps.eventBus.types()).toEqual(['lead.created']);
    expect(deps.intake.outreachOf(stlCallId)).toMatchObject({ status: 'queued', dispatched: true });
    expect(
      answered(await rejection(ingest({ ...basic, external_id: 'crm-crash' }, { now: new Date(NOW.getTime() + 60_000) }))).statusCode,
    ).toBe(409);
  });

  it('records the dispatch of a lead whose request finished, so a repeat is an ordinary duplicate', async () => {
    const { deps, ingest } = setup();
    const first = created(await ingest({ ...basic, external_id: 'crm-done' }));
    expect(deps.intake.outreachOf(first.stlCallId)).toMatchObject({ dispatched: true });
    const later = await rejection(ingest({ ...basic, external_id: 'crm-done' }, { now: new Date(NOW.getTime() + 3_600_000) }));
    expect(answered(later).statusCode).toBe(409);
    expect(deps.outreachQueue.sent).toHaveLength(1);
  });

  it('marks the outreach dispatch_failed and answers 503 when the scheduler is down', async () => {
    const { deps, ingest } = setup({ [ANCHOR.id]: businessHours });
    deps.scheduler.failure = new Error('Scheduler unavailable');
    const error = await rejection(ingest(basic, { now: new Date('2026-11-24T23:00:00.000Z') }));
    expect(answered(error).statusCode).toBe(503);
    expect(deps.intake.outreachOf((error.details as { stl_call_id: number }).stl_call_id)?.status).toBe('dispatch_failed');
  });
});

describe('ingestLead: duplicates', () => {
  it('answers a 409 naming external_id and the existing lead for a repeated external_id', async () => {
    const { deps, ingest } = setup();
    const first = created(await ingest({ ...basic, external_id: 'crm-7' }));
    const error = await rejection(ingest({ name: 'Other', phone: '(646) 555-3890', external_id: 'crm-7' }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(answered(error)).toMatchObject({ statusCode: 409, code: 'conflict', field: 'external_id', details: { lead_id: first.leadId } });
    expect(deps.intake.leads.size).toBe(1);
    expect(deps.outreachQueue.sent).toHaveLength(1);
  });

  it('answers a 409 naming phone_number for the same phone inside the dedupe window, and accepts it after', async () => {
    const { ingest } = setup({ [ANCHOR.id]: { dedupe_window_hours: 2 } });
    const first = created(await ingest(basic));
    const error = await rejection(ingest({ phone: '+1 212 555 0199' }, { now: new Date(NOW.getTime() + 3_600_000) }));
    expect(answered(error)).toMatchObject({ statusCode: 409, field: 'phone_number', details: { lead_id: first.leadId } });
    expect(error.message).toContain('2 h dedupe window');
    created(await ingest(basic, { now: new Date(NOW.getTime() + 2 * 3_600_000) }));
  });
});

describe('ingestLead: lead.created', () => {
  it('emits lead.created, valid against its schema, echoing external_id', async () => {
    const { deps, ingest } = setup({ [ANCHOR.id]: { lead_sources: ['Website'], outreach: { max_attempts: 3 } } });
    const result = created(
      await ingest({
        ...basic,
        external_id: 'crm-42',
        email: 'dana@example.com',
        source: 'website',
        appointment_datetime: '2026-11-25 14:00',
      }),
    );
    expect(deps.eventBus.published).toHaveLength(1);
    const [event] = deps.eventBus.published;
    if (!event) throw new Error('no event');
    expect(eventViolations(event)).toEqual([]);
    expect(event).toMatchObject({
      type: 'lead.created',
      detail: {
        event: 'lead.created',
        occurred_at: NOW.toISOString(),
        lead_id: result.leadId,
        stl_call_id: result.stlCallId,
        team_id: ANCHOR.id,
        external_id: 'crm-42',
        lead: {
          customer_name: 'Dana Whitfield',
          phone_number: '+12125550199',
          email: 'dana@example.com',
          service_type: null,
          lead_source: 'Website',
          appointment_datetime: '2026-11-25T19:00:00.000Z',
        },
        outreach: { status: 'queued', due_at: NOW.toISOString(), scheduling_mode: 'always', max_attempts: 3 },
      },
    });
  });

  it('emits a schema-valid event for a minimal lead (nulls everywhere optional)', async () => {
    const { deps, ingest } = setup();
    created(await ingest({ phone: '(212) 555-0199' }));
    const [event] = deps.eventBus.published;
    if (!event) throw new Error('no event');
    expect(eventViolations(event)).toEqual([]);
    expect(event.detail).toMatchObject({ external_id: null, lead: { customer_name: null, email: null, appointment_datetime: null } });
  });

  it('still answers created when the event bus is down: lead.created is due in the outbox with the lead', async () => {
    const { deps, ingest } = setup();
    deps.eventBus.publish = () => Promise.reject(new Error('EventBridge unavailable'));
    expect(created(await ingest(basic)).leadId).toBe(1);
    expect(deps.intake.outbox.map((e) => e.type)).toEqual(['lead.created']);
  });

  it('records lead.created and a failed lead.completed with a lead kept without a callable phone', async () => {
    const { deps, ingest } = setup();
    created(await ingest({ name: 'No Phone', phone: 'call me maybe' }));
    expect(deps.intake.outbox.map((e) => [e.type, e.detail.outcome ?? null])).toEqual([
      ['lead.created', null],
      ['lead.completed', 'failed'],
    ]);
  });
});

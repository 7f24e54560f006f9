import { randomUUID } from 'node:crypto';
import { ClaimHeldElsewhereError, claimToken, type Delivery } from '#shared/domain/claims';
import type { OutreachState } from '#shared/domain/intake/outreach';
import { placeOutreachCall } from '#shared/domain/intake/place-outreach-call';
import type { LeadRecord } from '#shared/domain/leads';
import { PoisonMessageError } from '#shared/errors';
import { PermanentProviderError } from '#shared/ports/provider-errors';
import type { OutboundCallRequest, VoiceProvider } from '#shared/ports/voice-provider';
import { eventViolations } from '../../../../support/event-schemas';
import { InMemoryIntakeStore, RecordingEventBus } from '../../../../support/intake-fakes';

process.env.LOG_LEVEL = 'silent';

const NOW = new Date('2026-11-24T15:00:00.000Z');

/** A voice provider answering from a script: each call takes the next outcome (the last repeats). */
class ScriptedVoiceProvider implements VoiceProvider {
  readonly requests: OutboundCallRequest[] = [];
  constructor(private readonly script: (Error | string)[]) {}

  async placeCall(request: OutboundCallRequest): Promise<{ providerCallId: string }> {
    this.requests.push(request);
    const outcome = this.script[Math.min(this.requests.length - 1, this.script.length - 1)];
    if (outcome === undefined) throw new Error('empty script');
    if (outcome instanceof Error) throw outcome;
    return { providerCallId: outcome };
  }
}

async function storeOutreachLead(intake: InMemoryIntakeStore, overrides: Partial<OutreachState> = {}): Promise<LeadRecord> {
  const leadId = await intake.nextLeadId();
  const stlCallId = await intake.nextStlCallId();
  const outreach: OutreachState = {
    stl_call_id: stlCallId,
    status: 'queued',
    scheduling_mode: 'always',
    due_at: NOW.toISOString(),
    attempt: 1,
    max_attempts: 2,
    retry_spacing_minutes: 30,
    provider_call_id: null,
    last_attempt_at: null,
    outcome: null,
    completed_at: null,
    reason: null,
    ...overrides,
  };
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
    external_id: 'crm-9',
    source: null,
    outreach,
    appointment: null,
  };
  await intake.createLead({ lead, phone: '+12125550199', phoneWindowHours: 0, now: NOW });
  return lead;
}

function setup(script: (Error | string)[]) {
  const sleeps: number[] = [];
  // The outbox's events reach the bus as soon as their write commits (as the publish-events consumer sends them).
  const eventBus = new RecordingEventBus();
  const deps = {
    intake: new InMemoryIntakeStore(eventBus),
    voice: new ScriptedVoiceProvider(script),
    eventBus,
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
    maxRunMs: MAX_RUN_MS,
    bookedOnline: async () => false,
  };
  return { deps, sleeps };
}

const MAX_RUN_MS = 60_000;
const FIRST: Delivery = { messageId: 'msg-1', receiveCount: 1 };
const SECOND: Delivery = { messageId: 'msg-1', receiveCount: 2 };

function stlCallIdOf(lead: LeadRecord): number {
  if (!lead.outreach) throw new Error('not an intake lead');
  return lead.outreach.stl_call_id;
}

afterEach(() => jest.restoreAllMocks());

describe('placeOutreachCall', () => {
  it('places one call for a message delivered twice, and links the provider call to the lead', async () => {
    const { deps } = setup(['prov-1', 'prov-2']);
    const lead = await storeOutreachLead(deps.intake);
    const message = { stl_call_id: stlCallIdOf(lead), attempt: 1 };

    expect(await placeOutreachCall(deps, message, NOW, FIRST)).toBe('placed');
    expect(await placeOutreachCall(deps, message, NOW, SECOND)).toBe('skipped');

    expect(deps.voice.requests).toEqual([
      {
        idempotencyKey: `stl-${message.stl_call_id}-attempt-1`,
        customerNumber: '+12125550199',
        customerName: 'Dana Whitfield',
        metadata: { lead_id: lead.lead_id, stl_call_id: message.stl_call_id, team_id: 7, attempt: 1 },
      },
    ]);
    expect(deps.intake.outreachOf(message.stl_call_id)).toMatchObject({
      status: 'in_progress',
      provider_call_id: 'prov-1',
      last_attempt_at: NOW.toISOString(),
    });
    expect((await deps.intake.getLeadByStlCallId(message.stl_call_id))?.status).toBe('contacting');
    expect(await deps.intake.getStlCallIdByProviderCall('prov-1')).toBe(message.stl_call_id);
  });

  it('places one call when two deliveries of the same message run at once, and fails the other back to the queue', async () => {
    const { deps } = setup(['prov-1']);
    const lead = await storeOutreachLead(deps.intake);
    const message = { stl_call_id: stlCallIdOf(lead), attempt: 1 };
    const results = await Promise.allSettled([placeOutreachCall(deps, message, NOW, FIRST), placeOutreachCall(deps, message, NOW, FIRST)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).name)).sort()).toEqual([
      'ClaimHeldElsewhereError',
      'placed',
    ]);
    expect(deps.voice.requests).toHaveLength(1);
    // Back from the queue, the message finds the call placed.
    expect(await placeOutreachCall(deps, message, NOW, SECOND)).toBe('skipped');
  });

  it('takes over a claim whose worker died before recording the call, with the same idempotency key', async () => {
    const { deps } = setup(['prov-1']);
    const lead = await storeOutreachLead(deps.intake, {
      status: 'placing',
      last_attempt_at: NOW.toISOString(),
      claim_token: claimToken(FIRST),
    });
    const message = { stl_call_id: stlCallIdOf(lead), attempt: 1 };

    expect(await placeOutreachCall(deps, message, NOW, SECOND)).toBe('placed');

    expect(deps.voice.requests.map((r) => r.idempotencyKey)).toEqual([`stl-${message.stl_call_id}-attempt-1`]);
    expect(deps.intake.outreachOf(message.stl_call_id)).toMatchObject({ status: 'in_progress', claim_token: claimToken(SECOND) });
  });

  it('leaves a recent claim of another message alone until it is older than a worker may run', async () => {
    const { deps } = setup(['prov-1']);
    const lead = await storeOutreachLead(deps.intake, {
      status: 'placing',
      last_attempt_at: NOW.toISOString(),
      claim_token: claimToken({ messageId: 'another-message', receiveCount: 1 }),
    });
    const message = { stl_call_id: stlCallIdOf(lead), attempt: 1 };

    await expect(placeOutreachCall(deps, message, NOW, FIRST)).rejects.toBeInstanceOf(ClaimHeldElsewhereError);
    expect(deps.voice.requests).toEqual([]);
    expect(await placeOutreachCall(deps, message, new Date(NOW.getTime() + MAX_RUN_MS + 1), SECOND)).toBe('placed');
    expect(deps.voice.requests).toHaveLength(1);
  });

  it('does nothing for a message of an attempt that is not the current one', async () => {
    const { deps } = setup(['prov-1']);
    const lead = await storeOutreachLead(deps.intake, { attempt: 2, status: 'scheduled' });
    expect(await placeOutreachCall(deps, { stl_call_id: stlCallIdOf(lead), attempt: 1 }, NOW, FIRST)).toBe('skipped');
    expect(deps.voice.requests).toEqual([]);
  });

  it('retries transient provider errors with jittered backoff, then releases the claim and throws', async () => {
    const random = jest.spyOn(Math, 'random').mockReturnValueOnce(0.5).mockReturnValueOnce(0.25);
    const outage = new Error('provider answered 503');
    const { deps, sleeps } = setup([outage]);
    const lead = await storeOutreachLead(deps.intake);
    const message = { stl_call_id: stlCallIdOf(lead), attempt: 1 };

    await expect(placeOutreachCall(deps, message, NOW, FIRST)).rejects.toBe(outage);

    // Three tries; before retry n the wait is random in [0, 200·2^(n-1)) ms (full jitter).
    expect(deps.voice.requests).toHaveLength(3);
    expect(random).toHaveBeenCalledTimes(2);
    expect(sleeps).toEqual([100, 100]);
    expect(new Set(deps.voice.requests.map((r) => r.idempotencyKey))).toEqual(new Set([`stl-${message.stl_call_id}-attempt-1`]));
    // The claim is released, so SQS's redelivery can try again.
    expect(deps.intake.outreachOf(message.stl_call_id)?.status).toBe('queued');
    expect(deps.eventBus.published).toEqual([]);
  });

  it('keeps every backoff wait within its jitter ceiling', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.999);
    const { deps, sleeps } = setup([new Error('timeout')]);
    const lead = await storeOutreachLead(deps.intake);
    await expect(placeOutreachCall(deps, { stl_call_id: stlCallIdOf(lead), attempt: 1 }, NOW, FIRST)).rejects.toThrow('timeout');
    expect(sleeps).toEqual([199, 399]);
  });

  it('places the call on the redelivery after a transient failure, with the same idempotency key', async () => {
    const outage = new Error('provider answered 503');
    const { deps } = setup([outage, outage, outage, 'prov-9']);
    const lead = await storeOutreachLead(deps.intake);
    const message = { stl_call_id: stlCallIdOf(lead), attempt: 1 };
    await expect(placeOutreachCall(deps, message, NOW, FIRST)).rejects.toBe(outage);
    expect(await placeOutreachCall(deps, message, NOW, SECOND)).toBe('placed');
    expect(deps.voice.requests).toHaveLength(4);
    expect(deps.intake.outreachOf(message.stl_call_id)).toMatchObject({ status: 'in_progress', provider_call_id: 'prov-9' });
  });

  it('completes the attempt booked under its claim, placing nothing, when its customer booked online meanwhile', async () => {
    const { deps } = setup(['prov-1']);
    const lead = await storeOutreachLead(deps.intake);
    const message = { stl_call_id: stlCallIdOf(lead), attempt: 1 };
    const asked: unknown[] = [];
    const booked = { ...deps, bookedOnline: async (l: unknown) => asked.push(l) > 0 };

    expect(await placeOutreachCall(booked, message, NOW, FIRST)).toBe('skipped');
    expect(await placeOutreachCall(booked, message, NOW, SECOND)).toBe('skipped');

    expect(asked).toHaveLength(1);
    expect(deps.voice.requests).toEqual([]);
    expect(deps.intake.outreachOf(message.stl_call_id)).toMatchObject({
      status: 'completed',
      outcome: 'booked',
      reason: 'booked online before the recovery call',
      completed_at: NOW.toISOString(),
    });
  });

  it('recovers within the retries when the provider comes back', async () => {
    const { deps, sleeps } = setup([new Error('503'), 'prov-2']);
    const lead = await storeOutreachLead(deps.intake);
    expect(await placeOutreachCall(deps, { stl_call_id: stlCallIdOf(lead), attempt: 1 }, NOW, FIRST)).toBe('placed');
    expect(sleeps).toHaveLength(1);
  });

  it('ends outreach as failed on a provider 4xx, without retrying, and emits a schema-valid lead.completed', async () => {
    const { deps, sleeps } = setup([new PermanentProviderError('provider refused the number (400)', 400)]);
    const lead = await storeOutreachLead(deps.intake);
    const message = { stl_call_id: stlCallIdOf(lead), attempt: 1 };

    expect(await placeOutreachCall(deps, message, NOW, FIRST)).toBe('failed');

    expect(deps.voice.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(deps.intake.outreachOf(message.stl_call_id)).toMatchObject({
      status: 'completed',
      outcome: 'failed',
      reason: 'provider refused the number (400)',
      completed_at: expect.any(String),
    });
    expect((await deps.intake.getLeadByStlCallId(message.stl_call_id))?.status).toBe('closed');
    expect(deps.eventBus.published).toHaveLength(1);
    const [event] = deps.eventBus.published;
    if (!event) throw new Error('no event');
    expect(eventViolations(event)).toEqual([]);
    expect(event.detail).toMatchObject({
      event: 'lead.completed',
      lead_id: lead.lead_id,
      stl_call_id: message.stl_call_id,
      team_id: 7,
      external_id: 'crm-9',
      outcome: 'failed',
      attempts: 1,
      call_id: null,
      appointment_id: null,
      ticket_id: null,
      reason: 'provider refused the number (400)',
    });
  });

  it('treats a message for an unknown stl_call_id as poison', async () => {
    const { deps } = setup(['prov-1']);
    await expect(placeOutreachCall(deps, { stl_call_id: 424242, attempt: 1 }, NOW, FIRST)).rejects.toBeInstanceOf(PoisonMessageError);
    expect(deps.voice.requests).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import type { outreachDependencies } from '#shared/adapters/runtime/intake-outreach-dependencies';
import type { LeadRecord } from '#shared/domain/leads';
import { PermanentProviderError } from '#shared/ports/provider-errors';
import type { OutboundCallRequest, VoiceProvider } from '#shared/ports/voice-provider';
import { CONTEXT, failingPort, functionEnvironment, sqsEvent } from '../../../support/handler-harness';
import { InMemoryIntakeStore } from '../../../support/intake-fakes';

type Dependencies = ReturnType<ReturnType<typeof outreachDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/intake-outreach-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/intake-outreach-dependencies'),
  outreachDependencies: () => () => mockDependencies.current,
}));

const MESSAGE = { stl_call_id: 7, attempt: 1 };
let handler: typeof import('../../../../functions/outreach-worker/handler').handler;
beforeAll(async () => {
  functionEnvironment('outreach-worker');
  ({ handler } = await import('../../../../functions/outreach-worker/handler'));
});

/** A voice provider that records each call it is asked to place and answers `answer` (a call id, or an error thrown). */
function voice(answer: string | Error = 'prov-call-1') {
  const requests: OutboundCallRequest[] = [];
  const provider: VoiceProvider = {
    placeCall: async (request) => {
      requests.push(request);
      if (answer instanceof Error) throw answer;
      return { providerCallId: answer };
    },
  };
  return { provider, requests };
}

/** An intake store holding one lead of team 4 whose outreach is queued for its first attempt. */
async function queuedLead(): Promise<InMemoryIntakeStore> {
  const intake = new InMemoryIntakeStore();
  const lead: LeadRecord = {
    id: randomUUID(),
    lead_id: await intake.nextLeadId(),
    team_id: 4,
    type: 'web_chat',
    datetime: '2026-03-01T12:00:00.000Z',
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
    outreach: {
      stl_call_id: MESSAGE.stl_call_id,
      status: 'queued',
      scheduling_mode: 'always',
      due_at: '2026-03-01T12:00:00.000Z',
      attempt: 1,
      max_attempts: 2,
      retry_spacing_minutes: 30,
      provider_call_id: null,
      last_attempt_at: null,
      outcome: null,
      completed_at: null,
      reason: null,
    },
    appointment: null,
  };
  await intake.createLead({ lead, phone: lead.customer_phone, phoneWindowHours: 0, now: new Date(lead.datetime) });
  return intake;
}

describe('outreach-worker', () => {
  it('places one call for a queued outreach and records it in progress under the provider’s call id', async () => {
    const intake = await queuedLead();
    const calls = voice('prov-call-1');
    mockDependencies.current = { intake, voice: calls.provider, bookedOnline: async () => false };
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect(calls.requests).toEqual([
      {
        idempotencyKey: 'stl-7-attempt-1',
        customerNumber: '+12125550199',
        customerName: 'Dana Whitfield',
        metadata: { lead_id: 1, stl_call_id: 7, team_id: 4, attempt: 1 },
      },
    ]);
    expect(intake.outreachOf(7)).toMatchObject({ status: 'in_progress', provider_call_id: 'prov-call-1' });
    expect(intake.leads.get(7)?.status).toBe('contacting');
    await expect(intake.getStlCallIdByProviderCall('prov-call-1')).resolves.toBe(7);
  });

  it('places no second call when the same message is delivered again', async () => {
    const intake = await queuedLead();
    const calls = voice();
    mockDependencies.current = { intake, voice: calls.provider, bookedOnline: async () => false };
    await handler(sqsEvent(MESSAGE), CONTEXT);
    const again = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(again.batchItemFailures).toEqual([]);
    expect(calls.requests).toHaveLength(1);
  });

  it('completes the outreach failed, with its lead.completed event, when the provider refuses the number', async () => {
    const intake = await queuedLead();
    const calls = voice(new PermanentProviderError('number is not reachable', 400));
    mockDependencies.current = { intake, voice: calls.provider, bookedOnline: async () => false };
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect(intake.outreachOf(7)).toMatchObject({ status: 'completed', outcome: 'failed', reason: 'number is not reachable' });
    expect(intake.outbox.map((event) => event.type)).toEqual(['lead.completed']);
  });

  it('places no call for a recovery whose customer booked online meanwhile, completing it booked', async () => {
    const intake = await queuedLead();
    const calls = voice();
    mockDependencies.current = { intake, voice: calls.provider, bookedOnline: async () => true };
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect(calls.requests).toEqual([]);
    expect(intake.outreachOf(7)).toMatchObject({ status: 'completed', outcome: 'booked' });
  });

  it('gives the claim back and reports the message failed, so SQS retries it, while the provider is down', async () => {
    const intake = await queuedLead();
    const calls = voice(new Error('provider unavailable'));
    mockDependencies.current = { intake, voice: calls.provider, bookedOnline: async () => false };
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
    expect(calls.requests.length).toBeGreaterThan(1);
    expect(new Set(calls.requests.map((r) => r.idempotencyKey))).toEqual(new Set(['stl-7-attempt-1']));
    expect(intake.outreachOf(7)?.status).toBe('queued');
  });

  it('reports a message for an outreach that does not exist as failed, calling nobody', async () => {
    const calls = voice();
    mockDependencies.current = { intake: new InMemoryIntakeStore(), voice: calls.provider, bookedOnline: async () => false };
    const result = await handler(sqsEvent({ stl_call_id: 99, attempt: 1 }), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
    expect(calls.requests).toEqual([]);
  });

  it('reports a message that does not parse as failed, without reaching its dependencies', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent({ stl_call_id: 'seven', attempt: 1 }), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });

  it('reports the message as failed, so SQS retries it, when its dependencies fail', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });
});

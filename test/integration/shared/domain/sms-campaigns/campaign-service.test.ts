import type { SQSEvent } from 'aws-lambda';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoOutboundFeedStore } from '#shared/adapters/dynamodb/outbound-feed-store';
import { DynamoCampaignSendStore } from '#shared/adapters/dynamodb/sms-campaign-send-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { eventBus } from '#shared/adapters/runtime/event-bus';
import { queues } from '#shared/adapters/runtime/queues';
import { scheduler } from '#shared/adapters/runtime/scheduler';
import { smsProvider } from '#shared/adapters/runtime/sms-provider';
import { ClaimHeldElsewhereError, claimToken } from '#shared/domain/claims';
import { toE164 } from '#shared/domain/phone';
import type { Campaign } from '#shared/domain/sms-campaigns/campaign';
import { planCampaign } from '#shared/domain/sms-campaigns/campaign-plan';
import { campaignRequestSchema } from '#shared/domain/sms-campaigns/campaign-request';
import { cancelCampaign, createCampaign, startCampaign } from '#shared/domain/sms-campaigns/campaign-service';
import { sendChunk } from '#shared/domain/sms-campaigns/send-chunk';
import type { Team } from '#shared/domain/tenancy';
import { parseOrThrow } from '#shared/http/validation';
import type { QueueMessage } from '#shared/ports/message-queue';
import { PermanentProviderError } from '#shared/ports/provider-errors';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { LocalEventBus } from '../../../../../local/runtime/event-bus';
import { LocalQueue } from '../../../../../local/runtime/queue';
import { LocalScheduler } from '../../../../../local/runtime/scheduler';
import { SandboxSmsProvider } from '../../../../../local/sandbox/sms-provider';
import { senderDependencies } from '../../../../support/campaign-fakes';
import { startEmulator } from '../../../../support/emulator';
import { dueEvents } from '../../../../support/outbox';

/** Recipients' numbers read as a US team's are (the package's reading; nanp-numbers.ts answers the same). */
const usPhone = (raw: string) => toE164(raw, 'US');

process.env.SMS_SEND_RATE_PER_SECOND = '0';

let dynamo: LocalDynamo;
let store: DynamoCampaignSendStore;
let team: Team;
let queue: LocalQueue;
let bus: LocalEventBus;
let sms: SandboxSmsProvider;
let localScheduler: LocalScheduler;

const phone = (i: number) => `+1212555${String(i).padStart(4, '0')}`;

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoCampaignSendStore(getDocumentClient(), physicalTableName('campaigns'));
  const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
  const enterprise = await tenancy.createEnterprise({ name: 'E' });
  // Pacific/Kiritimati is UTC+14: a zone where "now" never matters, because quiet hours are
  // switched off per campaign in these tests unless a test says otherwise.
  team = await tenancy.createTeam({
    name: 'Texting team',
    timezone: 'America/New_York',
    isTest: false,
    enterpriseId: enterprise.id,
    workspaceId: 'ws_sms',
  });
});

beforeEach(() => {
  bus = new LocalEventBus();
  sms = new SandboxSmsProvider(undefined, (to) => (to.endsWith('9999') ? new PermanentProviderError('carrier refused', 400) : null));
  queue = new LocalQueue({
    name: 'campaign-sends',
    batchSize: 1,
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 0.05,
    consumer: async () =>
      (require('../../../../../functions/campaign-sender/handler') as { handler: (e: SQSEvent) => Promise<never> }).handler,
  });
  localScheduler = new LocalScheduler(() => queue);
  queues.use(() => queue);
  eventBus.use(() => bus);
  smsProvider.use(() => sms);
  scheduler.use(() => localScheduler);
});

afterEach(() => {
  queue.stop();
  localScheduler.stop();
});
afterAll(() => dynamo.stop());

/** The campaign's sms_campaign.completed events that became due in the outbox. */
const completionsOf = (campaignId: string) =>
  dueEvents((e) => e.type === 'sms_campaign.completed' && (e.detail.data as { campaign_id?: string }).campaign_id === campaignId);

function deps() {
  return { store, queue, scheduler: localScheduler, eventBus: bus, pricePerSegmentMicros: 8300 };
}

/** What the sender reads, with its clock: the wall clock unless a test fixes the instant. */
const sendDeps = (now: () => Date = () => new Date()) => senderDependencies(deps(), { sms, team, now });
const chunk = (campaignId: string) => ({ type: 'chunk' as const, campaign_id: campaignId, chunk: 0 });
const at = (iso: string) => () => new Date(iso);

async function create(count: number, overrides: Record<string, unknown> = {}): Promise<Campaign> {
  const request = parseOrThrow(
    campaignRequestSchema,
    {
      campaign_type: 'seasonal_promotion',
      recipients: Array.from({ length: count }, (_, i) => ({ phone: phone(i), name: `Customer ${i}` })),
      message_template: 'Hi {name}, furnace tune-ups are 20% off this week.',
      settings: { respect_quiet_hours: false },
      ...overrides,
    },
    'body',
  );
  const suppressed = await store.listSuppressed(team.id);
  const plan = planCampaign(request, { readPhone: usPhone, pricePerSegmentMicros: 8300, isSuppressed: (p) => suppressed.has(p) });
  return createCampaign(deps(), { team, request, plan, now: new Date() });
}

describe('SMS campaign sending', () => {
  it('texts every recipient exactly once, counts exactly, and emits one completion event', async () => {
    const campaign = await create(1_000);
    await queue.drained();
    const final = await store.getCampaign(campaign.campaign_id);
    expect(final?.status).toBe('completed');
    expect(final?.counts).toEqual({ sent: 1_000, failed: 0, opted_out: 0, unconfirmed: 0, capped: 0 });
    expect(new Set(sms.sent.map((t) => t.to)).size).toBe(1_000);
    expect(sms.sent).toHaveLength(1_000);
    const completions = await completionsOf(campaign.campaign_id);
    expect(completions).toHaveLength(1);
    expect(completions[0]?.detail).toMatchObject({
      event: 'sms_campaign.completed',
      data: {
        campaign_id: campaign.campaign_id,
        status: 'completed',
        final_counts: { sent: 1_000, failed: 0, opted_out: 0, unconfirmed: 0, capped: 0 },
        total_cost: 8.3,
      },
    });
  });

  it('texts nobody twice when a chunk is redelivered', async () => {
    const campaign = await create(120);
    await queue.drained();
    const before = sms.sent.length;
    await queue.send([0, 1, 2].map((chunk) => ({ body: { type: 'chunk', campaign_id: campaign.campaign_id, chunk } })));
    await queue.drained();
    expect(sms.sent.length).toBe(before);
    expect((await store.getCampaign(campaign.campaign_id))?.counts.sent).toBe(120);
    expect(await completionsOf(campaign.campaign_id)).toHaveLength(1);
  });

  it('marks provider refusals failed with the reason and still completes', async () => {
    const request = {
      recipients: [
        { phone: '+12125559999', name: 'Nope' },
        { phone: phone(1), name: 'Yes' },
      ],
    };
    const campaign = await create(0, request);
    await queue.drained();
    const final = await store.getCampaign(campaign.campaign_id);
    expect(final?.status).toBe('completed');
    expect(final?.counts).toEqual({ sent: 1, failed: 1, opted_out: 0, unconfirmed: 0, capped: 0 });
  });

  it('waits out a provider that is down (throttling past the retries), then texts each recipient once', async () => {
    // The provider throttles its first five sends: the first delivery gives its claims back, the redelivery texts them.
    let refusals = 5;
    const recovering = {
      send: async (request: Parameters<typeof sms.send>[0]) => {
        if (refusals-- > 0) throw Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
        return sms.send(request);
      },
    };
    smsProvider.use(() => recovering);
    const campaign = await create(12);
    await queue.drained();
    const final = await store.getCampaign(campaign.campaign_id);
    expect(final?.status).toBe('completed');
    expect(final?.counts).toEqual({ sent: 12, failed: 0, opted_out: 0, unconfirmed: 0, capped: 0 });
    const texted = sms.sent.filter((t) => t.reference.startsWith(campaign.campaign_id)).map((t) => t.to);
    expect(texted.sort()).toEqual(Array.from({ length: 12 }, (_, i) => phone(i)).sort());
    expect(await completionsOf(campaign.campaign_id)).toHaveLength(1);
  });

  it('never texts an opted-out number and counts it as opted out', async () => {
    await store.suppress(team.id, phone(3), 'STOP', new Date().toISOString());
    const campaign = await create(5);
    await queue.drained();
    const final = await store.getCampaign(campaign.campaign_id);
    expect(sms.sent.map((t) => t.to)).not.toContain(phone(3));
    expect(final?.counts).toEqual({ sent: 4, failed: 0, opted_out: 1, unconfirmed: 0, capped: 0 });
    await store.unsuppress(team.id, phone(3));
  });

  it('sends a poisoned message to the dead-letter queue after the bounded receives', async () => {
    await queue.send([{ body: { type: 'chunk', campaign_id: 'cmp_00000000000000000000', chunk: 0 } }, { body: { nonsense: true } }]);
    await queue.drained();
    expect(queue.deadLetters).toHaveLength(2);
    expect(queue.deadLetters.every((m) => m.receiveCount === 3)).toBe(true);
  });

  it('stops unsent messages when cancelled while sending', async () => {
    // Pace the provider so the cancel lands mid-campaign.
    const slow = new SandboxSmsProvider();
    const original = slow.send.bind(slow);
    slow.send = async (r) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      return original(r);
    };
    smsProvider.use(() => slow);
    const campaign = await create(400);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const cancelled = await cancelCampaign(deps(), team, campaign.campaign_id, new Date());
    expect(cancelled.status).toBe('cancelled');
    await queue.drained();
    const final = await store.getCampaign(campaign.campaign_id);
    expect(final?.status).toBe('cancelled');
    expect(slow.sent.length).toBeLessThan(400);
    expect(final?.counts.sent).toBe(slow.sent.length);
    expect(await completionsOf(campaign.campaign_id)).toHaveLength(0);
  });

  it('defers recipients outside their send window instead of dropping them, through the scheduler or the queue', async () => {
    // Fixed instants, not the wall clock: how a deferral comes back depends on how far the window is.
    // A Tuesday far ahead, so the local scheduler (on the wall clock) holds what it is given.
    await queue.stop();
    const campaign = await create(3, { settings: { respect_quiet_hours: true } });
    const depthBefore = queue.depth;

    // 03:00 in New York: the window opens in five hours, past the queue's delay limit.
    const night = await sendChunk(sendDeps(at('2098-11-18T08:00:00.000Z')), chunk(campaign.campaign_id), {
      messageId: 'n',
      receiveCount: 1,
    });
    expect(night.deferredUntil).toBe('2098-11-18T13:00:00.000Z');
    expect(localScheduler.pending().map((s) => new Date(s.at).toISOString())).toContain('2098-11-18T13:00:00.000Z');
    expect(queue.depth).toBe(depthBefore);

    // 07:55: five minutes before the window, the chunk comes back through the queue.
    const scheduledBefore = localScheduler.pending().length;
    const dawn = await sendChunk(sendDeps(at('2098-11-18T12:55:00.000Z')), chunk(campaign.campaign_id), {
      messageId: 'd',
      receiveCount: 1,
    });
    expect(dawn.deferredUntil).toBe('2098-11-18T13:00:00.000Z');
    expect(queue.depth).toBe(depthBefore + 1);
    expect(localScheduler.pending()).toHaveLength(scheduledBefore);
    expect(sms.sent).toHaveLength(0);
    expect((await store.getCampaign(campaign.campaign_id))?.status).toBe('sending');

    // 08:00: every recipient is texted, none dropped.
    const morning = await sendChunk(sendDeps(at('2098-11-18T13:00:00.000Z')), chunk(campaign.campaign_id), {
      messageId: 'm',
      receiveCount: 1,
    });
    expect(morning).toMatchObject({ sent: 3, deferredUntil: null });
    expect(await store.getCampaign(campaign.campaign_id)).toMatchObject({ status: 'completed', counts: { sent: 3 } });
  });

  it('answers a create with the campaign as it stored it, and starts a scheduled campaign at its time', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const campaign = await create(10, { schedule_time: at.toISOString() });
    expect(campaign.status).toBe('scheduled');
    expect(await store.getCampaign(campaign.campaign_id)).toEqual(campaign);
    await queue.drained();
    expect(sms.sent).toHaveLength(0);
    expect(await localScheduler.runDue(at)).toBe(1);
    await queue.drained();
    expect((await store.getCampaign(campaign.campaign_id))?.status).toBe('completed');
    expect(sms.sent).toHaveLength(10);
  });
});

describe('SMS campaign sending after a sender stopped mid-chunk', () => {
  /** A campaign whose chunk message is held back, so each test delivers it by hand. */
  async function createHeld(count: number): Promise<Campaign> {
    await queue.stop();
    return create(count);
  }

  it('settles claims left by an earlier receive of the same message as unconfirmed, texts the rest once, and completes', async () => {
    const campaign = await createHeld(12);
    // The first receive claimed three recipients and died before recording what the provider said.
    await store.claimRecipients(
      campaign.campaign_id,
      [0, 1, 2].map((i) => ({ phone: phone(i), body: 'Hi', segments: 1 })),
      {
        at: new Date().toISOString(),
        token: claimToken({ messageId: 'm-1', receiveCount: 1 }),
        teamId: campaign.team_id,
      },
    );

    const result = await sendChunk(sendDeps(), chunk(campaign.campaign_id), { messageId: 'm-1', receiveCount: 2 });

    expect(result).toMatchObject({ sent: 9, unconfirmed: 3 });
    expect(sms.sent.map((t) => t.to).sort()).toEqual(Array.from({ length: 9 }, (_, i) => phone(i + 3)));
    const final = await store.getCampaign(campaign.campaign_id);
    expect(final).toMatchObject({ status: 'completed', counts: { sent: 9, failed: 0, opted_out: 0, unconfirmed: 3, capped: 0 } });
    const completions = await completionsOf(campaign.campaign_id);
    expect(completions.map((e) => (e.detail.data as { final_counts: unknown }).final_counts)).toEqual([
      { sent: 9, failed: 0, opted_out: 0, unconfirmed: 3, capped: 0 },
    ]);
  });

  it('leaves claims of a sender that may still be running, fails the chunk back, and settles them once they are abandoned', async () => {
    const campaign = await createHeld(4);
    const claimedAt = new Date();
    await store.claimRecipients(campaign.campaign_id, [{ phone: phone(0), body: 'Hi', segments: 1 }], {
      at: claimedAt.toISOString(),
      token: claimToken({ messageId: 'another-message', receiveCount: 1 }),
      teamId: campaign.team_id,
    });

    await expect(sendChunk(sendDeps(), chunk(campaign.campaign_id), { messageId: 'm-2', receiveCount: 1 })).rejects.toThrow(
      ClaimHeldElsewhereError,
    );
    expect(sms.sent.map((t) => t.to).sort()).toEqual([phone(1), phone(2), phone(3)]);
    expect((await store.getCampaign(campaign.campaign_id))?.status).toBe('sending');

    const later = () => new Date(claimedAt.getTime() + 120_001);
    const result = await sendChunk(sendDeps(later), chunk(campaign.campaign_id), { messageId: 'm-2', receiveCount: 2 });

    expect(result).toMatchObject({ sent: 0, unconfirmed: 1, skipped: 3 });
    expect(sms.sent).toHaveLength(3);
    expect(await store.getCampaign(campaign.campaign_id)).toMatchObject({
      status: 'completed',
      counts: { sent: 3, failed: 0, opted_out: 0, unconfirmed: 1, capped: 0 },
    });
  });
});

describe('the outbound texts feed of a chunk delivered again and again', () => {
  it('records each recipient once: suppressed at planning, deferred at night, then sent or opted out when the window opens', async () => {
    const feed = new DynamoOutboundFeedStore(getDocumentClient(), physicalTableName('campaigns'));
    await store.suppress(team.id, phone(0), 'STOP', new Date().toISOString());
    await queue.stop();
    const campaign = await create(6, { settings: { respect_quiet_hours: true } });
    const night = at('2026-11-24T08:00:00.000Z'); // 03:00 in New York
    const day = at('2026-11-24T19:00:00.000Z'); // 14:00 in New York
    const list = async () => (await feed.listTexts({ teamId: team.id, campaignId: campaign.campaign_id, limit: 100 })).map((r) => r.text);

    for (const receiveCount of [1, 2]) {
      const result = await sendChunk(sendDeps(night), chunk(campaign.campaign_id), { messageId: 'night', receiveCount });
      expect(result.deferredUntil).not.toBeNull();
    }
    const deferred = await list();
    expect(deferred.map((t) => `${t.recipient}:${t.status}`).sort()).toEqual([
      `${phone(0)}:suppressed`,
      ...[1, 2, 3, 4, 5].map((i) => `${phone(i)}:deferred`),
    ]);

    // Opted out while waiting for the window: settled as opted out, never texted.
    await store.suppress(team.id, phone(1), 'STOP', new Date().toISOString());
    for (const receiveCount of [1, 2]) await sendChunk(sendDeps(day), chunk(campaign.campaign_id), { messageId: 'day', receiveCount });

    const texts = await list();
    expect(texts.map((t) => `${t.recipient}:${t.status}`).sort()).toEqual([
      `${phone(0)}:suppressed`,
      `${phone(1)}:opted_out`,
      ...[2, 3, 4, 5].map((i) => `${phone(i)}:sent`),
    ]);
    expect(texts.filter((t) => t.status === 'sent').every((t) => t.provider_message_id !== null && t.cost_micros > 0)).toBe(true);
    expect(sms.sent.filter((t) => t.reference.startsWith(campaign.campaign_id))).toHaveLength(4);
    // Each row carries the text as sent (or as it would have been), and says it is a campaign's.
    const bodies = new Map(sms.sent.map((t) => [t.to, t.body]));
    for (const t of texts) {
      expect(t).toMatchObject({ purpose: 'campaign', appointment_id: null, body: expect.stringContaining('furnace tune-ups') });
      if (t.status === 'sent') expect(t.body).toBe(bodies.get(t.recipient));
    }
    expect(await store.getCampaign(campaign.campaign_id)).toMatchObject({
      status: 'completed',
      counts: { sent: 4, failed: 0, opted_out: 2, unconfirmed: 0, capped: 0 },
    });
    const ofTeam = await feed.listTexts({ teamId: team.id, status: 'suppressed', limit: 100 });
    expect(ofTeam.filter((r) => r.text.campaign_id === campaign.campaign_id)).toHaveLength(1);
    await store.unsuppress(team.id, phone(0));
    await store.unsuppress(team.id, phone(1));
  });
});

describe('starting a campaign', () => {
  function recordingDeps() {
    const sent: QueueMessage[] = [];
    return {
      sent,
      deps: {
        ...deps(),
        queue: {
          async send(messages: readonly QueueMessage[]) {
            sent.push(...messages);
          },
        },
      },
    };
  }

  it('waits for a campaign its create request is still storing, then fans out one message per chunk, once', async () => {
    const { sent, deps: recording } = recordingDeps();
    const now = new Date();
    const start = { type: 'start' as const, campaign_id: 'cmp_0123456789abcdef0123', requested_at: now.toISOString() };

    expect(await startCampaign(recording, start, new Date(now.getTime() + 500))).toBe('waiting_for_campaign');
    expect(sent).toEqual([{ body: start, delaySeconds: 1 }]);

    await queue.stop();
    const campaign = await create(120);
    const message = { type: 'start' as const, campaign_id: campaign.campaign_id, requested_at: now.toISOString() };
    sent.length = 0;
    expect(await startCampaign(recording, message, new Date())).toBe('started');
    expect(await startCampaign(recording, message, new Date())).toBe('already_started');
    expect(sent.map((m) => m.body)).toEqual([0, 1, 2].map((chunk) => ({ type: 'chunk', campaign_id: campaign.campaign_id, chunk })));
  });

  it('drops a start whose campaign was never stored once the create request is past its limit', async () => {
    const { sent, deps: recording } = recordingDeps();
    const requestedAt = new Date(Date.now() - 31_000).toISOString();
    const start = { type: 'start' as const, campaign_id: 'cmp_ffffffffffffffffffff', requested_at: requestedAt };

    expect(await startCampaign(recording, start, new Date())).toBe('dropped');
    expect(sent).toEqual([]);
  });

  it('queues the start before it stores the campaign, so a stored campaign always has its start', async () => {
    const order: string[] = [];
    const watched = {
      ...deps(),
      queue: { send: async () => void order.push('queue') },
      store: Object.assign(Object.create(store) as DynamoCampaignSendStore, {
        createCampaign: async (...args: Parameters<DynamoCampaignSendStore['createCampaign']>) => {
          order.push('store');
          return store.createCampaign(...args);
        },
      }),
    };
    const request = parseOrThrow(
      campaignRequestSchema,
      {
        campaign_type: 'marketing',
        recipients: [{ phone: phone(1) }],
        message_template: 'Hello',
        settings: { respect_quiet_hours: false },
      },
      'body',
    );
    const plan = planCampaign(request, { readPhone: usPhone, pricePerSegmentMicros: 8300, isSuppressed: () => false });
    await createCampaign(watched, { team, request, plan, now: new Date() });

    expect(order).toEqual(['queue', 'store']);
  });
});

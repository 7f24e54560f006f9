import type { campaignSenderDependencies } from '#shared/adapters/runtime/sms-campaign-sender-dependencies';
import type { Campaign, ChunkRecipient } from '#shared/domain/sms-campaigns/campaign';
import { DEFAULT_MESSAGING_CONFIG } from '#shared/domain/sms-campaigns/messaging-config';
import type { MessageQueue } from '#shared/ports/message-queue';
import { PermanentProviderError } from '#shared/ports/provider-errors';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { SendPacer } from '#shared/ports/send-pacer';
import { memoryCampaign, recordingSms } from '../../../support/campaign-fakes';
import { smsCampaign } from '../../../support/factories';
import { CONTEXT, failingPort, fakePort, functionEnvironment, sqsEvent } from '../../../support/handler-harness';
import { team } from '../../../support/intake-fakes';

type Dependencies = ReturnType<ReturnType<typeof campaignSenderDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/sms-campaign-sender-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/sms-campaign-sender-dependencies'),
  campaignSenderDependencies: () => () => mockDependencies.current,
}));

const CAMPAIGN_ID = 'cmp_0123456789abcdef0123';
const MESSAGE = { type: 'chunk', campaign_id: CAMPAIGN_ID, chunk: 0 };
const NOW = new Date('2026-03-03T17:00:00.000Z');
const PRICE = 8_300;
let handler: typeof import('../../../../functions/campaign-sender/handler').handler;
beforeAll(async () => {
  functionEnvironment('campaign-sender');
  ({ handler } = await import('../../../../functions/campaign-sender/handler'));
});

const recipient = (phone: string, segments = 1): ChunkRecipient => ({
  phone,
  body: `Your service is due (${phone})`,
  segments,
  suppressed: false,
});
const CHUNK = [recipient('+12125550101'), recipient('+12125550102', 2), recipient('+12125550103'), recipient('+12125550104')];

/** A follow-up campaign sending now, its one chunk the recipients above; quiet hours lifted, so nothing waits for a window. */
const sending: Campaign = smsCampaign({
  campaign_id: CAMPAIGN_ID,
  campaign_type: 'service_follow_up',
  status: 'sending',
  message_template: 'Your service is due',
  recipients_count: CHUNK.length,
  requested_count: CHUNK.length,
  estimated_cost_micros: 5 * PRICE,
  price_per_segment_micros: PRICE,
  scheduled_time: '2026-03-03T17:00:00.000Z',
  created_at: '2026-03-03T16:59:00.000Z',
  fanned_out: true,
});

/** The sender's dependencies around a campaign store and an SMS provider: team 1, unpaced, no retry waits. */
function dependencies(store: Dependencies['store'], sms: Dependencies['sms']): Dependencies {
  return {
    store,
    sms,
    queue: fakePort<MessageQueue>(),
    scheduler: fakePort<OneTimeScheduler>(),
    pricePerSegmentMicros: PRICE,
    team: async (id) => (id === 1 ? team({ id: 1 }) : null),
    messagingConfig: async () => DEFAULT_MESSAGING_CONFIG,
    rateOverride: 0,
    pacer: fakePort<SendPacer>(),
    maxRunMs: 60_000,
    now: () => NOW,
    sleep: async () => undefined,
  };
}

describe('campaign-sender', () => {
  it('texts each recipient of a chunk once, records every outcome and completes the campaign', async () => {
    const campaign = memoryCampaign(sending, [CHUNK], ['+12125550104']);
    const provider = recordingSms({ '+12125550103': new PermanentProviderError('invalid destination number', 400) });
    mockDependencies.current = dependencies(campaign.store, provider.sms);
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([]);
    expect(provider.sent).toEqual([
      { to: '+12125550101', body: 'Your service is due (+12125550101)', reference: `${CAMPAIGN_ID}:+12125550101` },
      { to: '+12125550102', body: 'Your service is due (+12125550102)', reference: `${CAMPAIGN_ID}:+12125550102` },
    ]);
    expect(campaign.settled.map(({ phone, status, costMicros }) => ({ phone, status, costMicros }))).toEqual([
      { phone: '+12125550104', status: 'opted_out', costMicros: 0 },
      { phone: '+12125550101', status: 'sent', costMicros: PRICE },
      { phone: '+12125550102', status: 'sent', costMicros: 2 * PRICE },
      { phone: '+12125550103', status: 'failed', costMicros: 0 },
    ]);
    expect(campaign.settled.find((o) => o.phone === '+12125550103')?.error).toBe('invalid destination number');
    expect(campaign.campaign()).toMatchObject({
      status: 'completed',
      completion_time: NOW.toISOString(),
      counts: { sent: 2, failed: 1, opted_out: 1, unconfirmed: 0, capped: 0 },
      actual_cost_micros: 3 * PRICE,
    });
  });

  it('gives the untexted recipients back when the provider goes down mid-chunk, and texts only them on the retry', async () => {
    const campaign = memoryCampaign(sending, [CHUNK]);
    const provider = recordingSms();
    const goesDownAfterTwo: Dependencies['sms'] = {
      send: async (request) => {
        const answer = await provider.sms.send(request);
        if (provider.sent.length === 2) provider.state.down = true;
        return answer;
      },
    };
    mockDependencies.current = dependencies(campaign.store, goesDownAfterTwo);
    const failed = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(failed.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
    expect(campaign.settled.map(({ phone }) => phone)).toEqual(['+12125550101', '+12125550102']);
    expect(campaign.campaign().status).toBe('sending');

    provider.state.down = false;
    const retried = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(retried.batchItemFailures).toEqual([]);
    expect(provider.sent.map(({ to }) => to)).toEqual(CHUNK.map(({ phone }) => phone));
    expect(campaign.campaign()).toMatchObject({ status: 'completed', counts: { sent: 4, failed: 0 } });
  });

  it('texts nobody again when a chunk already sent is delivered again', async () => {
    // One recipient more than the chunk holds: the campaign stays sending, so the redelivery reads its records.
    const campaign = memoryCampaign({ ...sending, recipients_count: CHUNK.length + 1 }, [CHUNK]);
    const provider = recordingSms();
    mockDependencies.current = dependencies(campaign.store, provider.sms);
    await handler(sqsEvent(MESSAGE), CONTEXT);
    const again = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(again.batchItemFailures).toEqual([]);
    expect(provider.sent).toHaveLength(CHUNK.length);
    expect(campaign.campaign().counts.sent).toBe(CHUNK.length);
  });

  it('reports a chunk of a campaign that does not exist as failed, texting nobody', async () => {
    const provider = recordingSms();
    mockDependencies.current = dependencies(memoryCampaign(sending, [CHUNK]).store, provider.sms);
    const result = await handler(sqsEvent({ ...MESSAGE, campaign_id: 'cmp_unknown' }), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
    expect(provider.sent).toEqual([]);
  });

  it('reports a message that does not parse as failed, without reaching its dependencies', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent({ type: 'chunk', campaign_id: 'cmp_1', chunk: -1 }), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });

  it('reports the message as failed, so SQS retries it, when its dependencies fail', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const result = await handler(sqsEvent(MESSAGE), CONTEXT);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'msg-1' }]);
  });
});

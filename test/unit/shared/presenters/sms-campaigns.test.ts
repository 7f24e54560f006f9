import { inboundSmsResponse, smsCampaignPreflight, smsCampaignResponse } from '#shared/contracts/sms-campaigns';
import type { Campaign } from '#shared/domain/sms-campaigns/campaign';
import type { CampaignPreflight } from '#shared/domain/sms-campaigns/campaign-service';
import { presentCampaign, presentCampaignPreflight, presentCampaignResponse, presentInboundResult } from '#shared/presenters/sms-campaigns';

const NOW = new Date('2026-03-02T15:00:00.000Z');

function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    campaign_id: 'cmp_0123456789abcdef0123',
    team_id: 7,
    campaign_type: 'seasonal_promotion',
    status: 'sending',
    message_template: 'Hi {{name}}',
    fallback_message: null,
    settings: { include_opt_out: true, respect_quiet_hours: true },
    segmentation: null,
    recipients_count: 10,
    requested_count: 12,
    duplicates_collapsed: 2,
    chunk_count: 1,
    counts: { sent: 3, failed: 1, opted_out: 1, unconfirmed: 0, capped: 1 },
    replies: 2,
    estimated_cost_micros: 83_000,
    actual_cost_micros: 24_900,
    price_per_segment_micros: 8_300,
    scheduled_time: '2026-03-02T14:00:00.000Z',
    completion_time: null,
    cancelled_at: null,
    created_at: '2026-03-02T13:59:00.000Z',
    last_send_at: '2026-03-02T16:00:00.000Z',
    estimated_completion_time: '2026-03-02T16:00:10.000Z',
    fanned_out: true,
    ...overrides,
  };
}

describe('presentCampaign', () => {
  it('answers money in dollars and where every recipient stands', () => {
    const data = presentCampaign(campaign());
    expect(data).toMatchObject({
      campaign_id: 'cmp_0123456789abcdef0123',
      status: 'sending',
      messages_sent: 3,
      estimated_cost: 0.083,
      actual_cost: 0.0249,
      counts: { sent: 3, failed: 1, opted_out: 1, unconfirmed: 0, capped: 1, cancelled: 0, pending: 4 },
      replies: 2,
    });
  });

  it('counts the unsettled recipients of a cancelled campaign as cancelled, of a completed one as nothing', () => {
    expect(presentCampaign(campaign({ status: 'cancelled' })).counts).toMatchObject({ cancelled: 4, pending: 0 });
    expect(presentCampaign(campaign({ status: 'completed' })).counts).toMatchObject({ cancelled: 0, pending: 0 });
  });

  it('answers null for the schedule estimates a campaign lacks', () => {
    const data = presentCampaign(campaign({ last_send_at: undefined, estimated_completion_time: null }));
    expect(data.last_send_at).toBeNull();
    expect(data.estimated_completion_time).toBeNull();
  });

  it('leaks none of the stored members the contract does not name', () => {
    const data = presentCampaign(campaign());
    for (const member of [
      'team_id',
      'message_template',
      'settings',
      'chunk_count',
      'fanned_out',
      'price_per_segment_micros',
      'created_at',
    ]) {
      expect(data).not.toHaveProperty(member);
    }
  });

  it('is the body the response schema describes', () => {
    const body = presentCampaignResponse(campaign(), 'req-1', NOW);
    expect(smsCampaignResponse().parse(body)).toEqual(body);
    expect(body.meta).toEqual({ request_id: 'req-1', timestamp: NOW.toISOString() });
  });
});

describe('presentCampaignPreflight', () => {
  const plan: CampaignPreflight = {
    recipients: [
      {
        index: 0,
        phone: '+12125550100',
        body: 'Hi Ann. Reply STOP to opt out.',
        usedFallback: false,
        encoding: 'GSM-7',
        segments: 1,
        suppressed: false,
        sendAt: '2026-03-02T15:00:00.000Z',
        rule: 'federal Monday 8:00–21:00',
        capped: null,
      },
    ],
    requested: 2,
    duplicatesCollapsed: 1,
    suppressed: 0,
    segments: 1,
    estimatedCostMicros: 8_300,
    fallbackCount: 0,
    capped: 0,
    lastSendAt: '2026-03-02T15:00:00.000Z',
    estimatedCompletionTime: null,
    pricePerSegmentMicros: 8_300,
  };

  it('maps the plan per recipient, in dollars, as the preflight schema describes', () => {
    const body = presentCampaignPreflight(plan, 'req-2', NOW);
    expect(smsCampaignPreflight().parse(body)).toEqual(body);
    expect(body.data).toMatchObject({ preflight: true, recipients_count: 1, requested_count: 2, price_per_segment: 0.0083 });
    expect(body.data.recipients[0]).toEqual({
      index: 0,
      phone: '+12125550100',
      encoding: 'GSM-7',
      segments: 1,
      used_fallback: false,
      suppressed: false,
      send_at: '2026-03-02T15:00:00.000Z',
      rule: 'federal Monday 8:00–21:00',
      capped: null,
      message: 'Hi Ann. Reply STOP to opt out.',
    });
  });
});

describe('presentInboundResult', () => {
  it('says how the text was handled, and that a repeated one was handled before', () => {
    const handled = presentInboundResult(
      { action: 'opted_out', needsReview: false, duplicate: false, campaignId: null, reply: 'bye' },
      'r',
      NOW,
    );
    expect(inboundSmsResponse().parse(handled)).toEqual(handled);
    expect(handled).toMatchObject({ success: true, message: 'Handled as opted_out', data: { campaign_id: null, reply: 'bye' } });
    const repeated = presentInboundResult({ action: 'reply', needsReview: true, duplicate: true, campaignId: 'c', reply: null }, 'r', NOW);
    expect(repeated.message).toBe('Message already handled');
    expect(repeated.data.needs_review).toBe(true);
  });
});

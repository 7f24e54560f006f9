import {
  type CampaignItem,
  fromCampaignItem,
  fromChunkItem,
  fromSubscriptionEventItem,
  outboundTextOf,
  type SendItem,
  toCampaignItem,
  toChunkItem,
  toSubscriptionEventItem,
} from '#shared/adapters/dynamodb/sms-campaign-items';
import type { Campaign } from '#shared/domain/sms-campaigns/campaign';
import type { SubscriptionEvent } from '#shared/domain/sms-campaigns/subscription-events';
import { smsCampaign } from '../../../../support/factories';

const campaign: Campaign = smsCampaign({ team_id: 7, fallback_message: 'Hi there', segmentation: { zip: '10001' } });

describe('campaign items', () => {
  it('stores a campaign under its META key and reads it back as it was', () => {
    const item = toCampaignItem(campaign);
    expect(item).toMatchObject({ pk: 'CAMPAIGN#cmp_0123456789abcdef0123', sk: 'META' });
    expect(fromCampaignItem(item)).toEqual(campaign);
  });

  it('fills in the members a campaign stored before them lacks', () => {
    const { last_send_at: _l, estimated_completion_time: _e, fanned_out: _f, ...older } = toCampaignItem(campaign);
    const item: CampaignItem = { ...older, counts: { sent: 1, failed: 0, opted_out: 0 } };
    expect(fromCampaignItem(item)).toMatchObject({
      counts: { sent: 1, failed: 0, opted_out: 0, unconfirmed: 0, capped: 0 },
      last_send_at: null,
      estimated_completion_time: null,
      fanned_out: false,
    });
  });

  it('stores a chunk of rendered recipients, older ones without planned times read as null', () => {
    const item = toChunkItem('cmp_x', 3, [{ phone: '+12125550100', body: 'Hi', segments: 1, suppressed: false }]);
    expect(item.sk).toBe('CHUNK#00003');
    expect(fromChunkItem(item)).toEqual([
      { phone: '+12125550100', body: 'Hi', segments: 1, suppressed: false, send_at: null, rule: null, capped: null },
    ]);
  });

  it('reads a send record as the outbound feed lists it, an older one without its body as null', () => {
    const item: SendItem = {
      pk: 'CAMPAIGN#cmp_x',
      sk: 'SEND#+12125550100',
      status: 'deferred',
      team_id: 7,
      recorded_at: '2026-03-02T15:00:00.000Z',
      deferred_until: '2026-03-02T16:00:00.000Z',
      settled_at: '2026-03-02T15:00:01.000Z',
      textsPk: 't',
      textsStatusPk: 's',
      textsSk: 'k',
    };
    expect(outboundTextOf(item)).toMatchObject({
      campaign_id: 'cmp_x',
      purpose: 'campaign',
      appointment_id: null,
      body: null,
      recipient: '+12125550100',
      segments: 0,
      cost_micros: 0,
      sent_at: null,
      updated_at: '2026-03-02T15:00:00.000Z',
      deferred_until: '2026-03-02T16:00:00.000Z',
    });
  });

  it('stores a subscription event with its index keys and reads an older one with the review members filled in', () => {
    const event: SubscriptionEvent = {
      event_id: 'm1',
      team_id: 7,
      type: 'opt_out',
      phone: '+12125550100',
      keyword: 'STOP',
      source: 'inbound_sms',
      suppression_change: 'added',
      campaign_id: null,
      occurred_at: '2026-03-02T15:00:00.000Z',
    };
    const item = toSubscriptionEventItem(event);
    expect(item).toMatchObject({ sk: '2026-03-02T15:00:00.000Z#m1', eventTypePk: expect.stringMatching(/#SUBEVENTS#opt_out$/) });
    expect(item).not.toHaveProperty('needs_review');
    expect(fromSubscriptionEventItem(item)).toEqual({ ...event, needs_review: false, message: null });
  });
});

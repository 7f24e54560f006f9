import {
  fromChunkItem,
  fromSubscriptionEventItem,
  outboundTextOf,
  parseSendItem,
  type SendItem,
  toChunkItem,
  toSubscriptionEventItem,
} from '#shared/adapters/dynamodb/sms-campaign-items';
import { fromCampaignItem } from '#shared/adapters/dynamodb/sms-campaign-meta';
import { type CampaignItem, toCampaignItem } from '#shared/adapters/dynamodb/sms-campaign-meta-item';
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

  // The members share one schema per kind with the other tables' items (stored-members.ts): each
  // place a shared schema sits still names its own path, and a member that may be absent still may.
  const send = { pk: 'CAMPAIGN#cmp_x', sk: 'SEND#+12125550100', status: 'sent', team_id: 7, recorded_at: '2026-03-02T15:00:00.000Z' };
  it.each([
    ['campaign', 'message_template', () => fromCampaignItem({ ...toCampaignItem(campaign), message_template: 3 })],
    [
      'campaign',
      'settings.respect_quiet_hours',
      () => fromCampaignItem({ ...toCampaignItem(campaign), settings: { include_opt_out: true, respect_quiet_hours: 'yes' } }),
    ],
    [
      'campaign',
      'counts.opted_out',
      () => fromCampaignItem({ ...toCampaignItem(campaign), counts: { sent: 1, failed: 0, opted_out: '0' } }),
    ],
    ['campaign', 'last_send_at', () => fromCampaignItem({ ...toCampaignItem(campaign), last_send_at: 5 })],
    ['campaign', 'fanned_out', () => fromCampaignItem({ ...toCampaignItem(campaign), fanned_out: 'no' })],
    [
      'campaign chunk',
      'recipients.0.suppressed',
      () => fromChunkItem({ recipients: [{ phone: '+1', body: 'b', segments: 1, suppressed: 0 }] }),
    ],
    [
      'campaign chunk',
      'recipients.0.capped',
      () => fromChunkItem({ recipients: [{ phone: '+1', body: 'b', segments: 1, suppressed: false, capped: 1 }] }),
    ],
    ['campaign send', 'segments', () => parseSendItem({ ...send, segments: '1' })],
    ['campaign send', 'claim_token', () => parseSendItem({ ...send, claim_token: null })],
    ['campaign send', 'provider_message_id', () => parseSendItem({ ...send, provider_message_id: 5 })],
    ['campaign send', 'recorded_at', () => parseSendItem({ ...send, recorded_at: undefined })],
  ])('refuses a stored %s malformed at %s, naming it', (kind, path, read) => {
    expect(read).toThrow(`stored ${kind} item is malformed at ${path}`);
  });

  it('reads a send record whose optional members are absent, and one whose nullable members are null', () => {
    expect(parseSendItem(send)).toEqual(send);
    expect(parseSendItem({ ...send, provider_message_id: null, error: null })).toMatchObject({ provider_message_id: null, error: null });
  });
});

import { outboundText, subscriptionEvent } from '#shared/contracts/outbound';
import type { OutboundText } from '#shared/domain/sms-campaigns/outbound-texts';
import type { SubscriptionEvent } from '#shared/domain/sms-campaigns/subscription-events';
import { presentOutboundText, presentSubscriptionEvent } from '#shared/presenters/outbound';

const text: OutboundText = {
  campaign_id: 'cmp_0123456789abcdef0123',
  purpose: 'campaign',
  appointment_id: null,
  team_id: 7,
  recipient: '+12125550100',
  body: 'Hi Ana, furnace tune-ups are 20% off this week.',
  segments: 2,
  cost_micros: 16_600,
  status: 'sent',
  provider_message_id: 'msg-1',
  error: null,
  queued_at: '2026-03-02T15:00:00.000Z',
  sent_at: '2026-03-02T15:00:01.000Z',
  updated_at: '2026-03-02T15:00:01.000Z',
  deferred_until: null,
  send_at: null,
  rule: null,
};

describe('presentOutboundText', () => {
  it('answers the cost in dollars, never the micro-dollars', () => {
    const wire = presentOutboundText(text);
    expect(wire.cost).toBe(0.0166);
    expect(wire).not.toHaveProperty('cost_micros');
    expect(outboundText().parse(wire)).toEqual(wire);
  });

  it('keeps the nulls of a text not sent', () => {
    const wire = presentOutboundText({ ...text, status: 'deferred', cost_micros: 0, sent_at: null, provider_message_id: null });
    expect(wire).toMatchObject({ cost: 0, sent_at: null, provider_message_id: null, send_at: null, rule: null });
  });

  it('answers a text outside campaigns with a null campaign, its purpose and its appointment', () => {
    const wire = presentOutboundText({ ...text, campaign_id: null, purpose: 'booking_reminder', appointment_id: 'apt_1' });
    expect(wire).toMatchObject({ campaign_id: null, purpose: 'booking_reminder', appointment_id: 'apt_1', body: text.body });
    expect(outboundText().parse(wire)).toEqual(wire);
  });

  it('leaks no member the contract does not name', () => {
    const wire = presentOutboundText({ ...text, internal: 'x' } as OutboundText);
    expect(wire).not.toHaveProperty('internal');
  });
});

describe('presentSubscriptionEvent', () => {
  const event: SubscriptionEvent = {
    event_id: 'op_1',
    team_id: 7,
    type: 'suppressed',
    phone: '+12125550100',
    keyword: null,
    source: 'operator',
    suppression_change: 'added',
    campaign_id: null,
    occurred_at: '2026-03-02T15:00:00.000Z',
  };

  it('answers needs_review false and message null for an event that has neither', () => {
    const wire = presentSubscriptionEvent(event);
    expect(wire).toMatchObject({ needs_review: false, message: null, keyword: null, campaign_id: null });
    expect(subscriptionEvent().parse(wire)).toEqual(wire);
  });

  it('passes a flagged reply through', () => {
    const wire = presentSubscriptionEvent({
      ...event,
      type: 'possible_opt_out',
      source: 'inbound_sms',
      needs_review: true,
      message: 'stop by later',
    });
    expect(wire).toMatchObject({ type: 'possible_opt_out', needs_review: true, message: 'stop by later' });
  });

  it('answers a text outside campaigns with a null campaign, its purpose and its appointment', () => {
    const wire = presentOutboundText({ ...text, campaign_id: null, purpose: 'booking_reminder', appointment_id: 'apt_1' });
    expect(wire).toMatchObject({ campaign_id: null, purpose: 'booking_reminder', appointment_id: 'apt_1', body: text.body });
    expect(outboundText().parse(wire)).toEqual(wire);
  });

  it('leaks no member the contract does not name', () => {
    expect(presentSubscriptionEvent({ ...event, pk: 'TEAM#x' } as SubscriptionEvent)).not.toHaveProperty('pk');
  });
});

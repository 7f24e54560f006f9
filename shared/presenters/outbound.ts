import type * as z from 'zod';
import type { outboundText, subscriptionEvent } from '#shared/contracts/outbound';
import { toDollars } from '#shared/domain/sms-campaigns/campaign-plan';
import type { OutboundText } from '#shared/domain/sms-campaigns/outbound-texts';
import type { SubscriptionEvent } from '#shared/domain/sms-campaigns/subscription-events';

/**
 * The wire shapes of the outbound texting feeds (contracts/outbound.ts), typed by their response
 * schemas. Money goes out in dollars, like the campaign routes.
 */
type Wire<S extends () => z.ZodType> = z.output<ReturnType<S>>;

/** One text: a campaign recipient's, or one sent outside campaigns. */
export function presentOutboundText(t: OutboundText): Wire<typeof outboundText> {
  return {
    campaign_id: t.campaign_id,
    purpose: t.purpose,
    appointment_id: t.appointment_id,
    team_id: t.team_id,
    recipient: t.recipient,
    body: t.body,
    segments: t.segments,
    cost: toDollars(t.cost_micros),
    status: t.status,
    provider_message_id: t.provider_message_id,
    error: t.error,
    queued_at: t.queued_at,
    sent_at: t.sent_at,
    updated_at: t.updated_at,
    deferred_until: t.deferred_until,
    send_at: t.send_at,
    rule: t.rule,
  };
}

/** A keyword received, or an operator's change of the suppression list. */
export function presentSubscriptionEvent(e: SubscriptionEvent): Wire<typeof subscriptionEvent> {
  return {
    event_id: e.event_id,
    team_id: e.team_id,
    type: e.type,
    phone: e.phone,
    keyword: e.keyword,
    source: e.source,
    suppression_change: e.suppression_change,
    campaign_id: e.campaign_id,
    occurred_at: e.occurred_at,
    // Events recorded before replies were flagged carry neither.
    needs_review: e.needs_review ?? false,
    message: e.message ?? null,
  };
}

import type * as z from 'zod';
import type { inboundSmsResponse, smsCampaign, smsCampaignPreflight, smsCampaignResponse } from '#shared/contracts/sms-campaigns';
import { type Campaign, settledCount } from '#shared/domain/sms-campaigns/campaign';
import { toDollars } from '#shared/domain/sms-campaigns/campaign-plan';
import type { CampaignPreflight } from '#shared/domain/sms-campaigns/campaign-service';
import type { InboundResult } from '#shared/domain/sms-campaigns/inbound';
import { presentPlatformBody, presentRequestMeta } from '#shared/presenters/responses';

/**
 * The wire shapes of the SMS campaign routes (contracts/sms-campaigns.ts): each function maps a
 * domain object to the body its response schema describes, typed by that schema so a field the
 * contract renames or adds fails to compile here. Money goes out in dollars; the domain keeps
 * integer micro-dollars.
 */
type Wire<S extends () => z.ZodType> = z.output<ReturnType<S>>;

/** A campaign and where every recipient stands. */
export function presentCampaign(c: Campaign): Wire<typeof smsCampaign> {
  const unsettled = Math.max(0, c.recipients_count - settledCount(c));
  return {
    campaign_id: c.campaign_id,
    status: c.status,
    recipients_count: c.recipients_count,
    messages_sent: c.counts.sent,
    estimated_cost: toDollars(c.estimated_cost_micros),
    scheduled_time: c.scheduled_time,
    completion_time: c.completion_time,
    counts: {
      sent: c.counts.sent,
      failed: c.counts.failed,
      opted_out: c.counts.opted_out,
      unconfirmed: c.counts.unconfirmed,
      capped: c.counts.capped,
      // Recipients a cancel stopped are not sent; the rest of an active campaign are pending.
      cancelled: c.status === 'cancelled' ? unsettled : 0,
      pending: c.status === 'cancelled' || c.status === 'completed' ? 0 : unsettled,
    },
    duplicates_collapsed: c.duplicates_collapsed,
    last_send_at: c.last_send_at ?? null,
    estimated_completion_time: c.estimated_completion_time ?? null,
    actual_cost: toDollars(c.actual_cost_micros),
    replies: c.replies,
  };
}

/** The answer of create (202), get and cancel: the campaign with `meta {request_id, timestamp}`. */
export function presentCampaignResponse(campaign: Campaign, requestId: string, now: Date = new Date()): Wire<typeof smsCampaignResponse> {
  return presentPlatformBody(presentCampaign(campaign), requestId, now);
}

/** The preflight answer (200): the campaign as it would be planned, per recipient; nothing stored. */
export function presentCampaignPreflight(plan: CampaignPreflight, requestId: string, now: Date): Wire<typeof smsCampaignPreflight> {
  return presentPlatformBody(
    {
      preflight: true,
      recipients_count: plan.recipients.length,
      requested_count: plan.requested,
      duplicates_collapsed: plan.duplicatesCollapsed,
      opted_out: plan.suppressed,
      capped: plan.capped,
      fallback_count: plan.fallbackCount,
      segments: plan.segments,
      estimated_cost: toDollars(plan.estimatedCostMicros),
      last_send_at: plan.lastSendAt,
      estimated_completion_time: plan.estimatedCompletionTime,
      price_per_segment: toDollars(plan.pricePerSegmentMicros),
      recipients: plan.recipients.map((r) => ({
        index: r.index,
        phone: r.phone,
        encoding: r.encoding,
        segments: r.segments,
        used_fallback: r.usedFallback,
        suppressed: r.suppressed,
        send_at: r.sendAt,
        rule: r.rule,
        capped: r.capped,
        message: r.body,
      })),
    },
    requestId,
    now,
  );
}

/** How an inbound text was handled. */
export function presentInboundResult(result: InboundResult, requestId: string, now: Date = new Date()): Wire<typeof inboundSmsResponse> {
  return {
    success: true,
    message: result.duplicate ? 'Message already handled' : `Handled as ${result.action}`,
    data: {
      action: result.action,
      needs_review: result.needsReview,
      duplicate: result.duplicate,
      campaign_id: result.campaignId,
      reply: result.reply,
    },
    meta: presentRequestMeta(requestId, now),
  };
}

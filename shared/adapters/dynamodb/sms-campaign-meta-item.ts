import type { Campaign } from '#shared/domain/sms-campaigns/campaign';
import { campaignPk } from './keys';
import type { StoredCampaignMembers } from './sms-campaign-meta';

/*
 * The campaign's META item as written: every function that stores a campaign maps it here, and
 * only those that read one back build its read schema (sms-campaign-meta.ts).
 */

export type CampaignItem = { readonly pk: string; readonly sk: 'META' } & StoredCampaignMembers;

export function toCampaignItem(c: Campaign): CampaignItem {
  return {
    pk: campaignPk(c.campaign_id),
    sk: 'META',
    campaign_id: c.campaign_id,
    team_id: c.team_id,
    campaign_type: c.campaign_type,
    status: c.status,
    message_template: c.message_template,
    fallback_message: c.fallback_message,
    settings: { include_opt_out: c.settings.include_opt_out, respect_quiet_hours: c.settings.respect_quiet_hours },
    segmentation: c.segmentation,
    recipients_count: c.recipients_count,
    requested_count: c.requested_count,
    duplicates_collapsed: c.duplicates_collapsed,
    chunk_count: c.chunk_count,
    counts: {
      sent: c.counts.sent,
      failed: c.counts.failed,
      opted_out: c.counts.opted_out,
      unconfirmed: c.counts.unconfirmed,
      capped: c.counts.capped,
    },
    replies: c.replies,
    estimated_cost_micros: c.estimated_cost_micros,
    actual_cost_micros: c.actual_cost_micros,
    price_per_segment_micros: c.price_per_segment_micros,
    scheduled_time: c.scheduled_time,
    completion_time: c.completion_time,
    cancelled_at: c.cancelled_at,
    created_at: c.created_at,
    last_send_at: c.last_send_at ?? null,
    estimated_completion_time: c.estimated_completion_time ?? null,
    ...(c.fanned_out === undefined ? {} : { fanned_out: c.fanned_out }),
  };
}

import type { DomainEvent } from '#shared/ports/event-bus';
import { eventIdFor } from './lead-events';

/**
 * sms_campaign.completed (JSON Schema in ./schemas). engagement: replies are inbound
 * texts from the campaign's recipients after it texted them (the reply webhook); link_clicks and
 * conversions are not tracked yet and are 0. final_counts adds `unconfirmed` (recipients whose
 * sender stopped between texting and recording) and `capped` (skipped by a state frequency cap)
 * to sent, failed and opted_out (see CampaignCounts); the five add up to the recipients. event_id
 * (one per campaign, stable across re-publication) is for de-duplication: delivery is at least once.
 */
export function smsCampaignCompleted(input: {
  campaign_id: string;
  team_id: number;
  sent: number;
  failed: number;
  opted_out: number;
  unconfirmed: number;
  capped: number;
  replies: number;
  total_cost: number;
  at: Date;
}): DomainEvent {
  return {
    type: 'sms_campaign.completed',
    detail: {
      event: 'sms_campaign.completed',
      event_id: eventIdFor('sms_campaign.completed', input.campaign_id),
      timestamp: input.at.toISOString(),
      data: {
        campaign_id: input.campaign_id,
        team_id: input.team_id,
        status: 'completed',
        final_counts: {
          sent: input.sent,
          failed: input.failed,
          opted_out: input.opted_out,
          unconfirmed: input.unconfirmed,
          capped: input.capped,
        },
        engagement: { replies: input.replies, link_clicks: 0, conversions: 0 },
        total_cost: input.total_cost,
      },
    },
  };
}

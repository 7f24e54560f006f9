import { type CampaignRecord, toCampaignData } from './campaign';
import { toDollars } from './campaign-plan';

/** The SMS campaign response — `data` and `meta {request_id, timestamp}`. */
export function campaignResponse(campaign: CampaignRecord, requestId: string, now: Date = new Date()) {
  return { data: toCampaignData(campaign, toDollars), meta: { request_id: requestId, timestamp: now.toISOString() } };
}

import type { CampaignRequest } from './campaign-request';

type CampaignType = CampaignRequest['campaign_type'];

/**
 * Which campaign types are telephone solicitations (texts that encourage a purchase: state hours,
 * closed days and frequency caps bind them) and which are not (a reminder of a booked visit, an
 * emergency notice, a follow-up on service the customer asked for: only the team's own quiet
 * hours apply). An operator overrides a type per team (`messaging solicitation`). Why each type
 * sits where it does: docs/adr/0060-campaign-types-and-solicitations.md.
 */
export const SOLICITATION_BY_TYPE: Readonly<Record<CampaignType, boolean>> = {
  marketing: true,
  seasonal_promotion: true,
  maintenance_reminder: true,
  service_follow_up: false,
  appointment_reminder: false,
  emergency_notification: false,
};

export function isSolicitation(type: CampaignType, overrides: Partial<Record<CampaignType, boolean>> | undefined): boolean {
  return overrides?.[type] ?? SOLICITATION_BY_TYPE[type];
}

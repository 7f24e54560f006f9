import type { CampaignSendStore, RecipientOutcome, SendRecord, TextRecipient, UnsentRecipient } from '#shared/ports/sms-campaign-store';
import { claimRecipients, getSendStatuses, recordUnsent, releaseClaims, settleRecipients } from './sms-campaign-sends';
import { DynamoCampaignStore } from './sms-campaign-store';

/**
 * The campaign store with the send records (sms-campaign-sends.ts): the sender's. Create and
 * cancel build DynamoCampaignStore, whose requests never claim or settle a recipient
 * (docs/adr/0205-texting-intake-deletion-cold-start-reads-less.md).
 */
export class DynamoCampaignSendStore extends DynamoCampaignStore implements CampaignSendStore {
  claimRecipients(
    campaignId: string,
    recipients: readonly TextRecipient[],
    claim: { at: string; token: string; teamId: number },
  ): Promise<Set<string>> {
    return claimRecipients(this.table, campaignId, recipients, claim);
  }

  recordUnsent(campaignId: string, teamId: number, recipients: readonly UnsentRecipient[], at: string): Promise<void> {
    return recordUnsent(this.table, campaignId, teamId, recipients, at);
  }

  releaseClaims(campaignId: string, teamId: number, phones: readonly string[], token: string, at: string): Promise<void> {
    return releaseClaims(this.table, campaignId, teamId, phones, token, at);
  }

  settleRecipients(campaignId: string, teamId: number, outcomes: readonly RecipientOutcome[]): Promise<void> {
    return settleRecipients(this.table, campaignId, teamId, outcomes);
  }

  getSendStatuses(campaignId: string, phones: readonly string[]): Promise<Map<string, SendRecord>> {
    return getSendStatuses(this.table, campaignId, phones);
  }
}

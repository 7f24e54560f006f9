import type { CampaignCounts, CampaignRecord, CampaignStatus, ChunkRecipient, SendStatus } from '../domain/sms/campaign';

export interface CampaignStore {
  /** Stores the campaign and its chunks (recipients already rendered). */
  createCampaign(campaign: CampaignRecord, chunks: readonly (readonly ChunkRecipient[])[]): Promise<void>;
  getCampaign(campaignId: string): Promise<CampaignRecord | null>;
  getChunk(campaignId: string, chunk: number): Promise<readonly ChunkRecipient[] | null>;
  /** Conditional status change; false when the campaign was not in one of `from`. */
  transitionCampaign(
    campaignId: string,
    from: readonly CampaignStatus[],
    to: CampaignStatus,
    fields?: Partial<CampaignRecord>,
  ): Promise<boolean>;
  /**
   * Claims one recipient for sending (the exactly-once guard): true when this caller may send,
   * false when a send record already exists (a redelivery).
   */
  claimRecipient(campaignId: string, phone: string, at: string): Promise<boolean>;
  /** Records the outcome of a claimed (or suppressed/cancelled) recipient and counts it once. */
  settleRecipient(
    campaignId: string,
    phone: string,
    outcome: { status: Exclude<SendStatus, 'sending'>; costMicros: number; providerMessageId?: string; error?: string; at: string },
  ): Promise<boolean>;
  /** Send records of the given phones (absent phones have none yet). */
  getSendStatuses(campaignId: string, phones: readonly string[]): Promise<Map<string, SendStatus>>;
  /** Opted-out phones among the given ones (per team). */
  suppressedAmong(teamId: number, phones: readonly string[]): Promise<Set<string>>;
  /** Every opted-out phone of the team (for planning). */
  listSuppressed(teamId: number): Promise<Set<string>>;
  suppress(teamId: number, phone: string, keyword: string, at: string): Promise<void>;
  unsuppress(teamId: number, phone: string): Promise<void>;
  /** Remembers the last campaign that texted a phone (reply attribution). */
  rememberLastCampaign(teamId: number, phone: string, campaignId: string, at: string): Promise<void>;
  lastCampaignFor(teamId: number, phone: string): Promise<string | null>;
  addReply(campaignId: string): Promise<void>;
  /** Guards an inbound message id so a redelivered webhook is handled once. */
  claimInbound(teamId: number, messageId: string, at: string): Promise<boolean>;
  addCounts(campaignId: string, counts: Partial<CampaignCounts>, costMicros: number): Promise<void>;
}

import type { CampaignRecord, CampaignStatus, ChunkRecipient, SendStatus } from '#shared/domain/sms/campaign';

export interface RecipientOutcome {
  readonly phone: string;
  readonly status: Exclude<SendStatus, 'sending'>;
  readonly costMicros: number;
  readonly providerMessageId?: string;
  readonly error?: string;
  readonly at: string;
}

/** A recipient's send record; `claimToken` names the queue delivery that claimed it. */
export interface SendRecord {
  readonly status: SendStatus;
  readonly claimedAt: string | null;
  readonly claimToken: string | null;
}

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
  /** Records that a message per chunk is on the queue. */
  markFannedOut(campaignId: string): Promise<void>;
  /**
   * Claims recipients for sending (the exactly-once guard): returns the phones this caller may
   * text; a phone that already has a send record (a redelivery, a concurrent sender) is left out.
   * The claim carries the claiming delivery's token (see domain/claims.ts).
   */
  claimRecipients(campaignId: string, phones: readonly string[], claim: { at: string; token: string }): Promise<Set<string>>;
  /**
   * Records the outcomes of claimed (or opted-out) recipients and adds them to the campaign's
   * counters in the same transaction, so each recipient is counted exactly once.
   */
  settleRecipients(campaignId: string, outcomes: readonly RecipientOutcome[]): Promise<void>;
  /** Send records of the given phones (absent phones have none yet). */
  getSendStatuses(campaignId: string, phones: readonly string[]): Promise<Map<string, SendRecord>>;
  /** Opted-out phones among the given ones (per team). */
  suppressedAmong(teamId: number, phones: readonly string[]): Promise<Set<string>>;
  /** Every opted-out phone of the team (for planning). */
  listSuppressed(teamId: number): Promise<Set<string>>;
  suppress(teamId: number, phone: string, keyword: string, at: string): Promise<void>;
  unsuppress(teamId: number, phone: string): Promise<void>;
  /** Remembers the last campaign that texted each phone (reply attribution). */
  rememberLastCampaign(teamId: number, phones: readonly string[], campaignId: string, at: string): Promise<void>;
  lastCampaignFor(teamId: number, phone: string): Promise<string | null>;
  addReply(campaignId: string): Promise<void>;
  /** Guards an inbound message id so a redelivered webhook is handled once. */
  claimInbound(teamId: number, messageId: string, at: string): Promise<boolean>;
}

import type { CapLedger, CapLedgerChange, CapSlot } from '#shared/domain/sms/frequency-cap';
import type { Campaign, CampaignStatus, ChunkRecipient, SendStatus } from '#shared/domain/sms-campaigns/campaign';
import type { SubscriptionEvent } from '#shared/domain/sms-campaigns/subscription-events';
import type { DomainEvent } from './event-bus';

export interface RecipientOutcome {
  readonly phone: string;
  readonly status: Exclude<SendStatus, 'sending' | 'suppressed' | 'deferred' | 'capped' | 'skipped'>;
  /** Segments of the rendered message (kept on the record for the outbound texts feed). */
  readonly segments: number;
  readonly costMicros: number;
  readonly providerMessageId?: string;
  readonly error?: string;
  readonly at: string;
}

/** A recipient about to be claimed: its phone, its rendered message and its segments, and its planned send time and rule. */
export interface TextRecipient {
  readonly phone: string;
  /** Kept on the record for the outbound texts feed. */
  readonly body: string;
  readonly segments: number;
  readonly sendAt?: string | null;
  readonly rule?: string | null;
}

/** A recipient recorded without being texted (see SendStatus). */
export interface UnsentRecipient extends TextRecipient {
  readonly status: 'suppressed' | 'deferred' | 'capped';
  /** For `deferred`: when the recipient's send window opens. */
  readonly until?: string;
  /** For `capped`: which cap, and why. */
  readonly reason?: string;
}

/** What an inbound keyword does to the team's suppression list, written with the message's claim. */
export type SuppressionChange =
  | { readonly kind: 'add'; readonly phone: string; readonly keyword: string }
  | { readonly kind: 'remove'; readonly phone: string };

/** A recipient's send record; `claimToken` names the queue delivery that claimed it. */
export interface SendRecord {
  readonly status: SendStatus;
  readonly claimedAt: string | null;
  readonly claimToken: string | null;
}

/** What may change with a campaign's status: when it completed, or was cancelled. */
export type CampaignTransitionFields = Partial<Pick<Campaign, 'completion_time' | 'cancelled_at'>>;

export interface CampaignStore {
  /**
   * Refuses (PayloadTooLargeError, a 413) a campaign, or a chunk of its rendered messages, too large
   * for a stored record, as createCampaign would: a preflight asks before anything is written.
   */
  assertStorable(campaign: Campaign, chunks: readonly (readonly ChunkRecipient[])[]): void;
  /** Stores the campaign and its chunks (recipients already rendered); refuses them as assertStorable does. */
  createCampaign(campaign: Campaign, chunks: readonly (readonly ChunkRecipient[])[]): Promise<void>;
  getCampaign(campaignId: string): Promise<Campaign | null>;
  getChunk(campaignId: string, chunk: number): Promise<readonly ChunkRecipient[] | null>;
  /**
   * Conditional status change; false when the campaign was not in one of `from`. `events` become
   * due in the same write (the transactional outbox): only a change that happens emits them.
   */
  transitionCampaign(
    campaignId: string,
    from: readonly CampaignStatus[],
    to: CampaignStatus,
    fields?: CampaignTransitionFields,
    events?: readonly DomainEvent[],
  ): Promise<boolean>;
  /** Records that a message per chunk is on the queue. */
  markFannedOut(campaignId: string): Promise<void>;
  /** Opted-out phones among the given ones (per team). */
  suppressedAmong(teamId: number, phones: readonly string[]): Promise<Set<string>>;
  /** Every opted-out phone of the team (for planning). */
  listSuppressed(teamId: number): Promise<Set<string>>;
  /**
   * Adds the number (keeping the first opt-out's keyword, time and confirmation if it is there
   * already); with an event, the change and the event are written in one transaction.
   */
  suppress(teamId: number, phone: string, keyword: string, at: string, event?: SubscriptionEvent): Promise<void>;
  unsuppress(teamId: number, phone: string, event?: SubscriptionEvent): Promise<void>;
  /** Remembers the last campaign that texted each phone (reply attribution). */
  rememberLastCampaign(teamId: number, phones: readonly string[], campaignId: string, at: string): Promise<void>;
  /** The frequency-cap ledgers of these numbers (frequency-cap.ts); a number without one is absent. */
  capLedgers(teamId: number, phones: readonly string[]): Promise<Map<string, CapLedger>>;
  /**
   * Changes a number's cap ledger only if nobody changed it meanwhile (a version check), reading it
   * again and calling `change` again after a race: `change` returns the new slots (or null to
   * write nothing) and what to answer. `known`, a ledger just read with capLedgers, saves the
   * first read.
   */
  updateCapLedger<T>(
    teamId: number,
    phone: string,
    change: (slots: CapSlot[]) => { slots: CapSlot[] | null; result: T },
    known?: CapLedger,
  ): Promise<T>;
  /**
   * updateCapLedger for many numbers at once, from ledgers just read: written together when none
   * changed meanwhile, one by one (each read again) when some did. Answers each result by phone.
   */
  updateCapLedgers<T>(teamId: number, changes: readonly CapLedgerChange<T>[]): Promise<Map<string, T>>;
}

/**
 * The campaign store with the send records (`CAMPAIGN#<id>` / SEND#<e164>, the exactly-once
 * guard): the sender's alone, so create and cancel bundle none of the claim and settle code.
 */
export interface CampaignSendStore extends CampaignStore {
  /**
   * Claims recipients for sending (the exactly-once guard): returns the phones this caller may
   * text; a phone that already has a send record (a redelivery, a concurrent sender) is left out.
   * The claim carries the claiming delivery's token (see domain/claims.ts); a `deferred` record
   * counts as absent. Every record carries the team, for the outbound texts feed's indexes.
   */
  claimRecipients(
    campaignId: string,
    recipients: readonly TextRecipient[],
    claim: { at: string; token: string; teamId: number },
  ): Promise<Set<string>>;
  /**
   * Records the outcomes of claimed (or opted-out, or deferred) recipients and adds them to the
   * campaign's counters in the same transaction, so each recipient is counted exactly once.
   */
  settleRecipients(campaignId: string, teamId: number, outcomes: readonly RecipientOutcome[]): Promise<void>;
  /**
   * Records recipients that are not texted now: `suppressed` once (a redelivery finds it there),
   * `deferred` unless the recipient already has another record. Counters are not touched.
   */
  recordUnsent(campaignId: string, teamId: number, recipients: readonly UnsentRecipient[], at: string): Promise<void>;
  /**
   * Gives claims back untexted (the provider was unavailable): each record still `sending` under
   * `token` becomes `deferred` again, so the chunk's redelivery claims and texts it.
   */
  releaseClaims(campaignId: string, teamId: number, phones: readonly string[], token: string, at: string): Promise<void>;
  /** Send records of the given phones (absent phones have none yet). */
  getSendStatuses(campaignId: string, phones: readonly string[]): Promise<Map<string, SendRecord>>;
}

/** What an inbound text reads and writes of the campaigns (shared/domain/sms-campaigns/inbound.ts). */
export interface InboundTextStore {
  lastCampaignFor(teamId: number, phone: string): Promise<string | null>;
  addReply(campaignId: string): Promise<void>;
  /**
   * Guards an inbound message id so a redelivered webhook is handled once; the keyword's
   * subscription event and suppression change, if any, are written in the same transaction (so
   * exactly once too, and never lost to a crash after the claim).
   */
  claimInbound(
    teamId: number,
    messageId: string,
    at: string,
    event?: SubscriptionEvent | null,
    change?: SuppressionChange | null,
  ): Promise<boolean>;
  /**
   * Claims the one confirmation text of a number's current opt-out: true once per opt-out (the
   * suppression record remembers it), false when already claimed or the number is not opted out.
   */
  claimOptOutConfirmation(teamId: number, phone: string, at: string): Promise<boolean>;
}

/** The store less its chunk reads: what creating, starting and capping a campaign use (only the sender reads a chunk). */
export type CampaignStoreWithoutChunks = Omit<CampaignStore, 'getChunk'>;

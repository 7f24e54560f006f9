import type { OwnTextPurpose } from '#shared/domain/appointment-texts/notice';
import type { AppointmentTextStatus } from '#shared/domain/appointment-texts/texts';

/** One text of one appointment: sent at most once per (appointment, purpose, occurrence). */
export interface AppointmentTextKey {
  readonly teamId: number;
  readonly appointmentId: string;
  readonly purpose: OwnTextPurpose;
  /** Which one of the purpose's texts: a reminder's due instant, a change's version. */
  readonly occurrence: string;
}

export interface AppointmentTextClaim {
  readonly key: AppointmentTextKey;
  readonly phone: string;
  readonly body: string;
  readonly segments: number;
  readonly at: string;
  /** claimToken() of the delivery that claims it (domain/claims.ts). */
  readonly token: string;
  /** A recovery text's plan under the calling-hours rules, kept on the record. */
  readonly plan?: { readonly sendAt: string; readonly rule: string };
}

/** What a claim found: the text is ours to send, the number is opted out, or the text has a record already. */
export type AppointmentTextClaimAnswer =
  | { readonly kind: 'claimed' }
  | { readonly kind: 'suppressed'; readonly reason: string }
  | {
      readonly kind: 'exists';
      readonly status: AppointmentTextStatus;
      readonly claimToken: string | null;
      readonly claimedAt: string | null;
    };

export interface AppointmentTextUnsent {
  readonly key: AppointmentTextKey;
  readonly phone: string;
  readonly body: string;
  readonly segments: number;
  readonly at: string;
  readonly status: 'deferred' | 'capped';
  readonly sendAt: string | null;
  readonly rule: string | null;
  readonly reason: string | null;
}

export interface AppointmentTextOutcome {
  readonly status: Extract<AppointmentTextStatus, 'sent' | 'failed' | 'unconfirmed'>;
  readonly costMicros: number;
  readonly providerMessageId?: string;
  readonly error?: string;
  readonly at: string;
}

export interface AppointmentTextStore {
  /**
   * Claims the text for sending (the exactly-once guard), in one write with the check that the
   * number is not on the team's suppression list: an opted-out number gets a `suppressed` record
   * (once) and no claim; a text that has a record already is answered as it stands.
   */
  claim(claim: AppointmentTextClaim): Promise<AppointmentTextClaimAnswer>;
  /** Records the outcome of a claimed text; false when it is no longer `sending` (settled meanwhile). */
  settle(key: AppointmentTextKey, outcome: AppointmentTextOutcome): Promise<boolean>;
  /**
   * Records a text that is not sent now: `deferred` to `sendAt` (the rule that set it), or
   * `capped` (never sent; the reason kept). A deferred record is replaced by the claim when the
   * text goes; any other record is left as it is.
   */
  recordUnsent(unsent: AppointmentTextUnsent): Promise<void>;
  /**
   * Ends a `deferred` text unsent: `skipped`, the reason kept (its send_at and rule stay). False
   * when the text is not deferred (none, claimed, sent or settled otherwise): that record stands.
   */
  skipDeferred(key: AppointmentTextKey, reason: string, at: string): Promise<boolean>;
  /** Gives a claim back untexted (the provider was unavailable), if `token` still holds it: the next delivery claims it again. */
  release(key: AppointmentTextKey, token: string): Promise<void>;
}

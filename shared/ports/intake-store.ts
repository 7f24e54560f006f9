import type { IntakeConfig } from '#shared/domain/intake/intake-config';
import type { OutreachState } from '#shared/domain/intake/outreach';
import type { LeadRecord } from '#shared/domain/leads';
import type { DomainEvent } from './event-bus';

/** A lead the team already has: same external_id, or same phone inside the dedupe window. */
export class DuplicateLeadError extends Error {
  constructor(
    readonly reason: 'external_id' | 'phone_number',
    readonly existingLeadId: number | null,
    /** The existing lead's outreach record, so a repeated request can finish its dispatch. */
    readonly existingStlCallId: number | null = null,
  ) {
    super(`duplicate lead (${reason})`);
    this.name = 'DuplicateLeadError';
  }
}

export interface IntakeStore {
  /**
   * Throws PayloadTooLargeError (413) when the lead would not fit in one stored item, as createLead
   * would: an intake asks before anything is written, test mode included.
   */
  assertStorable(lead: LeadRecord): void;
  nextLeadId(): Promise<number>;
  nextStlCallId(): Promise<number>;
  /**
   * Creates the lead and its outreach record atomically with its uniqueness guards (external_id
   * forever, phone for `phoneWindowHours`; a lead without a usable phone has no phone guard).
   * Throws DuplicateLeadError when a guard is taken. `events` become due in the same write
   * (the transactional outbox): stored with the lead, or not at all.
   */
  createLead(input: {
    lead: LeadRecord;
    phone: string | null;
    phoneWindowHours: number;
    now: Date;
    events?: readonly DomainEvent[];
  }): Promise<void>;
  getLeadByStlCallId(stlCallId: number): Promise<LeadRecord | null>;
  /**
   * Moves outreach from `from` to the new state when it is still in `from` at `attempt` (and, when
   * `claimToken` is given, still claimed with that token); false when it was not. `events` become
   * due in the same write (the transactional outbox): only a transition that happens emits them.
   */
  transitionOutreach(
    stlCallId: number,
    expected: { statuses: readonly OutreachState['status'][]; attempt: number; claimToken?: string | null },
    next: Partial<OutreachState>,
    leadStatus?: string,
    events?: readonly DomainEvent[],
  ): Promise<boolean>;
  /** Records that the lead's first call is queued or scheduled (its request finished). */
  markOutreachDispatched(stlCallId: number): Promise<void>;
  /** Records the appointment the outreach call produced on the lead (the v1 feed shows it). */
  setLeadAppointment(stlCallId: number, appointment: Record<string, unknown>): Promise<void>;
  /** Remembers which stl call a provider call belongs to (the end-of-call report is matched with it). */
  linkProviderCall(providerCallId: string, stlCallId: number): Promise<void>;
  getStlCallIdByProviderCall(providerCallId: string): Promise<number | null>;
}

export interface IntakeConfigStore {
  getIntakeConfig(teamId: number): Promise<IntakeConfig | null>;
  putIntakeConfig(teamId: number, config: IntakeConfig): Promise<void>;
}

/**
 * The key a team gave Google Ads lead forms (Google sends it as google_key in each lead), stored
 * as its SHA-256 only. After a rotation the previous key stays valid until `previous.expires_at`,
 * so leads Google sends before the form is updated are not refused.
 */
export interface GoogleLeadFormKeyRecord {
  readonly sha256: string;
  readonly created_at: string;
  readonly previous: { readonly sha256: string; readonly expires_at: string } | null;
}

export interface GoogleLeadFormKeyStore {
  getGoogleLeadFormKey(teamId: number): Promise<GoogleLeadFormKeyRecord | null>;
  /** Stores the record (null removes it). */
  putGoogleLeadFormKey(teamId: number, record: GoogleLeadFormKeyRecord | null): Promise<void>;
}

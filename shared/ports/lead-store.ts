import type { LeadRecord, LeadType } from '#shared/domain/leads';
import type { ChangeWindow } from '#shared/pagination/change-feed';
import type { DomainEvent } from './event-bus';

export interface LeadPageQuery {
  readonly teamId: number;
  readonly start?: string;
  readonly end?: string;
  readonly type?: LeadType;
  readonly externalId?: string;
  /** A change feed: the leads changed in the window, oldest change first (no other filter is then given). */
  readonly changedIn?: ChangeWindow;
}

/** Leads of a team, newest first (datetime descending, then id descending). */
export interface LeadStore {
  /** Cursor reads: up to limit + 1 rows strictly after the position. */
  listLeads(query: LeadPageQuery & { after?: string; limit: number }): Promise<{ lead: LeadRecord; position: string }[]>;
  /** Offset reads: skips `offset` rows reading keys only, then returns up to limit + 1 rows. */
  listLeadsByOffset(query: LeadPageQuery & { offset: number; limit: number }): Promise<LeadRecord[]>;
  putLeads(leads: readonly LeadRecord[]): Promise<void>;
  /**
   * Writes a lead and makes the lifecycle events it causes due (the outbox), in one write. Writing
   * the same lead and events again changes nothing a consumer would count twice (events keep their ids).
   */
  putLeadWithEvents(lead: LeadRecord, events: readonly DomainEvent[]): Promise<void>;
}

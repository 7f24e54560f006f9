import type { StoredAppointment } from '#shared/domain/appointments/appointment';
import type { CallRecord, TransferRecord } from '#shared/domain/calls';
import type { LeadRecord } from '#shared/domain/leads';
import type { AppointmentRecord, ReportResult, TicketRecord } from '#shared/domain/support-tickets';
import type { DomainEvent } from './event-bus';

export interface CallPageQuery {
  readonly teamId: number;
  readonly start?: string;
  readonly end?: string;
  readonly type?: string;
  readonly offset: number;
  readonly limit: number;
}

/** Calls of a team, newest first (started_at descending, then call id descending). */
export interface CallStore {
  listCallsByOffset(query: CallPageQuery): Promise<CallRecord[]>;
  /** The same order read by position (exports): up to limit + 1 calls strictly after `after`, each with its position. */
  listCallsAfter(query: Omit<CallPageQuery, 'offset' | 'type'> & { after?: string }): Promise<{ call: CallRecord; position: string }[]>;
  /** One call of the team by its id; null when unknown or another team's. */
  getCall(teamId: number, callId: string): Promise<CallRecord | null>;
  putCalls(calls: readonly CallRecord[]): Promise<void>;
  /** The transfers recorded for a provider call of a team, oldest first. */
  listCallTransfers(teamId: number, providerCallId: string): Promise<TransferRecord[]>;
  /** Stores a transfer once: false when a transfer with its id was stored before (a redelivery). */
  saveTransfer(transfer: TransferRecord): Promise<boolean>;
  /** Transfers of a team, newest first: up to limit + 1 rows from the offset. */
  listTransfersByOffset(query: { teamId: number; start?: string; end?: string; offset: number; limit: number }): Promise<TransferRecord[]>;
  /** Our call ids of provider calls whose reports were stored (absent keys: no report yet). */
  callIdsByProviderCall(teamId: number, providerCallIds: readonly string[]): Promise<Map<string, string>>;
  /** What an earlier delivery of this report produced, if any. */
  getReportResult(teamId: number, providerCallId: string): Promise<ReportResult | null>;
  /**
   * Stores the call and what the responder created, atomically with the report's idempotency
   * guard, with `events` due in the outbox in the same write. When another delivery got there
   * first, stores nothing (and makes nothing due) and returns its ids instead.
   */
  saveReport(input: {
    call: CallRecord;
    appointment: AppointmentRecord | null;
    ticket: TicketRecord | null;
    lead: LeadRecord | null;
    events?: readonly DomainEvent[];
    /** The visit the call's appointment made, with the events it makes due: written in the same transaction. */
    visit?: { readonly stored: StoredAppointment; readonly events: readonly DomainEvent[] } | null;
  }): Promise<{ stored: boolean; result: ReportResult }>;
  /** Support tickets of an enterprise, newest first; up to limit + 1 rows after the position. */
  listTickets(query: {
    enterpriseId: number;
    teamIds?: readonly number[];
    start?: string;
    end?: string;
    after?: string;
    limit: number;
  }): Promise<{ ticket: TicketRecord; position: string }[]>;
  /** One call by its full key: team, started_at and call id (null when there is none). */
  getCallAt(teamId: number, startedAt: string, callId: string): Promise<CallRecord | null>;
}

/** The reads of calls and transfers, what the call read routes use (no report, ticket or write). */
export type CallReads = Pick<
  CallStore,
  'listCallsByOffset' | 'listCallsAfter' | 'getCall' | 'listCallTransfers' | 'listTransfersByOffset' | 'getCallAt'
>;

/** The enterprise's support tickets (the tickets list). */
export type SupportTicketReads = Pick<CallStore, 'listTickets'>;

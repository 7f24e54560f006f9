import { DynamoCallReader } from '#shared/adapters/dynamodb/call-reader';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSupportTicketReader } from '#shared/adapters/dynamodb/support-ticket-reader';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTeamReader } from '#shared/adapters/dynamodb/team-reader';
import { lazy } from '#shared/lazy';
import type { CallReads, CallStore, SupportTicketReads } from '#shared/ports/call-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';

/** What the transfers list reads: the calls table (transfers, and the calls their reports produced). */
export interface CallReadDependencies {
  readonly calls: CallStore;
}

/**
 * The store of the call read routes. Call it at module load: the table is looked up then (a
 * function whose row lacks it fails to load, as in AWS); the store is built on the first call of
 * the returned function and kept for the container's life.
 */
export function callDependencies(): () => CallReadDependencies {
  const calls = physicalTableName('calls');
  return lazy(() => ({ calls: new DynamoCallStore(getDocumentClient(), calls) }));
}

/**
 * The routes that show calls, transcripts or recordings: the calls (read only: the reader loads
 * none of the voice report's writes) and the team's retention settings (teams table).
 */
export interface RetainedCallReadDependencies {
  readonly calls: CallReads;
  readonly teams: Pick<TenancyStore, 'getTeam'>;
}

/** As callDependencies, with the teams table: an expired transcript or recording is absent (ADR 0166). */
export function retainedCallDependencies(): () => RetainedCallReadDependencies {
  const calls = physicalTableName('calls');
  const teams = physicalTableName('teams');
  return lazy(() => ({
    calls: new DynamoCallReader(getDocumentClient(), calls),
    teams: new DynamoTeamReader(getDocumentClient(), teams),
  }));
}

/** What the tickets list reads: the enterprise's support tickets, beside the calls in their table. */
export interface SupportTicketReadDependencies {
  readonly tickets: SupportTicketReads;
}

/** The tickets list's reader, built on first use (the table is looked up at load, as callDependencies does). */
export function supportTicketDependencies(): () => SupportTicketReadDependencies {
  const calls = physicalTableName('calls');
  return lazy(() => ({ tickets: new DynamoSupportTicketReader(getDocumentClient(), calls) }));
}

import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTeamReader } from '#shared/adapters/dynamodb/team-reader';
import { lazy } from '#shared/lazy';
import type { CallStore } from '#shared/ports/call-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';

/** What the call read routes read: the calls table (calls, transcripts, transfers, support tickets). */
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

/** The routes that show transcripts or recordings also read the team's retention settings (teams table). */
export interface RetainedCallReadDependencies extends CallReadDependencies {
  readonly teams: Pick<TenancyStore, 'getTeam'>;
}

/** As callDependencies, with the teams table: an expired transcript or recording is absent (ADR 0166). */
export function retainedCallDependencies(): () => RetainedCallReadDependencies {
  const calls = physicalTableName('calls');
  const teams = physicalTableName('teams');
  return lazy(() => ({
    calls: new DynamoCallStore(getDocumentClient(), calls),
    teams: new DynamoTeamReader(getDocumentClient(), teams),
  }));
}

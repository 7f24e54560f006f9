import { NotFoundError } from '#shared/errors';
import type { CallStore } from '#shared/ports/call-store';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { retainedCall, retentionOfTeam } from './call-retention';
import type { CallRecord, TransferRecord } from './calls';

/** Our call ids are UUIDs: anything else is answered like an unknown call, without a read. */
const CALL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One call of the team as its retention lets a reader see it (an expired transcript or recording is
 * absent); an unknown id, a malformed one and another team's answer the same 404.
 */
export async function getTeamCall(
  deps: { readonly calls: Pick<CallStore, 'getCall'>; readonly teams: Pick<TenancyStore, 'getTeam'> },
  teamId: number,
  callId: string,
  now: Date,
): Promise<CallRecord> {
  // The call and its team's retention in one round trip, not one after the other.
  const [call, retention] = await Promise.all([
    CALL_ID.test(callId) ? deps.calls.getCall(teamId, callId.toLowerCase()) : null,
    retentionOfTeam(deps.teams, teamId),
  ]);
  if (!call) throw new NotFoundError(`Call ${callId.slice(0, 64)} not found`);
  return retainedCall(call, retention, now);
}

/**
 * A call's transfers as shown: the ones the provider reported, or, when it reported none, the one
 * derived from the report's ended reason (both describe the same hand-over; the report's is coarser).
 */
export function visibleTransfers(transfers: readonly TransferRecord[]): TransferRecord[] {
  const reported = transfers.filter((t) => t.source === 'transfer-update');
  return reported.length > 0 ? reported : [...transfers];
}

import type { CallStore } from '#shared/ports/call-store';
import type { TransferRecord } from './calls';

/** A transfer with the call it belongs to; callId is null until the call's report has been stored. */
export interface TransferWithCall {
  readonly transfer: TransferRecord;
  readonly callId: string | null;
}

/**
 * GET /api/call-transfers: the team's transfers read at the page's offset (`limit + 1` rows, so
 * the caller knows whether more follow), those on the page joined to their call when its report
 * has arrived.
 */
export async function listTeamTransfers(
  calls: Pick<CallStore, 'listTransfersByOffset' | 'callIdsByProviderCall'>,
  query: { teamId: number; start?: string; end?: string; offset: number; limit: number },
): Promise<TransferWithCall[]> {
  const rows = await calls.listTransfersByOffset(query);
  const callIds = await calls.callIdsByProviderCall(
    query.teamId,
    rows.slice(0, query.limit).map((t) => t.provider_call_id),
  );
  return rows.map((transfer) => ({ transfer, callId: callIds.get(transfer.provider_call_id) ?? null }));
}

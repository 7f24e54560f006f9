import { toOffsetPage } from '#shared/pagination/offset';
import type { CallStore } from '#shared/ports/call-store';
import type { TransferRecord } from './calls';

/** The public shape of a transfer; call_id is null until the call's report has been stored. */
export function toPublicTransfer(transfer: TransferRecord, callId: string | null) {
  const { team_id: _team, created_at: _created, ...rest } = transfer;
  return { ...rest, call_id: callId };
}

/** GET /api/call-transfers: a page of the team's transfers, each joined to its call when the report has arrived. */
export async function listTeamTransfers(
  calls: Pick<CallStore, 'listTransfersByOffset' | 'callIdsByProviderCall'>,
  query: { teamId: number; start?: string; end?: string; offset: number; limit: number },
) {
  const rows = await calls.listTransfersByOffset(query);
  const page = rows.slice(0, query.limit);
  const callIds = await calls.callIdsByProviderCall(
    query.teamId,
    page.map((t) => t.provider_call_id),
  );
  return toOffsetPage(rows, query.limit, query.offset, (t) => toPublicTransfer(t, callIds.get(t.provider_call_id) ?? null));
}

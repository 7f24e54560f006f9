import { toOffsetPage } from '#shared/pagination/offset';
import type { CallStore } from '#shared/ports/call-store';

/**
 * A call handed to a person ("pre-call transfer"): where to, why and when. Recorded from the voice
 * provider's transfer-update messages and from end-of-call reports whose ended reason says the
 * call was forwarded; kept per team and provider call id, so a transfer that arrives before its
 * report joins the call on read.
 */
export interface TransferRecord {
  /** Stable per transfer: derived from the provider call id and what identifies the transfer, so a redelivery finds it. */
  transfer_id: string;
  team_id: number;
  provider_call_id: string;
  transferred_at: string;
  destination: {
    /** number, sip or assistant, as the provider names it; null when not given. */
    type: string | null;
    number: string | null;
    sip_uri: string | null;
    description: string | null;
    /** What the assistant said to the caller before transferring. */
    message: string | null;
  };
  reason: string | null;
  /** transfer-update: the provider's transfer message; ended_reason: derived from an end-of-call report. */
  source: 'transfer-update' | 'ended_reason';
  created_at: string;
}

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

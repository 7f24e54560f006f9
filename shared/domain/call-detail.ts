import { NotFoundError } from '#shared/errors';
import type { CallStore } from '#shared/ports/call-store';
import { toPublicTransfer } from './call-transfers';
import { type CallRecord, type RecordingLink, type TransferRecord, toPublicCall } from './calls';

/** Our call ids are UUIDs: anything else is answered like an unknown call, without a read. */
const CALL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One call of the team; an unknown id, a malformed one and another team's answer the same 404. */
export async function getTeamCall(calls: Pick<CallStore, 'getCall'>, teamId: number, callId: string): Promise<CallRecord> {
  const call = CALL_ID.test(callId) ? await calls.getCall(teamId, callId.toLowerCase()) : null;
  if (!call) throw new NotFoundError(`Call ${callId.slice(0, 64)} not found`);
  return call;
}

/**
 * A call's transfers as shown: the ones the provider reported, or, when it reported none, the one
 * derived from the report's ended reason (both describe the same hand-over; the report's is coarser).
 */
export function visibleTransfers(transfers: readonly TransferRecord[]): TransferRecord[] {
  const reported = transfers.filter((t) => t.source === 'transfer-update');
  return reported.length > 0 ? reported : [...transfers];
}

/** GET /api/calls/{callId}: the call, its transfers and its recording link; transcript text only with read:transcripts. */
export function toCallDetail(
  call: CallRecord,
  transfers: readonly TransferRecord[],
  options: { includeTranscript: boolean; recordingLink?: RecordingLink },
) {
  const { recording_url: _listLink, ...rest } = toPublicCall(call, options.includeTranscript);
  const recording = call.recording_url && options.recordingLink ? options.recordingLink(call) : null;
  return {
    ...rest,
    transfers: visibleTransfers(transfers).map((t) => toPublicTransfer(t, call.call_id)),
    recording,
  };
}

/** GET /api/calls/{callId}/transcript. */
export function toCallTranscript(call: CallRecord) {
  return {
    call_id: call.call_id,
    turns: call.turns ?? [],
    turns_trimmed: call.turns_trimmed ?? false,
    text: call.transcript ?? '',
  };
}

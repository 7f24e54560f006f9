import type * as z from 'zod';
import type { callDetail, callTranscript, callTransfer } from '#shared/contracts/call-detail';
import { visibleTransfers } from '#shared/domain/call-detail';
import type { CallRecord, RecordingLink, TransferRecord } from '#shared/domain/calls';
import { presentCall } from './calls';
import { presentBody } from './responses';

/** One call, its transcript and the team's call transfers (GET /api/calls/{callId}, …/transcript, GET /api/call-transfers). */

type Wire<S extends () => z.ZodType> = z.output<ReturnType<S>>;

export type CallDetailData = Wire<typeof callDetail>;
export type CallTransferData = Wire<typeof callTransfer>;
export type CallTranscriptData = Wire<typeof callTranscript>;

/** A transfer as published; call_id is null until the call's report has been stored. */
export function presentTransfer(transfer: TransferRecord, callId: string | null): CallTransferData {
  return {
    transfer_id: transfer.transfer_id,
    call_id: callId,
    provider_call_id: transfer.provider_call_id,
    transferred_at: transfer.transferred_at,
    destination: {
      type: transfer.destination.type,
      number: transfer.destination.number,
      sip_uri: transfer.destination.sip_uri,
      description: transfer.destination.description,
      message: transfer.destination.message,
    },
    reason: transfer.reason,
    source: transfer.source,
  };
}

/** GET /api/calls/{callId}: the call, its transfers and its recording link; transcript text only with read:transcripts. */
export function presentCallDetail(
  call: CallRecord,
  transfers: readonly TransferRecord[],
  options: { includeTranscript: boolean; recordingLink?: RecordingLink },
): CallDetailData {
  const { recording_url: _listLink, ...rest } = presentCall(call, options.includeTranscript);
  return {
    ...rest,
    transfers: visibleTransfers(transfers).map((t) => presentTransfer(t, call.call_id)),
    recording: call.recording_url && options.recordingLink ? options.recordingLink(call) : null,
  };
}

/** GET /api/calls/{callId}/transcript. */
export function presentCallTranscript(call: CallRecord): CallTranscriptData {
  return {
    call_id: call.call_id,
    turns: (call.turns ?? []).map((turn) => ({
      speaker: turn.speaker,
      text: turn.text,
      start_seconds: turn.start_seconds,
      end_seconds: turn.end_seconds,
    })),
    turns_trimmed: call.turns_trimmed ?? false,
    text: call.transcript ?? '',
  };
}

/** The answer of GET /api/calls/{callId} (see presentCallDetail). */
export function presentCallDetailResponse(...args: Parameters<typeof presentCallDetail>) {
  return presentBody(presentCallDetail(...args));
}

export function presentCallTranscriptResponse(call: CallRecord) {
  return presentBody(presentCallTranscript(call));
}

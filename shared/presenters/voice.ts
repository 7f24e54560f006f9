import type * as z from 'zod';
import type { voiceReportAcknowledged, voiceReportCreated } from '#shared/contracts/voice';
import type { ProcessReportResult } from '#shared/domain/voice/process-report';

/** The voice webhook's answers (POST /api/voice/report): the ids a message produced, in the provider's camelCase. */

type Wire<S extends () => z.ZodType> = z.output<ReturnType<S>>;

export type VoiceReportCreatedBody = Wire<typeof voiceReportCreated>;
export type VoiceReportAcknowledgedBody = Wire<typeof voiceReportAcknowledged>;

const NO_IDS = { callId: null, appointmentId: null, ticketId: null } as const;

/** An end-of-call report: 201 with what it created, or 200 with the ids of its first delivery. */
export function presentReportAnswer(
  result: Pick<ProcessReportResult, 'created' | 'call_id' | 'appointment_id' | 'ticket_id'>,
): { statusCode: 201; body: VoiceReportCreatedBody } | { statusCode: 200; body: VoiceReportAcknowledgedBody } {
  const data = { callId: result.call_id, appointmentId: result.appointment_id, ticketId: result.ticket_id };
  return result.created
    ? { statusCode: 201, body: { success: true, message: 'Call report processed', data } }
    : {
        statusCode: 200,
        body: { success: true, message: 'Call report already processed; returning the records it created', data },
      };
}

/** A transfer-update, recorded once: null ids either way. */
export function presentTransferAnswer(created: boolean): VoiceReportAcknowledgedBody {
  return { success: true, message: created ? 'Transfer recorded' : 'Transfer already recorded', data: { ...NO_IDS } };
}

/** Any other provider message: acknowledged, not stored. */
export function presentIgnoredAnswer(type: string): VoiceReportAcknowledgedBody {
  return {
    success: true,
    message: `Acknowledged message type ${type}; not stored (only end-of-call-report and transfer-update are)`,
    data: { ...NO_IDS },
  };
}

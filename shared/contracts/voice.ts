import type * as zc from 'zod';
import * as z from 'zod/mini';
import { type EndOfCallReport, endOfCallReportSchema, messageTypeSchema } from '#shared/domain/voice/call-report';
import { type TransferUpdate, transferUpdateSchema } from '#shared/domain/voice/transfer-update';
import { atLoad } from '#shared/lazy';
import { VOICE_ROUTES } from '#shared/route-table/voice';
import { defineContract, type ResponseSchema, type ResponseZod, responseSchema } from './contract';
import { idempotencyKeyHeader, workspaceHeader } from './headers';

/** The voice provider's end-of-call report webhook (functions/receive-voice-report). */

/** Reports carry whole transcripts; 1 MB leaves room for long calls. */
export const MAX_REPORT_BYTES = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// The body

export type VoiceMessage =
  | { readonly kind: 'report'; readonly report: EndOfCallReport }
  | { readonly kind: 'transfer'; readonly update: TransferUpdate }
  | { readonly kind: 'ignored'; readonly type: string };

/** Reports every issue of a schema a step ran, so each still names its field. */
function failWith(payload: z.core.ParsePayload, error: z.core.$ZodError): never {
  for (const issue of error.issues) payload.issues.push({ ...issue, input: payload.value } as z.core.$ZodRawIssue);
  return z.NEVER;
}

/**
 * Validated in two steps, so every error names its field: message.type first; then, for an
 * end-of-call report, the report (a union of the two would only say that no branch matched).
 */
export const voiceMessageBody = /* @__PURE__ */ atLoad(() =>
  z.pipe(
    z.record(z.string(), z.unknown()),
    z.transform((body: Record<string, unknown>, ctx): VoiceMessage => {
      const head = messageTypeSchema.safeParse(body);
      if (!head.success) return failWith(ctx, head.error);
      if (head.data.message.type === 'transfer-update') {
        const update = transferUpdateSchema().safeParse(body);
        if (!update.success) return failWith(ctx, update.error);
        return { kind: 'transfer', update: update.data };
      }
      if (head.data.message.type !== 'end-of-call-report') return { kind: 'ignored', type: head.data.message.type };
      const report = endOfCallReportSchema().safeParse(body);
      if (!report.success) return failWith(ctx, report.error);
      return { kind: 'report', report: report.data };
    }),
  ),
);

/** What voiceMessageBody accepts, as one schema the document can show. */
const documentedVoiceMessage = /* @__PURE__ */ responseSchema((z) =>
  z.union([
    endOfCallReportSchema().check(z.describe('An end-of-call report: processed by the AI responder')),
    transferUpdateSchema().check(z.describe('A transfer-update: the call was handed to a person; recorded once (GET /api/call-transfers)')),
    z
      .object({
        message: z
          .object({
            type: z
              .string()
              .min(1)
              .regex(/^(?!(end-of-call-report|transfer-update)$)/)
              .describe('Any provider message type other than end-of-call-report and transfer-update, e.g. status-update or transcript'),
          })
          .loose(),
      })
      .describe('Any other provider message: acknowledged with 200 and ignored (ids null)'),
  ]),
);

// ---------------------------------------------------------------------------------------------
// Responses (shared/presenters/voice.ts)

const voiceIds = (z: ResponseZod, callId: zc.ZodType) =>
  z.strictObject({
    callId,
    appointmentId: z.uuid().nullable().describe('The appointment the responder created; null when it created none'),
    ticketId: z.uuid().nullable().describe('The support ticket the responder opened; null when it opened none'),
  });

export const voiceReportCreated = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      success: z.literal(true),
      message: z.string(),
      data: voiceIds(z, z.uuid().describe('The stored call (call_id in GET /api/calls)')),
    })
    .describe('Created: the report was processed for the first time; the call (and any appointment and ticket) was stored'),
);

export const voiceReportAcknowledged = /* @__PURE__ */ responseSchema((z) =>
  z
    .strictObject({
      success: z.literal(true),
      message: z.string().describe('Says which of the two cases applies'),
      data: voiceIds(z, z.uuid().nullable().describe('The call stored by the first delivery; null for an ignored message type')),
    })
    .describe(
      'Acknowledged: a redelivered report (same team and message.call.id) answers the ids of its first delivery; a transfer-update is recorded (once) and answers null ids; any other message type is ignored and answers null ids',
    ),
);

export const receiveVoiceReport = /* @__PURE__ */ defineContract(VOICE_ROUTES, {
  routeId: 'receiveVoiceReport',
  headers: /* @__PURE__ */ atLoad(() => z.object({ ...idempotencyKeyHeader, ...workspaceHeader })),
  body: { schema: voiceMessageBody, maxBytes: MAX_REPORT_BYTES, documentedAs: documentedVoiceMessage },
  responses: { 201: voiceReportCreated, 200: voiceReportAcknowledged },
});

export const VOICE_COMPONENTS = {
  VoiceReportCreated: voiceReportCreated,
  VoiceReportAcknowledged: voiceReportAcknowledged,
} as const satisfies Record<string, ResponseSchema>;

import * as z from 'zod';
import { lazy } from '#shared/lazy';
import { type TranscriptTurn, transcriptMessagesSchema, transcriptTurns, turnsToText } from './transcript-turns';
import { transferDestinationSchema } from './transfer-update';

/**
 * The end-of-call report, normalized from the two shapes providers send: the original flat shape
 * (message.transcript, message.summary, message.recordingUrl, message.analysis.{callReason,...})
 * and the nested shape of current providers (message.artifact.{transcript, recordingUrl},
 * message.analysis.summary, message.analysis.structuredData.{...}, endedReason, startedAt,
 * endedAt, cost). Where both are present the flat member wins.
 *
 * Required: message.type; for an end-of-call-report also message.call.id. Everything else is
 * optional: a report without a transcript is still a call. Types are checked everywhere. An
 * optional string sent empty (or blank) is absent, not invalid: providers send `"recordingUrl": ""`
 * when nobody answered, and `"endedReason": ""`, `"summary": ""` alike.
 */

/** An empty or blank string is absent (undefined), so `first()` falls through to the other shape. */
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema.optional().nullable());

const text = (max: number) => optional(z.string().max(max));

/** 'is required' when the member is absent (or null), 'must be <kind>' when it has another type. */
const required = (kind: string) => ({
  error: (issue: { readonly input?: unknown }) => (issue.input === undefined || issue.input === null ? 'is required' : `must be ${kind}`),
});

export const messageTypeSchema = z.object({
  message: z.object({ type: z.string(required('a string')).min(1, { error: 'is required' }) }, required('an object')),
});

/**
 * The end-of-call report's schema, built with the first end-of-call report the function receives
 * (about 700 zod schema objects): providers post many other message types to the same webhook
 * (status updates, transcripts, …), which only need messageTypeSchema (docs/adr/0119-cold-start-build-only-what-requests-need.md).
 */
export const endOfCallReportSchema = lazy(() => {
  const longText = text(100_000);
  const httpsUrl = optional(
    z
      .string()
      .max(2048)
      .refine(
        (u) => {
          try {
            return new URL(u).protocol === 'https:';
          } catch {
            return false;
          }
        },
        { error: 'must be an https URL' },
      ),
  );
  /**
   * A non-negative amount. Numbers beyond 2^53 − 1 reach the schema as their exact text (the body
   * parser, safe-json.ts in the HTTP layer, keeps them so) and are refused here with the range, like
   * any other non-number.
   */
  const amount = (unit: string) =>
    optional(
      z
        .number({ error: `must be a number (${unit}) from 0 to ${Number.MAX_SAFE_INTEGER}` })
        .min(0, { error: `must be 0 or more (${unit})` }),
    );
  const dateTime = optional(z.iso.datetime({ offset: true }));

  const analysisFields = {
    callReason: text(500),
    sentiment: text(100),
    bookingIntent: z.boolean().optional().nullable(),
    urgency: text(100),
  };

  const metadataSchema = z.record(z.string(), z.unknown()).optional().nullable();
  const customerSchema = z
    .object({ number: text(40), name: text(200) })
    .optional()
    .nullable();

  return z.object({
    message: z.object({
      type: z.literal('end-of-call-report'),
      call: z.object(
        {
          id: z.string(required('a string')).min(1, { error: 'is required' }).max(200),
          customer: customerSchema,
          duration: amount('seconds'),
          type: text(100),
          metadata: metadataSchema,
        },
        required('an object'),
      ),
      customer: customerSchema,
      transcript: longText,
      summary: longText,
      recordingUrl: httpsUrl,
      artifact: z.object({ transcript: longText, recordingUrl: httpsUrl, messages: transcriptMessagesSchema }).optional().nullable(),
      /** Older reports carry the conversation here rather than in artifact.messages. */
      messages: transcriptMessagesSchema,
      analysis: z
        .object({
          ...analysisFields,
          summary: longText,
          structuredData: z.object(analysisFields).passthrough().optional().nullable(),
        })
        .optional()
        .nullable(),
      endedReason: text(200),
      /** Where a forwarded call went, when the provider says. */
      destination: transferDestinationSchema,
      startedAt: dateTime,
      endedAt: dateTime,
      durationSeconds: amount('seconds'),
      cost: amount("the provider's currency"),
      metadata: metadataSchema,
    }),
  });
});

export type EndOfCallReport = z.output<ReturnType<typeof endOfCallReportSchema>>;

export interface NormalizedCall {
  providerCallId: string;
  type: string;
  customerNumber: string | null;
  customerName: string | null;
  /** Whole seconds. */
  durationSeconds: number | null;
  transcript: string;
  /** The conversation turn by turn (transcript-turns.ts); empty when the report has no transcript. */
  turns: TranscriptTurn[];
  summary: string | null;
  recordingUrl: string | null;
  analysis: { callReason: string | null; sentiment: string | null; bookingIntent: boolean | null; urgency: string | null };
  endedReason: string | null;
  destination: z.output<typeof transferDestinationSchema>;
  startedAt: string | null;
  endedAt: string | null;
  cost: number | null;
  metadata: Record<string, unknown>;
}

const first = <T>(...values: (T | null | undefined)[]): T | null => {
  for (const v of values) if (v !== undefined && v !== null) return v;
  return null;
};

export function normalizeReport(report: EndOfCallReport): NormalizedCall {
  const m = report.message;
  const structured = m.analysis?.structuredData ?? null;
  const startedAt = m.startedAt ? new Date(m.startedAt).toISOString() : null;
  const endedAt = m.endedAt ? new Date(m.endedAt).toISOString() : null;
  const fromTimes = startedAt && endedAt ? Math.max(0, (Date.parse(endedAt) - Date.parse(startedAt)) / 1000) : null;
  const duration = first(m.call.duration, m.durationSeconds, fromTimes);
  const text = first(m.transcript, m.artifact?.transcript) ?? '';
  const turns = transcriptTurns(first(m.artifact?.messages, m.messages), text);
  return {
    providerCallId: m.call.id,
    type: first(m.call.type, 'inboundPhoneCall') as string,
    customerNumber: first(m.call.customer?.number, m.customer?.number),
    customerName: first(m.call.customer?.name, m.customer?.name),
    durationSeconds: duration === null ? null : Math.round(duration),
    // A report with messages but no text still answers a plain-text transcript.
    transcript: text !== '' ? text : turnsToText(turns),
    turns,
    summary: first(m.summary, m.analysis?.summary),
    recordingUrl: first(m.recordingUrl, m.artifact?.recordingUrl),
    analysis: {
      callReason: first(m.analysis?.callReason, structured?.callReason),
      sentiment: first(m.analysis?.sentiment, structured?.sentiment),
      bookingIntent: first(m.analysis?.bookingIntent, structured?.bookingIntent),
      urgency: first(m.analysis?.urgency, structured?.urgency),
    },
    endedReason: m.endedReason ?? null,
    destination: m.destination ?? null,
    startedAt,
    endedAt,
    cost: m.cost ?? null,
    metadata: { ...(m.metadata ?? {}), ...(m.call.metadata ?? {}) },
  };
}

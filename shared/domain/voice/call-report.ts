import * as z from 'zod/mini';
import { optionalNameText } from '#shared/domain/plain-text';
import { lazy } from '#shared/lazy';
import { type AnalysisReading, type CallAnalysis, isRecord, readAnalysis, structuredSources } from './analysis';
import { type TranscriptTurn, transcriptMessagesSchema, transcriptTurns, turnsToText } from './transcript-turns';
import { transferDestinationSchema } from './transfer-update';

/**
 * The end-of-call report, normalized from the shapes providers send: the original flat shape
 * (message.transcript, message.summary, message.recordingUrl, message.analysis.{callReason,...});
 * the nested shape of current providers (message.artifact.{transcript, messages, recordingUrl},
 * message.analysis.summary, message.analysis.structuredData, endedReason, startedAt, endedAt,
 * cost); and Vapi's 2026 additions (artifact.recording {stereoUrl, mono {combinedUrl, ...}},
 * costs[], call.costBreakdown, call.startedAt/endedAt, analysis.structuredDataMulti and
 * successEvaluation, message-level customer and phoneNumber). Where several carry a value the
 * flat member wins.
 *
 * Required: message.type; for an end-of-call-report also message.call.id. The envelope's members
 * are optional but type-checked (a 400 names the member). The analysis is not: it is whatever the
 * business's assistant produces, read liberally (analysis.ts), never a reason to refuse. An
 * optional string sent empty (or blank) is absent, not invalid: providers send `"recordingUrl": ""`
 * when nobody answered, and `"endedReason": ""`, `"summary": ""` alike.
 */

/** An empty or blank string is absent (undefined), so `first()` falls through to the other shape. */
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.transform(blankAsAbsent), z.nullable(z.optional(schema)));

const text = (max: number) => optional(z.string().check(z.maxLength(max)));

/** 'is required' when the member is absent (or null), 'must be <kind>' when it has another type. */
const required = (kind: string) => ({
  error: (issue: { readonly input?: unknown }) => (issue.input === undefined || issue.input === null ? 'is required' : `must be ${kind}`),
});

export const messageTypeSchema = z.object({
  message: z.object({ type: z.string(required('a string')).check(z.minLength(1, { error: 'is required' })) }, required('an object')),
});

/**
 * The end-of-call report's schema, built with the first end-of-call report the function receives
 * (about 700 zod schema objects): providers post many other message types to the same webhook
 * (status updates, transcripts, …), which only need messageTypeSchema (docs/adr/0119-cold-start-build-only-what-requests-need.md).
 */
export const endOfCallReportSchema = lazy(() => {
  const longText = text(100_000);
  const httpsUrl = optional(
    z.string().check(
      z.maxLength(2048),
      z.refine(
        (u) => {
          try {
            return new URL(u).protocol === 'https:';
          } catch {
            return false;
          }
        },
        { error: 'must be an https URL' },
      ),
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
        .check(z.gte(0, { error: `must be 0 or more (${unit})` })),
    );
  const dateTime = optional(z.iso.datetime({ offset: true }));

  const metadataSchema = z.nullable(z.optional(z.record(z.string(), z.unknown())));
  const customerSchema = z.nullable(z.optional(z.object({ number: text(40), name: text(200) })));
  /** Vapi's `artifact.recording`: stereo and mono URLs (an older shape sent the URL itself). */
  const recordingSchema = z.nullable(
    z.optional(
      z.union([
        httpsUrl,
        z.looseObject({
          stereoUrl: httpsUrl,
          videoUrl: httpsUrl,
          mono: z.nullable(z.optional(z.looseObject({ combinedUrl: httpsUrl, assistantUrl: httpsUrl, customerUrl: httpsUrl }))),
        }),
      ]),
    ),
  );
  /** Each cost of the call's components (transport, stt, llm, tts, vapi, analysis, …) in USD. */
  const costsSchema = z.nullable(
    z.optional(
      z.array(z.looseObject({ type: text(100), cost: amount('USD') }), { error: 'must be an array of costs' }).check(z.maxLength(200)),
    ),
  );

  return z.object({
    message: z.object({
      type: z.literal('end-of-call-report'),
      call: z.object(
        {
          id: z.string(required('a string')).check(z.minLength(1, { error: 'is required' }), z.maxLength(200)),
          customer: customerSchema,
          duration: amount('seconds'),
          type: text(100),
          metadata: metadataSchema,
          startedAt: dateTime,
          endedAt: dateTime,
          cost: amount('USD'),
          costBreakdown: z.nullable(z.optional(z.looseObject({ total: amount('USD') }))),
        },
        required('an object'),
      ),
      customer: customerSchema,
      /** The business's number the call came in on (or went out from). */
      phoneNumber: z.nullable(z.optional(z.looseObject({ number: text(40) }))),
      transcript: longText,
      summary: longText,
      recordingUrl: httpsUrl,
      artifact: z.nullable(
        z.optional(
          z.object({
            transcript: longText,
            /** Deprecated by the provider for `recording`, still sent by older assistants. */
            recordingUrl: httpsUrl,
            stereoRecordingUrl: httpsUrl,
            recording: recordingSchema,
            messages: transcriptMessagesSchema(),
          }),
        ),
      ),
      /** Older reports carry the conversation here rather than in artifact.messages. */
      messages: transcriptMessagesSchema(),
      /**
       * Whatever the assistant's analysis plan produces: never refused, read liberally by
       * normalizeReport (analysis.ts), what cannot be read recorded as a warning on the call.
       */
      analysis: z.optional(z.unknown()),
      endedReason: text(200),
      /** Where a forwarded call went, when the provider says. */
      destination: transferDestinationSchema(),
      startedAt: dateTime,
      endedAt: dateTime,
      durationSeconds: amount('seconds'),
      cost: amount('USD'),
      costs: costsSchema,
      metadata: metadataSchema,
    }),
  });
});

export type EndOfCallReport = z.output<ReturnType<typeof endOfCallReportSchema>>;

/** The raw analysis kept on the call is bounded: a plan can produce anything, the item cannot. */
const MAX_RAW_ANALYSIS_CHARS = 32_000;

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
  analysis: CallAnalysis;
  /** The analysis as the provider sent it (without its summary), null when there was none or it was too large. */
  analysisRaw: Record<string, unknown> | null;
  /** What could not be read from the provider-defined parts of the report; the call is stored anyway. */
  warnings: string[];
  endedReason: string | null;
  destination: z.output<ReturnType<typeof transferDestinationSchema>>;
  startedAt: string | null;
  endedAt: string | null;
  /** USD. */
  cost: number | null;
  metadata: Record<string, unknown>;
}

const first = <T>(...values: (T | null | undefined)[]): T | null => {
  for (const v of values) if (v !== undefined && v !== null) return v;
  return null;
};

type Recording = NonNullable<NonNullable<EndOfCallReport['message']['artifact']>['recording']>;

/** The mixed (mono combined) recording first: one file a player can play; else the stereo one. */
function recordingOf(recording: Recording | null | undefined): string | null {
  if (recording === null || recording === undefined) return null;
  if (typeof recording === 'string') return recording;
  return first(recording.mono?.combinedUrl, recording.stereoUrl);
}

function totalCost(m: EndOfCallReport['message']): number | null {
  const direct = first(m.cost, m.call.cost, m.call.costBreakdown?.total);
  if (direct !== null) return direct;
  const parts = (m.costs ?? []).map((c) => c.cost).filter((c): c is number => typeof c === 'number');
  return parts.length > 0 ? Math.round(parts.reduce((a, b) => a + b, 0) * 1e6) / 1e6 : null;
}

function analysisOf(raw: unknown): { reading: AnalysisReading; summary: string | null; kept: Record<string, unknown> | null } {
  if (raw === undefined || raw === null || raw === '') {
    return { reading: readAnalysis({ top: null, structured: [] }), summary: null, kept: null };
  }
  if (!isRecord(raw)) {
    return {
      reading: {
        ...readAnalysis({ top: null, structured: [] }),
        warnings: [`message.analysis: was not read (expected an object, got ${typeof raw})`],
      },
      summary: null,
      kept: null,
    };
  }
  const warnings: string[] = [];
  const structured = structuredSources(raw, warnings);
  const reading = readAnalysis({ top: raw, structured });
  const { summary, ...rest } = raw;
  if (summary !== undefined && summary !== null && typeof summary !== 'string') {
    warnings.push('message.analysis.summary: was not read (expected text)');
  }
  let kept: Record<string, unknown> | null = Object.keys(rest).length > 0 ? rest : null;
  if (kept && JSON.stringify(kept).length > MAX_RAW_ANALYSIS_CHARS) {
    warnings.push(`message.analysis: larger than ${MAX_RAW_ANALYSIS_CHARS} characters, not kept (what could be read was read)`);
    kept = null;
  }
  return {
    reading: { analysis: reading.analysis, warnings: [...warnings, ...reading.warnings] },
    summary: typeof summary === 'string' && summary.trim() !== '' ? summary : null,
    kept,
  };
}

export function normalizeReport(report: EndOfCallReport): NormalizedCall {
  const m = report.message;
  const analysis = analysisOf(m.analysis);
  const started = first(m.startedAt, m.call.startedAt);
  const ended = first(m.endedAt, m.call.endedAt);
  const startedAt = started ? new Date(started).toISOString() : null;
  const endedAt = ended ? new Date(ended).toISOString() : null;
  const fromTimes = startedAt && endedAt ? Math.max(0, (Date.parse(endedAt) - Date.parse(startedAt)) / 1000) : null;
  const duration = first(m.call.duration, m.durationSeconds, fromTimes);
  const text = first(m.transcript, m.artifact?.transcript) ?? '';
  const turns = transcriptTurns(first(m.artifact?.messages, m.messages), text);
  return {
    providerCallId: m.call.id,
    type: first(m.call.type, 'inboundPhoneCall') as string,
    customerNumber: first(m.call.customer?.number, m.customer?.number),
    customerName: optionalNameText(first(m.call.customer?.name, m.customer?.name)),
    durationSeconds: duration === null ? null : Math.round(duration),
    // A report with messages but no text still answers a plain-text transcript.
    transcript: text !== '' ? text : turnsToText(turns),
    turns,
    summary: first(m.summary, analysis.summary),
    recordingUrl: first(m.recordingUrl, m.artifact?.recordingUrl, recordingOf(m.artifact?.recording), m.artifact?.stereoRecordingUrl),
    analysis: analysis.reading.analysis,
    analysisRaw: analysis.kept,
    warnings: analysis.reading.warnings,
    endedReason: m.endedReason ?? null,
    destination: m.destination ?? null,
    startedAt,
    endedAt,
    cost: totalCost(m),
    metadata: { ...(m.metadata ?? {}), ...(m.call.metadata ?? {}) },
  };
}

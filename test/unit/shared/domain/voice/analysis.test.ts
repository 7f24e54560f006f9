import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { voiceMessageBody } from '#shared/contracts/voice';
import { readAnalysis, readBoolean, readUrgency } from '#shared/domain/voice/analysis';
import { normalizeReport } from '#shared/domain/voice/call-report';
import { RuleBasedResponder } from '#shared/domain/voice/responder';
import { BadRequestError } from '#shared/errors';
import { parseOrThrow } from '#shared/http/validation';
import { team } from '../../../../support/intake-fakes';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', '..', 'fixtures', 'vapi', name), 'utf8'));

/** The body as the webhook's contract reads it. */
const message = (body: unknown) => parseOrThrow(voiceMessageBody, body, 'body');

function reportOf(body: unknown) {
  const parsed = message(body);
  if (parsed.kind !== 'report') throw new Error(`expected a report, got ${parsed.kind}`);
  return normalizeReport(parsed.report);
}

const withAnalysis = (analysis: unknown) => ({ message: { type: 'end-of-call-report', call: { id: 'c1' }, analysis } });

describe('Vapi reports, 2026 shapes', () => {
  it('reads the 2026 report: mono recording, total cost, a business plan with "yes" and 4, the raw analysis kept', () => {
    const call = reportOf(fixture('end-of-call-report.2026-api.json'));
    expect(call).toMatchObject({
      providerCallId: '3f6c9a2e-5b1d-4c7e-9a8f-2d4b6e8c0a11',
      customerNumber: '+14155550134',
      recordingUrl: 'https://storage.vapi.ai/3f6c9a2e-mono.wav',
      cost: 0.2214,
      durationSeconds: 219,
      summary: "Caller's kitchen sink is backing up; booked Thursday at 2 pm.",
      analysis: { bookingIntent: true, urgency: 'urgent', callReason: 'Kitchen sink backing up', sentiment: 'neutral' },
      warnings: [],
    });
    expect(call.analysisRaw).toMatchObject({ successEvaluation: 'true', structuredDataMulti: [{ name: 'lead-quality' }] });
    expect(call.analysisRaw).not.toHaveProperty('summary');
  });

  it('takes the recording from artifact.recording when the deprecated recordingUrl is absent, mono before stereo', () => {
    const base = fixture('end-of-call-report.2026-api.json') as { message: { artifact: Record<string, unknown> } };
    const { recordingUrl: _r, stereoRecordingUrl: _s, ...artifact } = base.message.artifact;
    expect(reportOf({ message: { ...base.message, artifact } }).recordingUrl).toBe('https://storage.vapi.ai/3f6c9a2e-mono.wav');
    const stereoOnly = { ...artifact, recording: { stereoUrl: 'https://storage.vapi.ai/s.wav' } };
    expect(reportOf({ message: { ...base.message, artifact: stereoOnly } }).recordingUrl).toBe('https://storage.vapi.ai/s.wav');
  });

  it('sums costs[] when neither cost nor costBreakdown is sent', () => {
    const body = {
      message: {
        type: 'end-of-call-report',
        call: { id: 'c' },
        costs: [
          { type: 'transport', cost: 0.1 },
          { type: 'vapi', cost: 0.05 },
        ],
      },
    };
    expect(reportOf(body).cost).toBe(0.15);
  });

  it('refuses a report whose costs are not an array, naming the member', () => {
    expect(() => reportOf({ message: { type: 'end-of-call-report', call: { id: 'c' }, costs: { total: 1 } } })).toThrow(
      expect.objectContaining({ field: 'message.costs' }),
    );
  });

  it('decides from the transcript when the report carries no analysis plan (Vapi outbound sample)', async () => {
    const call = reportOf(fixture('end-of-call-report.outbound-sample.json'));
    expect(call.analysis).toEqual({ callReason: null, sentiment: null, bookingIntent: null, urgency: null });
    const decision = await new RuleBasedResponder().decide(
      call,
      team({ id: 1, timezone: 'America/Chicago' }),
      new Date('2026-11-24T16:01:55Z'),
    );
    // Tuesday 2026-11-24 10:01 in Chicago: next Tuesday after lunch is 2026-12-01 13:00 CST (19:00Z).
    expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: '2026-12-01T19:00:00.000Z' });
    expect(decision.decisions[0]?.evidence?.length).toBeGreaterThan(0);
  });

  it('takes no action on a voicemail, and says so', async () => {
    const call = reportOf(fixture('end-of-call-report.voicemail.json'));
    const decision = await new RuleBasedResponder().decide(call, team({ id: 1 }), new Date('2026-11-24T17:00:41Z'));
    expect(decision.appointment).toBeNull();
    expect(decision.ticket).toBeNull();
    expect(decision.decisions).toEqual([expect.objectContaining({ decision: 'no_action', reason: expect.stringContaining('voicemail') })]);
  });

  it.each((fixture('server-messages.2026.json') as { message: { type: string } }[]).map((m) => [m.message.type, m]))(
    'acknowledges %s without storing it',
    (type, body) => {
      expect(message(body)).toEqual({ kind: 'ignored', type });
    },
  );
});

describe('provider-defined analysis is never a reason to refuse', () => {
  it.each([
    ['bookingIntent "yes"', { structuredData: { bookingIntent: 'yes' } }, { bookingIntent: true }],
    ['booking_intent "No"', { structuredData: { booking_intent: 'No' } }, { bookingIntent: false }],
    ['bookingIntent 1', { bookingIntent: 1 }, { bookingIntent: true }],
    ['urgency 4', { structuredData: { urgency: 4 } }, { urgency: 'urgent' }],
    ['urgency "5"', { structuredData: { urgency: '5' } }, { urgency: 'emergency' }],
    ['urgency 9 of 10', { structuredData: { urgency: 9 } }, { urgency: 'emergency' }],
    ['urgency "High - water on the floor"', { urgency: 'High - water on the floor' }, { urgency: 'high' }],
    ['urgency "CRITICAL"', { urgency: 'CRITICAL' }, { urgency: 'emergency' }],
    ['call_reason as a list', { structuredData: { call_reason: ['leak', 'estimate'] } }, { callReason: 'leak, estimate' }],
    [
      'the first readable of structuredDataMulti',
      { structuredDataMulti: [{ result: { bookingIntent: 'true' } }] },
      { bookingIntent: true },
    ],
  ])('reads %s', (_, analysis, expected) => {
    const call = reportOf(withAnalysis(analysis));
    expect(call.analysis).toMatchObject(expected);
    expect(call.warnings).toEqual([]);
  });

  it.each([
    ['bookingIntent "maybe"', { structuredData: { bookingIntent: 'maybe' } }, 'message.analysis.structuredData.bookingIntent'],
    ['urgency an object', { urgency: { level: 'high' } }, 'message.analysis.urgency'],
    ['urgency 42', { structuredData: { urgency: 42 } }, 'message.analysis.structuredData.urgency'],
    ['structuredData a string', { structuredData: 'booked' }, 'message.analysis.structuredData'],
    ['analysis a string', 'positive', 'message.analysis'],
    ['summary a number', { summary: 12 }, 'message.analysis.summary'],
  ])('stores the call with a warning naming the member for %s', (_, analysis, member) => {
    const call = reportOf(withAnalysis(analysis));
    expect(call.warnings).toEqual([expect.stringMatching(new RegExp(`^${member.replace(/\./g, '\\.')}: `))]);
  });

  it('reads the next source when the first one cannot be read', () => {
    const call = reportOf(withAnalysis({ bookingIntent: 'perhaps', structuredData: { bookingIntent: true } }));
    expect(call.analysis.bookingIntent).toBe(true);
    expect(call.warnings).toHaveLength(1);
  });

  it('accepts any JSON as the analysis: the report is stored, the reading typed, every warning naming a member', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (analysis) => {
        const call = reportOf(withAnalysis(analysis));
        expect([true, false, null]).toContain(call.analysis.bookingIntent);
        expect([null, 'low', 'standard', 'high', 'urgent', 'emergency']).toContain(call.analysis.urgency);
        for (const w of call.warnings) expect(w).toMatch(/^message\.analysis(\.[\w$.-]+)?: /);
      }),
      { numRuns: 300 },
    );
  });

  it('still refuses an unusable envelope, naming the member', () => {
    for (const [body, field] of [
      [{ message: { type: 'end-of-call-report', call: {} } }, 'message.call.id'],
      [{ message: { type: 'end-of-call-report', call: { id: 'c' }, startedAt: 5 } }, 'message.startedAt'],
      [
        { message: { type: 'end-of-call-report', call: { id: 'c' }, artifact: { recording: { stereoUrl: 7 } } } },
        'message.artifact.recording',
      ],
    ] as const) {
      let error: unknown;
      try {
        reportOf(body);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(BadRequestError);
      expect((error as BadRequestError).field?.startsWith(field)).toBe(true);
    }
  });
});

describe('readBoolean and readUrgency', () => {
  it('reads every integer of the 1–5 scale onto the five levels in order', () => {
    expect([1, 2, 3, 4, 5].map(readUrgency)).toEqual(['low', 'standard', 'high', 'urgent', 'emergency']);
  });

  it('never reads a value outside the known words or scale', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.integer()), (value) => {
        const level = readUrgency(value);
        expect([null, 'low', 'standard', 'high', 'urgent', 'emergency']).toContain(level);
        if (typeof value === 'number' && (value < 0 || value > 10 || Number.isNaN(value))) expect(level).toBeNull();
        expect([true, false, null]).toContain(readBoolean(value));
      }),
    );
  });

  it('is monotonic in the number: a higher number is never a lower level', () => {
    const order = ['low', 'standard', 'high', 'urgent', 'emergency'];
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: 0, max: 10, noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(order.indexOf(readUrgency(lo) as string)).toBeLessThanOrEqual(order.indexOf(readUrgency(hi) as string));
      }),
    );
  });

  it('gives the analysis first, then the structured data', () => {
    const reading = readAnalysis({
      top: { urgency: 'low' },
      structured: [{ path: 'p', data: { urgency: 'emergency', sentiment: 'angry' } }],
    });
    expect(reading.analysis).toMatchObject({ urgency: 'low', sentiment: 'angry' });
  });
});

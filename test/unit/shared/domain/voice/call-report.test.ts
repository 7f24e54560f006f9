import { endOfCallReportSchema, messageTypeSchema, normalizeReport } from '#shared/domain/voice/call-report';
import { BadRequestError } from '#shared/errors';
import { parseOrThrow } from '#shared/http/validation';

/** Parses a body the way the webhook handler does: the message type first, then the report. */
function parseReport(body: unknown) {
  parseOrThrow(messageTypeSchema, body, 'body');
  return normalizeReport(parseOrThrow(endOfCallReportSchema(), body, 'body'));
}

function refusal(body: unknown): { field: string | undefined; message: string } {
  try {
    parseReport(body);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestError);
    const { field, message } = error as BadRequestError;
    return { field, message };
  }
  throw new Error('expected the report to be refused');
}

const times = {
  startedAt: '2026-11-24T15:00:00.000Z',
  endedAt: '2026-11-24T15:03:04.000Z',
  endedReason: 'customer-ended-call',
  cost: 0.42,
};

/** The original flat shape. */
const flat = {
  message: {
    type: 'end-of-call-report',
    call: { id: 'call_1', customer: { number: '+14155550134', name: 'Dana Whitfield' }, duration: 184.4, type: 'inboundPhoneCall' },
    transcript: 'AI: Hello. Customer: My heater is broken.',
    summary: 'Heater broken; wants a visit.',
    recordingUrl: 'https://recordings.example.com/call_1.mp3',
    analysis: { callReason: 'Heater repair', sentiment: 'neutral', bookingIntent: true, urgency: 'standard' },
    ...times,
  },
};

/** The nested shape of current providers: artifact, analysis.summary, structuredData, times. */
const nested = {
  message: {
    type: 'end-of-call-report',
    call: { id: 'call_1', type: 'inboundPhoneCall' },
    customer: { number: '+14155550134', name: 'Dana Whitfield' },
    artifact: { transcript: 'AI: Hello. Customer: My heater is broken.', recordingUrl: 'https://recordings.example.com/call_1.mp3' },
    analysis: {
      summary: 'Heater broken; wants a visit.',
      structuredData: { callReason: 'Heater repair', sentiment: 'neutral', bookingIntent: true, urgency: 'standard', extra: 'kept out' },
    },
    ...times,
  },
};

describe('normalizeReport', () => {
  it('normalizes the flat and the nested shape to the same record', () => {
    const expected = {
      providerCallId: 'call_1',
      type: 'inboundPhoneCall',
      customerNumber: '+14155550134',
      customerName: 'Dana Whitfield',
      durationSeconds: 184,
      transcript: 'AI: Hello. Customer: My heater is broken.',
      summary: 'Heater broken; wants a visit.',
      recordingUrl: 'https://recordings.example.com/call_1.mp3',
      analysis: { callReason: 'Heater repair', sentiment: 'neutral', bookingIntent: true, urgency: 'standard' },
      endedReason: 'customer-ended-call',
      startedAt: '2026-11-24T15:00:00.000Z',
      endedAt: '2026-11-24T15:03:04.000Z',
      cost: 0.42,
      metadata: {},
      warnings: [],
      destination: null,
      turns: [
        { speaker: 'agent', text: 'Hello.', start_seconds: null, end_seconds: null },
        { speaker: 'customer', text: 'My heater is broken.', start_seconds: null, end_seconds: null },
      ],
    };
    expect(parseReport(flat)).toEqual({ ...expected, analysisRaw: flat.message.analysis });
    expect(parseReport(nested)).toEqual({ ...expected, analysisRaw: { structuredData: nested.message.analysis.structuredData } });
  });

  it('prefers the flat member when both shapes carry a value', () => {
    const both = {
      message: {
        ...nested.message,
        transcript: 'flat transcript',
        summary: 'flat summary',
        analysis: { ...nested.message.analysis, urgency: 'emergency' },
      },
    };
    expect(parseReport(both)).toMatchObject({
      transcript: 'flat transcript',
      summary: 'flat summary',
      analysis: { urgency: 'emergency', callReason: 'Heater repair' },
    });
  });

  it('reads the duration in seconds: call.duration, else durationSeconds, else endedAt − startedAt', () => {
    const only = (extra: Record<string, unknown>, call: Record<string, unknown> = {}) =>
      parseReport({ message: { type: 'end-of-call-report', call: { id: 'c', ...call }, ...extra } }).durationSeconds;
    expect(only({}, { duration: 59.5 })).toBe(60);
    expect(only({ durationSeconds: 12 })).toBe(12);
    expect(only({ startedAt: '2026-11-24T15:00:00Z', endedAt: '2026-11-24T15:01:30.400Z' })).toBe(90);
    expect(only({ startedAt: '2026-11-24T10:00:00-05:00', endedAt: '2026-11-24T15:00:45Z' })).toBe(45);
    expect(only({})).toBeNull();
  });

  it('fills what a minimal report leaves out', () => {
    expect(parseReport({ message: { type: 'end-of-call-report', call: { id: 'c' } } })).toMatchObject({
      type: 'inboundPhoneCall',
      transcript: '',
      summary: null,
      recordingUrl: null,
      customerNumber: null,
      analysis: { callReason: null, sentiment: null, bookingIntent: null, urgency: null },
    });
  });

  it('merges the message metadata with the call metadata, the call winning', () => {
    const report = {
      message: { type: 'end-of-call-report', call: { id: 'c', metadata: { stl_call_id: 7 } }, metadata: { stl_call_id: 1, a: 'b' } },
    };
    expect(parseReport(report).metadata).toEqual({ stl_call_id: 7, a: 'b' });
  });
});

describe('voice report validation (parseOrThrow)', () => {
  const report = (message: Record<string, unknown>) => ({ message: { type: 'end-of-call-report', call: { id: 'c' }, ...message } });

  it.each([
    ['no body members', {}, 'message', 'is required'],
    ['message not an object', { message: 'hello' }, 'message', 'must be an object'],
    ['no message.type', { message: {} }, 'message.type', 'is required'],
    ['message.type a number', { message: { type: 5 } }, 'message.type', 'must be a string'],
    ['message.type empty', { message: { type: '' } }, 'message.type', 'is required'],
    ['no message.call', { message: { type: 'end-of-call-report' } }, 'message.call', 'is required'],
    ['message.call null', { message: { type: 'end-of-call-report', call: null } }, 'message.call', 'is required'],
    ['no message.call.id', { message: { type: 'end-of-call-report', call: {} } }, 'message.call.id', 'is required'],
    ['message.call.id a number', { message: { type: 'end-of-call-report', call: { id: 42 } } }, 'message.call.id', 'must be a string'],
    ['message.call.id empty', { message: { type: 'end-of-call-report', call: { id: '' } } }, 'message.call.id', 'is required'],
  ])('names the field when a required member is missing or mistyped: %s', (_, body, field, text) => {
    expect(refusal(body)).toEqual({ field, message: `${field}: ${text}` });
  });

  it.each([
    ['message.call.duration', report({ call: { id: 'c', duration: '184' } })],
    ['message.call.duration', report({ call: { id: 'c', duration: -1 } })],
    ['message.call.customer.number', report({ call: { id: 'c', customer: { number: 4155550134 } } })],
    ['message.call.type', report({ call: { id: 'c', type: 1 } })],
    ['message.call.metadata', report({ call: { id: 'c', metadata: ['x'] } })],
    ['message.customer.name', report({ customer: { name: { first: 'Dana' } } })],
    ['message.transcript', report({ transcript: ['line'] })],
    ['message.summary', report({ summary: 12 })],
    ['message.artifact.transcript', report({ artifact: { transcript: 1 } })],
    ['message.startedAt', report({ startedAt: 'yesterday' })],
    ['message.endedAt', report({ endedAt: 1732460400 })],
    ['message.durationSeconds', report({ durationSeconds: '60' })],
    ['message.cost', report({ cost: 'free' })],
    ['message.endedReason', report({ endedReason: {} })],
  ])('names %s when it has the wrong type', (field, body) => {
    const { field: named, message } = refusal(body);
    expect(named).toBe(field);
    expect(message.startsWith(`${field}: `)).toBe(true);
  });

  it.each([
    ['message.recordingUrl', report({ recordingUrl: 'http://recordings.example.com/a.mp3' })],
    ['message.recordingUrl', report({ recordingUrl: 'ftp://recordings.example.com/a.mp3' })],
    ['message.recordingUrl', report({ recordingUrl: 'recordings.example.com/a.mp3' })],
    ['message.recordingUrl', report({ recordingUrl: 'javascript:alert(1)' })],
    ['message.artifact.recordingUrl', report({ artifact: { recordingUrl: 'http://recordings.example.com/a.mp3' } })],
  ])('refuses a recording URL that is not https (%s)', (field, body) => {
    expect(refusal(body)).toEqual({ field, message: `${field}: must be an https URL` });
  });

  it('takes optional strings sent empty or blank as absent: a no-answer report with recordingUrl "" is a call', () => {
    const call = parseReport(
      report({
        recordingUrl: '',
        summary: ' ',
        transcript: '',
        endedReason: '',
        startedAt: '',
        endedAt: '',
        cost: '',
        customer: { number: '', name: '' },
        artifact: { transcript: 'AI: Hello?', recordingUrl: '' },
        analysis: { summary: 'Nobody answered.', callReason: '', structuredData: { callReason: 'Leak', sentiment: '' } },
      }),
    );
    expect(call).toMatchObject({
      recordingUrl: null,
      transcript: 'AI: Hello?',
      summary: 'Nobody answered.',
      endedReason: null,
      startedAt: null,
      cost: null,
      customerNumber: null,
      analysis: { callReason: 'Leak', sentiment: null },
    });
  });

  it('refuses numbers beyond 2^53 (kept as text by the body parser) naming the range', () => {
    expect(refusal(report({ cost: '9007199254740993' }))).toEqual({
      field: 'message.cost',
      message: 'message.cost: must be a number (USD) from 0 to 9007199254740991',
    });
  });

  it('accepts null for every optional member', () => {
    const nulls = report({
      call: { id: 'c', customer: null, duration: null, type: null, metadata: null },
      customer: null,
      transcript: null,
      summary: null,
      recordingUrl: null,
      artifact: null,
      analysis: null,
      endedReason: null,
      startedAt: null,
      endedAt: null,
      durationSeconds: null,
      cost: null,
      metadata: null,
    });
    expect(parseReport(nulls)).toMatchObject({ providerCallId: 'c', durationSeconds: null, recordingUrl: null });
  });

  it('lets other message types through the type check alone', () => {
    expect(parseOrThrow(messageTypeSchema, { message: { type: 'status-update', status: 'ringing' } }, 'body').message.type).toBe(
      'status-update',
    );
  });
});

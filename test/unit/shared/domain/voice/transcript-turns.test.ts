import fc from 'fast-check';
import type { CallRecord } from '#shared/domain/calls';
import { itemSize } from '#shared/domain/stored-size';
import { endOfCallReportSchema, messageTypeSchema, normalizeReport } from '#shared/domain/voice/call-report';
import { fitTurns } from '#shared/domain/voice/process-report';
import { MAX_TRANSCRIPT_MESSAGES, turnsFromMessages, turnsFromText } from '#shared/domain/voice/transcript-turns';
import { BadRequestError } from '#shared/errors';
import { parseOrThrow } from '#shared/http/validation';

function parse(body: unknown) {
  parseOrThrow(messageTypeSchema, body, 'body');
  return normalizeReport(parseOrThrow(endOfCallReportSchema(), body, 'body'));
}

function refusal(body: unknown): BadRequestError {
  try {
    parse(body);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestError);
    return error as BadRequestError;
  }
  throw new Error('expected the report to be refused');
}

const report = (message: Record<string, unknown>) => ({ message: { type: 'end-of-call-report', call: { id: 'call_1' }, ...message } });

/** A Vapi artifact.messages list as current reports send it. */
const vapiMessages = [
  { role: 'system', message: 'You are the front desk of Acme Plumbing.', time: 1764000000000, secondsFromStart: 0 },
  {
    role: 'bot',
    message: 'Thanks for calling Acme, how can I help?',
    time: 1764000000500,
    endTime: 1764000002900,
    secondsFromStart: 0.5,
    duration: 2400,
  },
  {
    role: 'user',
    message: 'My water heater is leaking.',
    time: 1764000003400,
    endTime: 1764000005000,
    secondsFromStart: 3.4,
    duration: 1600,
  },
  { role: 'tool_calls', time: 1764000005100, secondsFromStart: 5.1, toolCalls: [{ id: 't1' }] },
  { role: 'tool_call_result', result: 'ok', time: 1764000005200, secondsFromStart: 5.2 },
  { role: 'future-role', message: 'never seen before', secondsFromStart: 5.3 },
  { role: 'assistant', message: 'I can book a visit tomorrow at 9.', secondsFromStart: 6 },
];

describe('transcript turns from the provider messages', () => {
  it('keeps the bot and the caller, with start and end seconds, and skips system, tool and unknown roles', () => {
    const call = parse(report({ artifact: { messages: vapiMessages } }));
    expect(call.turns).toEqual([
      { speaker: 'agent', text: 'Thanks for calling Acme, how can I help?', start_seconds: 0.5, end_seconds: 2.9 },
      { speaker: 'customer', text: 'My water heater is leaking.', start_seconds: 3.4, end_seconds: 5 },
      { speaker: 'agent', text: 'I can book a visit tomorrow at 9.', start_seconds: 6, end_seconds: null },
    ]);
    // Only messages: the plain text is made from the turns.
    expect(call.transcript).toBe(
      'AI: Thanks for calling Acme, how can I help?\nCustomer: My water heater is leaking.\nAI: I can book a visit tomorrow at 9.',
    );
  });

  it('reads the older message.messages as well, and prefers artifact.messages', () => {
    expect(parse(report({ messages: vapiMessages.slice(1, 2) })).turns).toHaveLength(1);
    const both = parse(report({ messages: vapiMessages.slice(1, 2), artifact: { messages: vapiMessages.slice(1, 3) } }));
    expect(both.turns).toHaveLength(2);
  });

  it('keeps the text the provider sent when it sent both', () => {
    const call = parse(report({ transcript: 'AI: Hi\nUser: Hello', artifact: { messages: vapiMessages } }));
    expect(call.transcript).toBe('AI: Hi\nUser: Hello');
    expect(call.turns[0]?.start_seconds).toBe(0.5);
  });

  it.each([
    [{ artifact: { messages: 'hello' } }, 'message.artifact.messages'],
    [{ messages: {} }, 'message.messages'],
    [{ artifact: { messages: [{ role: 7, message: 'x' }] } }, 'message.artifact.messages[0].role'],
    [{ artifact: { messages: [{ role: 'bot', message: 42 }] } }, 'message.artifact.messages[0].message'],
    [{ artifact: { messages: [{ role: 'bot', message: 'x', secondsFromStart: '3' }] } }, 'message.artifact.messages[0].secondsFromStart'],
    [{ artifact: { messages: [{ role: 'bot', message: 'x', secondsFromStart: -1 }] } }, 'message.artifact.messages[0].secondsFromStart'],
    [{ artifact: { messages: [{ role: 'bot', message: 'x', time: 'now' }] } }, 'message.artifact.messages[0].time'],
    [{ artifact: { messages: [{ role: 'bot', message: 'x'.repeat(20_001) }] } }, 'message.artifact.messages[0].message'],
  ])('refuses a wrong type or size with a 400 naming the field (%#)', (message, field) => {
    const error = refusal(report(message));
    expect(error.field).toBe(field);
  });

  it('refuses more messages than the bound', () => {
    const many = Array.from({ length: MAX_TRANSCRIPT_MESSAGES + 1 }, () => ({ role: 'bot', message: 'hi' }));
    expect(refusal(report({ artifact: { messages: many } })).field).toBe('message.artifact.messages');
  });

  it('never throws on any list of well-typed messages, and every turn is well formed', () => {
    const message = fc.record(
      {
        role: fc.oneof(fc.constantFrom('bot', 'assistant', 'user', 'system', 'tool_calls', 'constructor', '__proto__'), fc.string()),
        message: fc.option(fc.string({ maxLength: 50 })),
        time: fc.option(fc.double({ noNaN: true })),
        endTime: fc.option(fc.double({ noNaN: true })),
        secondsFromStart: fc.option(fc.double({ min: 0, max: 86_400, noNaN: true })),
        duration: fc.option(fc.double({ noNaN: true })),
      },
      { requiredKeys: ['role'] },
    );
    fc.assert(
      fc.property(fc.array(message, { maxLength: 30 }), (messages) => {
        const turns = turnsFromMessages(messages);
        expect(turns.length).toBeLessThanOrEqual(messages.length);
        for (const t of turns) {
          expect(['agent', 'customer']).toContain(t.speaker);
          expect(t.text.trim()).toBe(t.text);
          expect(t.text).not.toBe('');
          for (const s of [t.start_seconds, t.end_seconds]) if (s !== null) expect(Number.isFinite(s)).toBe(true);
          if (t.end_seconds !== null) expect(t.end_seconds).toBeGreaterThanOrEqual(t.start_seconds as number);
          if (t.start_seconds === null) expect(t.end_seconds).toBeNull();
        }
      }),
    );
  });
});

describe('transcript turns from plain text', () => {
  it('splits on the speaker labels, on one line or many, with null times', () => {
    expect(turnsFromText('AI: Hello.\nUser: My heater\nis broken.\nAssistant: Sorry! Customer: thanks')).toEqual([
      { speaker: 'agent', text: 'Hello.', start_seconds: null, end_seconds: null },
      { speaker: 'customer', text: 'My heater\nis broken.', start_seconds: null, end_seconds: null },
      { speaker: 'agent', text: 'Sorry!', start_seconds: null, end_seconds: null },
      { speaker: 'customer', text: 'thanks', start_seconds: null, end_seconds: null },
    ]);
  });

  it('ignores text before the first label and lower-case words that look like labels', () => {
    expect(turnsFromText('recording starts\nAI: the user: said hi')).toEqual([
      { speaker: 'agent', text: 'the user: said hi', start_seconds: null, end_seconds: null },
    ]);
    expect(turnsFromText('no labels at all')).toEqual([]);
  });

  it('reads labels in any case at a line start, and the roles of a front desk', () => {
    expect(
      turnsFromText('RECEPTIONIST: Hello.\ncaller: Hi there. Dispatcher: Go ahead.\nHomeowner: ok').map((t) => [t.speaker, t.text]),
    ).toEqual([
      ['agent', 'Hello.'],
      ['customer', 'Hi there.'],
      ['agent', 'Go ahead.'],
      ['customer', 'ok'],
    ]);
  });

  it('drops the recording clock around the labels, and keeps a clock time said inside a turn', () => {
    const said = (text: string) => turnsFromText(text).map((t) => [t.speaker, t.text]);
    expect(said('[00:00:02] AI: Summit Plumbing.\n[00:00:05] Customer: Hi.\n00:09 - AI: I have 10:30.\n0:12 caller: ok')).toEqual([
      ['agent', 'Summit Plumbing.'],
      ['customer', 'Hi.'],
      ['agent', 'I have 10:30.'],
      ['customer', 'ok'],
    ]);
    expect(said('AI (0:02): Hello.\nCustomer [00:05]: Is 10:30 open?\n10:30 works for me.')).toEqual([
      ['agent', 'Hello.'],
      ['customer', 'Is 10:30 open?\n10:30 works for me.'],
    ]);
  });

  it('round-trips: labelled turns written out parse back to the same turns', () => {
    const word = fc.stringMatching(/^[a-z][a-z .,!?]{0,20}[a-z!?.]$/);
    fc.assert(
      fc.property(
        fc.array(fc.record({ speaker: fc.constantFrom('agent' as const, 'customer' as const), text: word }), { maxLength: 20 }),
        (turns) => {
          const text = turns.map((t) => `${t.speaker === 'agent' ? 'AI' : 'User'}: ${t.text}`).join('\n');
          expect(turnsFromText(text)).toEqual(turns.map((t) => ({ ...t, text: t.text.trim(), start_seconds: null, end_seconds: null })));
        },
      ),
    );
  });

  it('never throws on any text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => void turnsFromText(s)));
  });
});

describe('fitTurns', () => {
  const base = {
    call_id: '3b7c1f0e-8a57-4a55-9c1e-4c7a1c2f0b11',
    team_id: 1,
    transcript: 'x'.repeat(1000),
  } as unknown as CallRecord;

  it('leaves a record that fits alone', () => {
    const record = { ...base, turns: [{ speaker: 'agent' as const, text: 'hi', start_seconds: 0, end_seconds: 1 }] };
    expect(fitTurns(record)).toBe(record);
  });

  it('drops trailing turns, flagged, so the record fits the budget', () => {
    const turns = Array.from({ length: 400 }, (_, i) => ({
      speaker: 'customer' as const,
      text: 'y'.repeat(100),
      start_seconds: i,
      end_seconds: i + 1,
    }));
    const fitted = fitTurns({ ...base, turns }, 20_000);
    expect(fitted.turns_trimmed).toBe(true);
    expect(fitted.turns?.length).toBeGreaterThan(0);
    expect(fitted.turns?.length).toBeLessThan(400);
    expect(fitted.turns).toEqual(turns.slice(0, fitted.turns?.length));
    expect(itemSize(fitted).bytes).toBeLessThanOrEqual(20_000 - 1024);
    expect(itemSize({ ...fitted, turns: turns.slice(0, (fitted.turns?.length ?? 0) + 1) }).bytes).toBeGreaterThan(20_000 - 1024);
  });
});

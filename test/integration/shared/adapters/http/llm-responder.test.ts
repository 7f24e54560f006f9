import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FallbackResponder, LlmResponder, ResponderModelError } from '#shared/adapters/http/llm-responder';
import type { NormalizedCall } from '#shared/domain/voice/call-report';
import { RuleBasedResponder } from '#shared/domain/voice/responder';
import { transcriptTurns } from '#shared/domain/voice/transcript-turns';
import { team } from '../../../../support/intake-fakes';

/**
 * The model-backed responder against a local fake of an OpenAI-compatible chat-completions API:
 * what it sends (the model, the strict JSON-schema response format, the call and the team's zone,
 * the key), how it takes a valid answer, and that a time-out, a 5xx, invalid JSON, an answer that
 * breaks the schema, a refusal and an impossible time each fall back to the rules.
 */
type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handle: Handler = (_req, _body, res) => res.end();
const requests: { path: string; authorization: string | undefined; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(body) as Record<string, unknown> });
      handle(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests.length = 0;
});

const TRANSCRIPT =
  'AI: Bayview Plumbing.\nCustomer: My sink is clogged, can someone come Thursday at 2 pm?\nAI: You are all set for Thursday at 2 pm.';

const call: NormalizedCall = {
  providerCallId: 'c1',
  type: 'inboundPhoneCall',
  customerNumber: null,
  customerName: null,
  durationSeconds: 60,
  transcript: TRANSCRIPT,
  turns: transcriptTurns(null, TRANSCRIPT),
  summary: null,
  recordingUrl: null,
  analysis: { callReason: null, sentiment: null, bookingIntent: null, urgency: null },
  analysisRaw: null,
  warnings: [],
  endedReason: 'customer-ended-call',
  destination: null,
  startedAt: null,
  endedAt: null,
  cost: null,
  metadata: {},
};
const newYork = team({ id: 1, timezone: 'America/New_York' });
/** Tuesday 2026-11-24 10:00 in New York. */
const CALL_TIME = new Date('2026-11-24T15:00:00Z');

const answer = (content: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        finish_reason: 'stop',
        message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content), ...extra },
      },
    ],
  });

const booked = {
  appointment: { status: 'scheduled', local_time: '2026-11-26 14:00', preferred_date: null },
  ticket: null,
  reason: 'The caller booked Thursday at 2 pm.',
  evidence: ['My sink is clogged, can someone come Thursday at 2 pm?', 'a sentence nobody said'],
};

const model = (timeoutMs = 2000) => new LlmResponder({ baseUrl, apiKey: 'sk-test', model: 'gpt-test', timeoutMs });

describe('LlmResponder', () => {
  it('asks for a strict JSON-schema answer with the call, the zone and the hours, and books the local time as an instant', async () => {
    handle = (_req, _body, res) => res.end(answer(booked));
    const decision = await model().decide(call, newYork, CALL_TIME, { hours: null });

    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.authorization).toBe('Bearer sk-test');
    expect(sent?.body).toMatchObject({
      model: 'gpt-test',
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: { name: 'responder_decision', strict: true } },
    });
    const messages = (sent?.body.messages ?? []) as { content: string }[];
    const user = JSON.parse(messages[1]?.content ?? 'null') as Record<string, unknown>;
    expect(user).toMatchObject({ team_zone: 'America/New_York', call_time_local: 'Tuesday 2026-11-24 10:00', transcript: TRANSCRIPT });

    expect(decision.appointment).toMatchObject({
      status: 'scheduled',
      scheduledFor: '2026-11-26T19:00:00.000Z',
      preferredDate: '2026-11-26',
    });
    // Evidence the transcript does not hold is dropped.
    expect(decision.decisions).toEqual([
      {
        decision: 'appointment',
        reason: 'gpt-test: The caller booked Thursday at 2 pm.',
        evidence: ['My sink is clogged, can someone come Thursday at 2 pm?'],
      },
    ]);
  });

  it.each<[string, Handler]>([
    ['a 500', (_q, _b, res) => res.writeHead(500).end('{}')],
    ['a 401', (_q, _b, res) => res.writeHead(401).end('{}')],
    ['a body that is not JSON', (_q, _b, res) => res.end('<html>')],
    ['an answer that is not JSON', (_q, _b, res) => res.end(answer('{"appointment": '))],
    ['an answer that breaks the schema', (_q, _b, res) => res.end(answer({ ...booked, appointment: { status: 'soon' } }))],
    ['an answer with extra members', (_q, _b, res) => res.end(answer({ ...booked, priority: 'high' }))],
    ['a refusal', (_q, _b, res) => res.end(answer(null, { refusal: 'I cannot help with that.' }))],
    [
      'a time before the call',
      (_q, _b, res) =>
        res.end(answer({ ...booked, appointment: { status: 'scheduled', local_time: '2026-11-20 14:00', preferred_date: null } })),
    ],
  ])('throws ResponderModelError on %s', async (_, handler) => {
    handle = handler;
    await expect(model().decide(call, newYork, CALL_TIME)).rejects.toBeInstanceOf(ResponderModelError);
  });

  it('throws ResponderModelError when the model does not answer in time', async () => {
    handle = (_req, _body, res) => {
      setTimeout(() => res.end(answer(booked)), 1000).unref();
    };
    await expect(model(100).decide(call, newYork, CALL_TIME)).rejects.toThrow('timed out');
  });
});

describe('FallbackResponder', () => {
  it('answers with the model when it answers', async () => {
    handle = (_req, _body, res) =>
      res.end(answer({ ...booked, appointment: { status: 'scheduled', local_time: '2026-11-26 15:00', preferred_date: null } }));
    const responder = new FallbackResponder(model(), new RuleBasedResponder());
    expect((await responder.decide(call, newYork, CALL_TIME)).appointment?.scheduledFor).toBe('2026-11-26T20:00:00.000Z');
    expect(responder.fallbacks).toBe(0);
  });

  it('answers with the rules, naming the failure, when the model times out or answers badly', async () => {
    const failures: string[] = [];
    const responder = new FallbackResponder(model(100), new RuleBasedResponder(), (e) => failures.push(e.message));
    handle = (_req, _body, res) => {
      setTimeout(() => res.end(answer(booked)), 1000).unref();
    };
    const timedOut = await responder.decide(call, newYork, CALL_TIME);
    handle = (_req, _body, res) => res.end(answer('not json'));
    const malformed = await responder.decide(call, newYork, CALL_TIME);

    for (const decision of [timedOut, malformed]) {
      expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: '2026-11-26T19:00:00.000Z' });
    }
    expect(timedOut.decisions[0]?.reason).toMatch(/\(rules: the language model timed out\)$/);
    expect(malformed.decisions[0]?.reason).toMatch(/\(rules: the language model's answer is not JSON\)$/);
    expect(failures).toEqual(['the language model timed out', "the language model's answer is not JSON"]);
    expect(responder.fallbacks).toBe(2);
  });
});

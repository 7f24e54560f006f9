import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LlmCallEvaluator } from '#shared/adapters/http/llm-call-evaluator';
import { scoreEvaluation } from '#shared/domain/coach/evaluation';
import { DEFAULT_RUBRIC } from '#shared/domain/coach/rubric';
import { EvaluatorError } from '#shared/ports/call-evaluator';

/**
 * The language-model evaluator against a local fake of an OpenAI-compatible chat-completions API:
 * what it sends (the model, the JSON-schema response format, the rubric and the transcript, the key),
 * and how it takes each answer: a valid one, invalid JSON, an answer that breaks the schema, a
 * refusal, a timeout, a 5xx and a 429 (retryable), a 401 (not retryable).
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
  'AI: Thanks for calling Summit Plumbing, this is Ava.\nUser: My water heater is leaking.\nAI: I can send a technician tomorrow at 9 AM.';

function evaluator(overrides: Partial<ConstructorParameters<typeof LlmCallEvaluator>[0]> = {}): LlmCallEvaluator {
  return new LlmCallEvaluator({ baseUrl, apiKey: 'sk-test', model: 'gpt-test', attempts: 1, retryBaseDelayMs: 1, ...overrides });
}

const request = { rubric: DEFAULT_RUBRIC, transcript: TRANSCRIPT, call: { direction: 'inbound' as const } };

function completion(content: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
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
}

const validAnswer = {
  criteria: DEFAULT_RUBRIC.criteria.map((c) => ({
    criterion_id: c.id,
    applicable: c.id !== 'confirmed_time',
    score: c.id === 'greeting' ? 100 : 40,
    reason: `Judged ${c.id}`,
    evidence:
      c.id === 'greeting'
        ? 'Thanks for calling Summit Plumbing, this is Ava.'
        : c.id === 'offered_booking'
          ? 'I can send a technician  tomorrow at 9 AM.'
          : null,
  })),
};

function answerWith(status: number, body: string): void {
  handle = (_req, _body, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  };
}

async function failure(promise: Promise<unknown>): Promise<EvaluatorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EvaluatorError);
  return error as EvaluatorError;
}

describe('LlmCallEvaluator', () => {
  it('asks for a JSON-schema answer and returns its judgments, which the domain scores', async () => {
    answerWith(200, completion(validAnswer));
    const judgments = await evaluator().evaluate(request);

    const [sent] = requests;
    if (!sent) throw new Error('no request reached the fake server');
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({
      model: 'gpt-test',
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: { name: 'call_evaluation', strict: true } },
    });
    const schema = (sent.body.response_format as { json_schema: { schema: Record<string, unknown> } }).json_schema.schema;
    expect(JSON.stringify(schema)).toContain('"enum":["greeting","captured_name"');
    const user = JSON.parse(String((sent.body.messages as { content: string }[])[1]?.content)) as { transcript: string };
    expect(user.transcript).toBe(TRANSCRIPT);

    const evaluation = scoreEvaluation({
      rubric: DEFAULT_RUBRIC,
      transcript: TRANSCRIPT,
      judgments,
      evaluator: evaluator().identity,
      call: { call_id: 'c', team_id: 1, started_at: '2026-11-24T15:00:00.000Z' },
      evaluatedAt: new Date('2026-11-24T15:01:00.000Z'),
    });
    expect(evaluation.evaluator).toEqual({ kind: 'language_model', model: 'gpt-test' });
    const byId = new Map(evaluation.criteria.map((c) => [c.criterion_id, c]));
    expect(byId.get('greeting')).toMatchObject({ score: 100, passed: true, evidence: 'Thanks for calling Summit Plumbing, this is Ava.' });
    // A quote with its spacing changed is kept as the transcript's own slice.
    expect(byId.get('offered_booking')?.evidence).toBe('I can send a technician tomorrow at 9 AM.');
    expect(byId.get('confirmed_time')).toMatchObject({ applicable: false, score: null, passed: null });
  });

  it('drops evidence the transcript does not hold, saying so in the reason', async () => {
    const invented = {
      criteria: validAnswer.criteria.map((c) => ({
        ...c,
        evidence: c.criterion_id === 'greeting' ? 'Good morning, Acme HVAC!' : c.evidence,
      })),
    };
    answerWith(200, completion(invented));
    const evaluation = scoreEvaluation({
      rubric: DEFAULT_RUBRIC,
      transcript: TRANSCRIPT,
      judgments: await evaluator().evaluate(request),
      evaluator: evaluator().identity,
      call: { call_id: 'c', team_id: 1, started_at: '2026-11-24T15:00:00.000Z' },
      evaluatedAt: new Date(),
    });
    expect(evaluation.criteria[0]).toMatchObject({ evidence: null, reason: expect.stringContaining('not in the transcript') });
  });

  it('refuses content that is not JSON, as a retryable error that quotes nothing of it', async () => {
    answerWith(200, completion('Sure! Here is the evaluation: greeting was great'));
    const error = await failure(evaluator().evaluate(request));
    expect(error).toMatchObject({ retryable: true, message: "the language model's answer is not JSON" });
    expect(error.message).not.toContain('greeting was great');
  });

  it('refuses a body that is not JSON, and a chat completion without choices', async () => {
    answerWith(200, '<html>gateway</html>');
    expect(await failure(evaluator().evaluate(request))).toMatchObject({
      retryable: true,
      message: "the language model's response body is not JSON",
    });
    answerWith(200, JSON.stringify({ choices: [] }));
    expect((await failure(evaluator().evaluate(request))).message).toContain('not a chat completion');
  });

  it('refuses an answer that breaks the schema, naming the member', async () => {
    const broken = { criteria: validAnswer.criteria.map((c, i) => (i === 2 ? { ...c, score: 140 } : c)) };
    answerWith(200, completion(broken));
    const error = await failure(evaluator().evaluate(request));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('criteria.2.score');
  });

  it('refuses a refusal and an answer cut off by the length limit', async () => {
    answerWith(200, completion(null, { refusal: 'I cannot help with that' }));
    expect((await failure(evaluator().evaluate(request))).message).toContain('refused to evaluate');
    handle = (_req, _body, res) =>
      res.end(JSON.stringify({ choices: [{ finish_reason: 'length', message: { content: '{"criteria": [' } }] }));
    expect((await failure(evaluator().evaluate(request))).message).toContain('cut off');
  });

  it('times out as a retryable error', async () => {
    handle = () => undefined; // never answers
    const error = await failure(evaluator({ timeoutMs: 100 }).evaluate(request));
    expect(error).toMatchObject({ retryable: true, message: 'the language model timed out' });
  });

  it.each([500, 502, 503, 429])('takes a %i as retryable, and retries it before giving up', async (status) => {
    answerWith(status, JSON.stringify({ error: { message: 'overloaded' } }));
    const error = await failure(evaluator({ attempts: 3 }).evaluate(request));
    expect(error).toMatchObject({ retryable: true, message: `the language model answered ${status}` });
    expect(requests).toHaveLength(3);
  });

  it('succeeds on a retry after a 5xx', async () => {
    let n = 0;
    handle = (_req, _body, res) => {
      n++;
      res.writeHead(n === 1 ? 503 : 200);
      res.end(n === 1 ? '{}' : completion(validAnswer));
    };
    expect(await evaluator({ attempts: 2 }).evaluate(request)).toHaveLength(DEFAULT_RUBRIC.criteria.length);
    expect(requests).toHaveLength(2);
  });

  it('takes a 401 as not retryable: only configuration fixes it', async () => {
    answerWith(401, JSON.stringify({ error: { message: 'bad key' } }));
    const error = await failure(evaluator({ attempts: 3 }).evaluate(request));
    expect(error).toMatchObject({ retryable: false });
    expect(error.message).toContain('401');
    expect(requests).toHaveLength(1);
  });

  it('cannot reach a server that is not there: retryable', async () => {
    const error = await failure(
      new LlmCallEvaluator({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm', attempts: 1 }).evaluate(request),
    );
    expect(error).toMatchObject({ retryable: true, message: 'the language model could not be reached' });
  });
});

import { randomUUID } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRubricStore } from '#shared/adapters/dynamodb/coach-rubric-store';
import { DynamoEvaluationStore } from '#shared/adapters/dynamodb/coach-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { callEvaluator } from '#shared/adapters/runtime/call-evaluator';
import { manageLinks } from '#shared/domain/appointments/manage-token';
import type { CallRecord } from '#shared/domain/calls';
import { type EvaluateCallDependencies, evaluateCall } from '#shared/domain/coach/evaluate-call';
import type { CriterionJudgment } from '#shared/domain/coach/evaluation';
import type { EvaluationRequest } from '#shared/domain/coach/evaluation-request';
import { RuleBasedEvaluator } from '#shared/domain/coach/rule-evaluator';
import { endOfCallReportSchema, normalizeReport } from '#shared/domain/voice/call-report';
import { type ProcessReportDependencies, processCallReport } from '#shared/domain/voice/process-report';
import { RuleBasedResponder } from '#shared/domain/voice/responder';
import type { CallEvaluationRequest, CallEvaluator } from '#shared/ports/call-evaluator';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { LocalQueue } from '../../../../../local/runtime/queue';
import { startEmulator } from '../../../../support/emulator';
import { eventSchema } from '../../../../support/event-schemas';
import { RecordingQueue, RecordingScheduler, team } from '../../../../support/intake-fakes';
import { dueEvents } from '../../../../support/outbox';

/**
 * Exactly one evaluation per call, whatever the queue does: the coach worker (its real handler,
 * fed SQS event envelopes) against the embedded DynamoDB, with redelivered messages, racing copies,
 * a worker that stops between evaluating and storing, and poison messages; and the voice webhook's
 * side: every stored report with a transcript is queued, and a redelivered report queues again
 * when no evaluation is stored (healing a stop between saving and queueing).
 */
let dynamo: LocalDynamo;
let calls: DynamoCallStore;
let evaluations: DynamoEvaluationStore;
let rubrics: DynamoRubricStore;
let handler: (event: SQSEvent) => Promise<SQSBatchResponse>;

/** The rule-based evaluator, counting its calls; `delayMs` keeps copies in flight together. */
class CountingEvaluator implements CallEvaluator {
  readonly identity = new RuleBasedEvaluator().identity;
  calls = 0;
  delayMs = 0;
  async evaluate(request: CallEvaluationRequest): Promise<CriterionJudgment[]> {
    this.calls++;
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    return new RuleBasedEvaluator().evaluate(request);
  }
}
const evaluator = new CountingEvaluator();

beforeAll(async () => {
  dynamo = await startEmulator();
  const client = getDocumentClient();
  calls = new DynamoCallStore(client, physicalTableName('calls'), physicalTableName('leads'), physicalTableName('outbox'));
  evaluations = new DynamoEvaluationStore(client, physicalTableName('calls'), physicalTableName('outbox'));
  rubrics = new DynamoRubricStore(client, physicalTableName('teams'));
  callEvaluator.use(() => evaluator);
  ({ handler } = await import('../../../../../functions/coach-evaluator/handler'));
});
afterAll(async () => {
  callEvaluator.reset();
  await dynamo.stop();
});
beforeEach(() => {
  evaluator.calls = 0;
  evaluator.delayMs = 0;
});

const TRANSCRIPT = [
  'AI: Thanks for calling Summit Plumbing, this is Ava. How can I help you today?',
  'User: Hi, this is Dana Whitfield. The kitchen sink is clogged.',
  'AI: Can you tell me a little more about what is going on?',
  'User: It drains very slowly. We are at 42 Maple Street.',
  'AI: I can get a technician out tomorrow at 10 AM. Does that work?',
  'User: Yes, that works.',
  "AI: You're all set for tomorrow at 10 AM.",
].join('\n');

let nextTeam = 7000;

async function storedCall(transcript: string | null = TRANSCRIPT): Promise<CallRecord> {
  const teamId = nextTeam++;
  const call: CallRecord = {
    call_id: randomUUID(),
    team_id: teamId,
    provider_call_id: `p-${randomUUID()}`,
    type: 'inboundPhoneCall',
    direction: 'inbound',
    customer: { name: 'Dana Whitfield', phone: '+13125550147' },
    started_at: '2026-11-24T14:58:00.000Z',
    ended_at: '2026-11-24T15:00:00.000Z',
    duration_seconds: 120,
    transcript,
    summary: null,
    recording_url: null,
    analysis: { call_reason: null, sentiment: null, booking_intent: null, urgency: null },
    ended_reason: null,
    cost: null,
    appointment_id: null,
    ticket_id: null,
    lead_id: null,
    stl_call_id: null,
    created_at: '2026-11-24T15:00:01.000Z',
  };
  await calls.putCalls([call]);
  return call;
}

const requestOf = (call: CallRecord): EvaluationRequest => ({ team_id: call.team_id, call_id: call.call_id, started_at: call.started_at });

function record(body: unknown, receiveCount = 1, messageId: string = randomUUID()): SQSRecord {
  return {
    messageId,
    receiptHandle: `handle-${messageId}`,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: String(Date.now()),
      SenderId: 'test',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:coach-evaluations',
    awsRegion: 'us-east-1',
  };
}

const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

function deps(overrides: Partial<EvaluateCallDependencies> = {}): EvaluateCallDependencies {
  return { calls, evaluations, rubrics, evaluator, ...overrides };
}

describe('the coach worker', () => {
  it('evaluates a call against the team’s current rubric and stores the evaluation with the rubric id and version', async () => {
    const call = await storedCall();
    expect(await handler(batch(record(requestOf(call))))).toEqual({ batchItemFailures: [] });

    const stored = await evaluations.getEvaluation(call.team_id, call.call_id);
    expect(stored).toMatchObject({
      call_id: call.call_id,
      team_id: call.team_id,
      call_started_at: call.started_at,
      rubric_id: 'home-services',
      rubric_version: 1,
    });
    expect(stored?.criteria.every((c) => c.evidence === null || TRANSCRIPT.includes(c.evidence))).toBe(true);
    expect(evaluator.calls).toBe(1);
  });

  it('does nothing for a redelivered message: the evaluator is not called again and the evaluation is unchanged', async () => {
    const call = await storedCall();
    const message = record(requestOf(call), 1, 'message-1');
    await handler(batch(message));
    const first = await evaluations.getEvaluation(call.team_id, call.call_id);

    expect(await handler(batch(record(requestOf(call), 2, 'message-1')))).toEqual({ batchItemFailures: [] });
    expect(await evaluations.getEvaluation(call.team_id, call.call_id)).toEqual(first);
    expect(evaluator.calls).toBe(1);
  });

  it('stores one evaluation when copies race, and every copy succeeds', async () => {
    const call = await storedCall();
    evaluator.delayMs = 30;
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => evaluateCall(deps(), requestOf(call), new Date())));

    expect(outcomes.filter((o) => o.status === 'evaluated')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'already_evaluated')).toHaveLength(5);
    expect(await evaluationItems(call)).toHaveLength(1);
  });

  it('keeps the first stored evaluation when racing copies judge differently (a language model may)', async () => {
    const call = await storedCall();
    let n = 0;
    const varying: CallEvaluator = {
      identity: { kind: 'language_model', model: 'test-model' },
      async evaluate(request) {
        const mine = n++;
        await new Promise((resolve) => setTimeout(resolve, 10 * mine));
        return request.rubric.criteria.map((c) => ({
          criterion_id: c.id,
          applicable: true,
          score: mine * 10,
          reason: `copy ${mine}`,
          evidence: null,
        }));
      },
    };
    const outcomes = await Promise.all([0, 1, 2].map(() => evaluateCall(deps({ evaluator: varying }), requestOf(call), new Date())));
    const winner = outcomes.find((o) => o.status === 'evaluated');
    expect(winner).toEqual({ status: 'evaluated', score: 0, passed: false });
    expect((await evaluations.getEvaluation(call.team_id, call.call_id))?.criteria[0]?.reason).toBe('copy 0');
  });

  it('evaluates again and stores once when a worker stopped between evaluating and storing', async () => {
    const call = await storedCall();
    const dying = deps({
      evaluations: {
        getEvaluation: (t, c) => evaluations.getEvaluation(t, c),
        putEvaluationOnce: () => Promise.reject(new Error('the function timed out')),
      },
    });
    await expect(evaluateCall(dying, requestOf(call), new Date())).rejects.toThrow('timed out');
    expect(await evaluations.getEvaluation(call.team_id, call.call_id)).toBeNull();

    // SQS hands the message out again after its visibility timeout.
    expect(await handler(batch(record(requestOf(call), 2)))).toEqual({ batchItemFailures: [] });
    expect(evaluator.calls).toBe(2);
    expect(await evaluationItems(call)).toHaveLength(1);
  });

  it('makes coach_evaluation.completed due once, with the stored evaluation, whatever copies and redeliveries follow', async () => {
    const call = await storedCall();
    const mine = () => dueEvents((e) => e.type === 'coach_evaluation.completed' && e.detail.call_id === call.call_id);
    evaluator.delayMs = 20;
    await Promise.all([1, 2].map((n) => handler(batch(record(requestOf(call), n, `copy-${n}`)))));
    expect(await handler(batch(record(requestOf(call), 3)))).toEqual({ batchItemFailures: [] });

    const events = await mine();
    expect(events.map((e) => e.type)).toEqual(['coach_evaluation.completed']);
    const stored = await evaluations.getEvaluation(call.team_id, call.call_id);
    expect(events[0]?.detail).toMatchObject({ team_id: call.team_id, score: stored?.score, passed: stored?.passed });
    const validate = new Ajv2020({ validateFormats: false }).compile(eventSchema('coach_evaluation.completed'));
    expect(validate(events[0]?.detail) ? null : validate.errors).toBeNull();
  });

  it('reports only the poison messages of a batch as failed, and evaluates the others', async () => {
    const good = await storedCall();
    const unknownCall = { team_id: 1, call_id: randomUUID(), started_at: '2026-11-24T14:58:00.000Z' };
    const poison = [
      record('not json', 1, 'poison-text'),
      record({ team_id: 'seven', call_id: 'x', started_at: 'yesterday' }, 1, 'poison-shape'),
      record(unknownCall, 1, 'poison-unknown-call'),
    ];
    const response = await handler(batch(poison[0] as SQSRecord, record(requestOf(good), 1, 'good'), ...poison.slice(1)));

    expect(response.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['poison-shape', 'poison-text', 'poison-unknown-call']);
    expect(await evaluations.getEvaluation(good.team_id, good.call_id)).not.toBeNull();
  });

  it('moves poison messages to the dead-letter queue after maxReceiveCount receives, through partial batch failures', async () => {
    const good = await storedCall();
    const queue = new LocalQueue({
      name: 'coach-evaluations',
      batchSize: 3,
      maxReceiveCount: 5,
      visibilityTimeoutSeconds: 0.02,
      consumer: async () => handler,
    });
    await queue.send([{ body: { nonsense: true } }, { body: requestOf(good) }, { body: { ...requestOf(good), call_id: randomUUID() } }]);
    await queue.drained();
    await queue.stop();

    expect(queue.deadLetters.map((m) => ({ body: JSON.parse(m.body) as unknown, receives: m.receiveCount }))).toEqual([
      { body: { nonsense: true }, receives: 5 },
      { body: { ...requestOf(good), call_id: expect.any(String) }, receives: 5 },
    ]);
    expect(await evaluationItems(good)).toHaveLength(1);
    expect(evaluator.calls).toBe(1);
  });

  it('stores nothing for a call without a transcript', async () => {
    const call = await storedCall('   ');
    expect(await evaluateCall(deps(), requestOf(call), new Date())).toEqual({ status: 'not_evaluable' });
    expect(evaluator.calls).toBe(0);
  });
});

async function evaluationItems(call: CallRecord): Promise<unknown[]> {
  const page = await evaluations.listEvaluations({ teamId: call.team_id, offset: 0, limit: 100 });
  return page.filter((e) => e.call_id === call.call_id);
}

describe('the voice webhook queues the evaluation', () => {
  const NOW = new Date('2026-11-24T15:00:00.000Z');

  function setup() {
    const id = nextTeam++;
    const coachQueue = new RecordingQueue();
    const processDeps: ProcessReportDependencies = {
      calls,
      intake: {
        getStlCallIdByProviderCall: async () => null,
        getLeadByStlCallId: async () => null,
      } as unknown as ProcessReportDependencies['intake'],
      responder: new RuleBasedResponder(),
      outreachQueue: new RecordingQueue(),
      scheduler: new RecordingScheduler(),
      coachQueue,
      evaluations,
      manageLinks: manageLinks(async () => 'coach-test-secret'),
    };
    return { team: team({ id, enterpriseId: id, timezone: 'America/New_York' }), coachQueue, processDeps };
  }

  const report = (id: string, transcript: string) =>
    normalizeReport(
      endOfCallReportSchema().parse({
        message: {
          type: 'end-of-call-report',
          call: { id, type: 'inboundPhoneCall', customer: { number: '+13125550147' } },
          transcript,
          analysis: { bookingIntent: false, sentiment: 'neutral', urgency: 'standard' },
          startedAt: '2026-11-24T14:58:00.000Z',
          endedAt: '2026-11-24T15:00:00.000Z',
        },
      }),
    );

  it('queues the call’s key once the report is stored, and nothing for a call without a transcript', async () => {
    const { team: t, coachQueue, processDeps } = setup();
    const result = await processCallReport(processDeps, { team: t, call: report('with-words', TRANSCRIPT), now: NOW });
    await processCallReport(processDeps, { team: t, call: report('silent', ''), now: NOW });

    expect(coachQueue.sent.map((m) => m.body)).toEqual([
      { team_id: t.id, call_id: result.call_id, started_at: '2026-11-24T14:58:00.000Z' },
    ]);
  });

  it('heals a stop between saving the report and queueing: the provider’s retry queues it, once an evaluation is stored it does not', async () => {
    const { team: t, coachQueue, processDeps } = setup();
    coachQueue.failure = new Error('SQS unavailable');
    await expect(processCallReport(processDeps, { team: t, call: report('queue-down', TRANSCRIPT), now: NOW })).rejects.toThrow(
      'SQS unavailable',
    );
    coachQueue.failure = null;

    const retry = await processCallReport(processDeps, { team: t, call: report('queue-down', TRANSCRIPT), now: NOW });
    expect(retry.created).toBe(false);
    const request = { team_id: t.id, call_id: retry.call_id, started_at: '2026-11-24T14:58:00.000Z' };
    expect(coachQueue.sent.map((m) => m.body)).toEqual([request]);

    // The worker stores the evaluation; later redeliveries of the report queue nothing more.
    expect(await handler(batch(record(request)))).toEqual({ batchItemFailures: [] });
    await processCallReport(processDeps, { team: t, call: report('queue-down', TRANSCRIPT), now: NOW });
    expect(coachQueue.sent).toHaveLength(1);
  });
});

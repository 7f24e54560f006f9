import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRubricStore } from '#shared/adapters/dynamodb/coach-rubric-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DEFAULT_RUBRIC, rubricInputSchema, teamRubric } from '#shared/domain/coach/rubric';
import type { Team } from '#shared/domain/tenancy';
import { findRoute } from '#shared/routes';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

/**
 * The coach end to end, through the local gateway: a voice report posted to the webhook is
 * evaluated by the coach worker (the local queue, the rule-based evaluator) exactly once, and the
 * three read routes answer it: the list with its filters, one evaluation (another team's call is a
 * 404), and the rubrics, which a static path segment routes before the {callId} sibling.
 */
process.env.LOG_LEVEL = 'silent';

type Json = Record<string, unknown>;

let service: LocalService;
let fixture: TenancyFixture;
let writer: string;
let reader: string;

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false });
  fixture = await createTenancyFixture();
  writer = await fixture.createKey('enterprise_all_teams', ['write:calls']);
  reader = await fixture.createKey('enterprise_all_teams', ['read:coach']);
}, 60_000);
afterAll(() => service.stop());

const GOOD_CALL = [
  'AI: Thanks for calling Summit Plumbing, this is Ava. How can I help you today?',
  'User: Hi, this is Dana Whitfield. Our water heater is leaking in the basement.',
  "AI: I'm sorry to hear that, Dana. Can you tell me a little more about what's going on?",
  'User: It started this morning. We live at 42 Maple Street.',
  'AI: What is the best number to reach you at?',
  'User: 312 555 0147.',
  'AI: I can get a technician out tomorrow at 10 AM. Does that work?',
  'User: Yes, that works.',
  "AI: You're all set for tomorrow at 10 AM. You'll get a text confirmation shortly.",
].join('\n');

const POOR_CALL = ['AI: Yes?', 'User: My furnace is broken and I am upset nobody called back.', 'AI: Okay.'].join('\n');

async function postReport(
  team: Team,
  providerCallId: string,
  transcript: string,
  startedAt: string,
): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${service.url}/v1/responder/webhook`, {
    method: 'POST',
    headers: { authorization: `Bearer ${writer}`, 'x-workspace-id': team.workspaceId, 'content-type': 'application/json' },
    body: JSON.stringify({
      message: {
        type: 'end-of-call-report',
        call: { id: providerCallId, customer: { number: '+13125550147', name: 'Dana Whitfield' }, type: 'inboundPhoneCall' },
        transcript,
        analysis: { sentiment: 'neutral', bookingIntent: false, urgency: 'standard' },
        startedAt,
        endedAt: new Date(Date.parse(startedAt) + 120_000).toISOString(),
      },
    }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function get(path: string, teamId: number, key = reader): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${key}`, 'x-team-id': String(teamId) } });
  return { status: response.status, body: (await response.json()) as Json };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const callIdOf = (answer: { body: Json }) => (answer.body.data as { callId: string }).callId;

describe('coach evaluations end to end', () => {
  let good: string;
  let poor: string;

  beforeAll(async () => {
    const { own } = fixture.teams;
    const first = await postReport(own, 'coach-good', GOOD_CALL, minutesAgo(30));
    expect(first.status).toBe(201);
    good = callIdOf(first);
    poor = callIdOf(await postReport(own, 'coach-poor', POOR_CALL, minutesAgo(20)));
    // A call without words is not evaluated.
    await postReport(own, 'coach-silent', '', minutesAgo(10));
    // The provider retries the first report: the redelivered path finds the evaluation queued or stored.
    expect((await postReport(own, 'coach-good', GOOD_CALL, minutesAgo(30))).status).toBe(200);
    await service.settle();
  });

  it('evaluates each call with a transcript once, newest call first, with evidence quoted from the transcript', async () => {
    const list = await get('/api/coach', fixture.teams.own.id);
    expect(list.status).toBe(200);
    const data = list.body.data as Json[];
    expect(data.map((e) => e.call_id)).toEqual([poor, good]);
    expect(list.body.pagination).toEqual({ limit: 100, offset: 0, has_more: false });

    const [poorEvaluation, goodEvaluation] = data as [Json, Json];
    expect(goodEvaluation).toMatchObject({
      rubric_id: 'home-services',
      rubric_version: 1,
      pass_threshold: DEFAULT_RUBRIC.pass_threshold,
      passed: true,
      evaluator: { kind: 'rule_based', model: null },
    });
    expect(poorEvaluation).toMatchObject({ passed: false });
    expect(goodEvaluation.score as number).toBeGreaterThan(poorEvaluation.score as number);
    for (const criterion of [...(goodEvaluation.criteria as Json[]), ...(poorEvaluation.criteria as Json[])]) {
      if (criterion.evidence !== null)
        expect(GOOD_CALL.includes(String(criterion.evidence)) || POOR_CALL.includes(String(criterion.evidence))).toBe(true);
      else expect(String(criterion.reason).length).toBeGreaterThan(0);
    }
    expect(service.queue('coach-evaluations').deadLetters).toEqual([]);
  });

  it('publishes one coach_evaluation.completed and one call.processed per evaluated call, a redelivered report included', async () => {
    const published = (type: string, callId: string) =>
      service.eventBus.published.filter((e) => e['detail-type'] === type && e.detail.call_id === callId);
    for (const callId of [good, poor]) {
      expect(published('coach_evaluation.completed', callId)).toHaveLength(1);
      expect(published('call.processed', callId)).toHaveLength(1);
    }
    expect(published('coach_evaluation.completed', good)[0]?.detail).toMatchObject({ team_id: fixture.teams.own.id, passed: true });
  });

  it('filters by score range and rubric, and by the calls’ date range', async () => {
    const { own } = fixture.teams;
    const ids = async (query: string) => ((await get(`/api/coach?${query}`, own.id)).body.data as Json[]).map((e) => e.call_id);
    const [poorScore, goodScore] = ((await get('/api/coach', own.id)).body.data as Json[]).map((e) => e.score as number) as [
      number,
      number,
    ];

    expect(await ids(`min_score=${goodScore}`)).toEqual([good]);
    expect(await ids(`max_score=${poorScore}`)).toEqual([poor]);
    expect(await ids(`min_score=${poorScore}&max_score=${goodScore}`)).toEqual([poor, good]);
    expect(await ids(`min_score=${poorScore}&max_score=${goodScore}&limit=1&offset=1`)).toEqual([good]);
    expect(await ids('rubric_id=home-services&limit=1')).toEqual([poor]);
    expect(await ids('rubric_id=another-rubric')).toEqual([]);
    expect(await ids(`start_date=${minutesAgo(25)}`)).toEqual([poor]);
    expect(await ids(`end_date=${minutesAgo(25)}`)).toEqual([good]);
  });

  it('answers one evaluation by call id, and 404 for an unknown call or one of another team', async () => {
    const { own, sibling } = fixture.teams;
    const one = await get(`/api/coach/${good}`, own.id);
    expect(one.status).toBe(200);
    expect((one.body.data as Json).call_id).toBe(good);

    expect((await get(`/api/coach/${good}`, sibling.id)).status).toBe(404);
    expect((await get('/api/coach/7f1d6a8e-0000-4000-8000-000000000000', own.id)).body).toMatchObject({ error: 'not_found' });
    expect((await get('/api/coach/not-a-call', own.id)).body).toMatchObject({ error: 'invalid_request', field: 'callId' });
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const { own } = fixture.teams;
    expect((await get('/api/coach?min_score=101', own.id)).body).toMatchObject({ error: 'invalid_request', field: 'min_score' });
    expect((await get('/api/coach?max_score=-1', own.id)).body).toMatchObject({ error: 'invalid_request', field: 'max_score' });
    expect((await get('/api/coach?min_score=60&max_score=50', own.id)).body).toMatchObject({ field: 'min_score' });
    expect((await get('/api/coach?rubric_id=Not%20Valid', own.id)).body).toMatchObject({ field: 'rubric_id' });
    expect((await get('/api/coach?min_score=5.5', own.id)).body).toMatchObject({ field: 'min_score' });
  });

  it('routes /api/coach/rubrics to the rubrics, not to /api/coach/{callId}', async () => {
    expect(findRoute(null, 'GET', '/api/coach/rubrics')?.route.id).toBe('listCoachRubrics');
    expect(findRoute(null, 'GET', `/api/coach/${good}`)?.route.id).toBe('getCoachEvaluation');

    const rubrics = await get('/api/coach/rubrics', fixture.teams.sibling.id);
    expect(rubrics.status).toBe(200);
    expect(rubrics.body).toEqual({
      data: [{ ...DEFAULT_RUBRIC, revision: 0, in_force_from: null, current: true }],
      pagination: { limit: 100, offset: 0, has_more: false },
    });
  });

  it("lists a team's rubric history newest first, and evaluates new calls with the rubric in force", async () => {
    const { foreign } = fixture.teams;
    const portfolioReader = await fixture.createKey('portfolio_all_teams', ['read:coach']);
    const portfolioWriter = await fixture.createKey('portfolio_all_teams', ['write:calls']);
    const input = rubricInputSchema.parse({
      rubric_id: 'strict',
      name: 'Strict',
      pass_threshold: 95,
      criteria: [{ id: 'offered_booking', title: 'Offered a booking', description: 'Offers a visit', weight: 1 }],
    });
    const rubrics = new DynamoRubricStore(getDocumentClient(), physicalTableName('teams'));
    await rubrics.saveRevision(foreign.id, {
      revision: 1,
      rubric: teamRubric(input, 'strict', 1),
      in_force_from: new Date().toISOString(),
    });

    const listed = await get('/api/coach/rubrics', foreign.id, portfolioReader);
    expect((listed.body.data as Json[]).map((r) => [r.rubric_id, r.version, r.revision, r.current])).toEqual([
      ['strict', 1, 1, true],
      ['home-services', 1, 0, false],
    ]);
    expect(
      ((await get('/api/coach/rubrics?limit=1&offset=1', foreign.id, portfolioReader)).body.data as Json[]).map((r) => r.revision),
    ).toEqual([0]);

    writer = portfolioWriter;
    const posted = await postReport(foreign, 'coach-strict', GOOD_CALL, minutesAgo(5));
    await service.settle();
    const evaluation = (await get(`/api/coach/${callIdOf(posted)}`, foreign.id, portfolioReader)).body.data as Json;
    expect(evaluation).toMatchObject({ rubric_id: 'strict', rubric_version: 1, pass_threshold: 95, score: 100, passed: true });
    expect((evaluation.criteria as Json[]).map((c) => c.criterion_id)).toEqual(['offered_booking']);
  });
});

import fc from 'fast-check';
import { type CriterionJudgment, InvalidJudgmentsError, scoreEvaluation } from '#shared/domain/coach/evaluation';
import { evaluationRequestSchema } from '#shared/domain/coach/evaluation-request';
import { DEFAULT_RUBRIC, type Rubric, type RubricRevision, rubricInputSchema, toRubricInput } from '#shared/domain/coach/rubric';
import { DEFAULT_REVISION, listRubricRevisions, nextRevision, resetRevision } from '#shared/domain/coach/rubric-history';
import { judgeByRules } from '#shared/domain/coach/rule-evaluator';
import { locateQuote, parseTranscript } from '#shared/domain/coach/transcript';
import type { RubricStore } from '#shared/ports/coach-store';
import { generateCalls } from '../../../../local/demo/calls';
import { demoEvaluations, demoRubricRevision } from '../../../../local/demo/coach';

const CALL = { call_id: 'call-1', team_id: 7, started_at: '2026-11-24T15:00:00.000Z' };
const NOW = new Date('2026-11-24T15:05:00.000Z');

const GOOD = [
  'AI: Thanks for calling Summit Plumbing, this is Ava. How can I help you today?',
  'User: Hi, this is Dana Whitfield. Our basement is flooding, it is an emergency!',
  "AI: I'm so sorry, Dana. Can you tell me a little more about what's going on?",
  'User: A pipe burst an hour ago. We live at 42 Maple Street.',
  'AI: What is the best number to reach you at?',
  'User: 312-555-0147.',
  'AI: I am marking this as priority and can get a technician out today at 2 PM. Does that work?',
  'User: Yes, please.',
  "AI: You're all set for today at 2 PM.",
].join('\n');

const judge = (transcript: string, rubric: Rubric = DEFAULT_RUBRIC) => judgeByRules({ rubric, transcript, call: { direction: 'inbound' } });
const byId = (judgments: readonly CriterionJudgment[]) => new Map(judgments.map((j) => [j.criterion_id, j]));

describe('parseTranscript', () => {
  it('reads labelled lines and labels that follow a sentence on the same line', () => {
    const text = 'AI: How can I help? Customer: The basement is flooding.\nUser: Please hurry.';
    expect(parseTranscript(text).map((t) => [t.speaker, t.text])).toEqual([
      ['agent', 'How can I help?'],
      ['customer', 'The basement is flooding.'],
      ['customer', 'Please hurry.'],
    ]);
  });

  it('keeps an unlabelled transcript as one turn of an unknown speaker', () => {
    expect(parseTranscript('  hello there  ').map((t) => [t.speaker, t.text])).toEqual([['unknown', 'hello there']]);
  });

  const utterance = fc.stringMatching(/^[A-Za-z][A-Za-z ,']{0,40}[a-z][.?!]$/);
  it('gives back the turns a transcript was written from, each an exact slice of it (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('AI', 'User', 'Customer', 'Assistant'), utterance), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        (turns, oneLine) => {
          const text = turns.map(([label, words]) => `${label}: ${words}`).join(oneLine ? ' ' : '\n');
          const parsed = parseTranscript(text);
          expect(parsed.map((t) => t.text)).toEqual(turns.map(([, words]) => words.trim()));
          expect(parsed.map((t) => t.speaker)).toEqual(
            turns.map(([label]) => (label === 'AI' || label === 'Assistant' ? 'agent' : 'customer')),
          );
          for (const t of parsed) expect(text.slice(t.start, t.end)).toBe(t.text);
        },
      ),
    );
  });
});

describe('locateQuote', () => {
  it('finds a quote verbatim, or the slice it stands for with spacing or case changed, or nothing', () => {
    const text = 'AI: You are booked\nfor Tuesday at 10 AM.';
    expect(locateQuote(text, 'booked\nfor Tuesday')).toBe('booked\nfor Tuesday');
    expect(locateQuote(text, 'BOOKED for   tuesday at 10 AM.')).toBe('booked\nfor Tuesday at 10 AM.');
    expect(locateQuote(text, 'booked for Wednesday')).toBeNull();
    expect(locateQuote(text, '   ')).toBeNull();
  });

  it('always answers a slice of the transcript (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 40 }), (text, quote) => {
        const found = locateQuote(text, quote);
        if (found !== null) expect(text.includes(found)).toBe(true);
      }),
    );
  });
});

describe('the rule-based evaluator', () => {
  it('passes every criterion of the default rubric on a call that does everything, quoting each', () => {
    const judgments = byId(judge(GOOD));
    for (const criterion of DEFAULT_RUBRIC.criteria)
      expect({ id: criterion.id, score: judgments.get(criterion.id)?.score }).toEqual({ id: criterion.id, score: 100 });
    expect(judgments.get('handled_with_care')?.evidence).toBe('I am marking this as priority and can get a technician out today at 2 PM.');
    expect(judgments.get('captured_address')?.evidence).toBe('We live at 42 Maple Street.');
  });

  it('fails what a poor call misses, with null evidence and a reason, and leaves out what does not apply', () => {
    const judgments = byId(judge('AI: Yes?\nUser: What are your hours?\nAI: Nine to five.'));
    expect(judgments.get('greeting')).toEqual({
      criterion_id: 'greeting',
      applicable: true,
      score: 0,
      reason: "The agent's first turn has no greeting",
      evidence: null,
    });
    expect(judgments.get('offered_booking')).toMatchObject({ applicable: true, score: 0, evidence: null });
    expect(judgments.get('confirmed_time')).toMatchObject({ applicable: false });
    expect(judgments.get('handled_with_care')).toMatchObject({ applicable: false });
  });

  it('credits an outbound call for the name and request it already knows', () => {
    const judgments = byId(
      judge(
        'AI: Hi Lee, this is the scheduling assistant calling about your request for drain cleaning. Is now a good time?\nCustomer: Yes, thanks for calling back so fast.',
      ),
    );
    expect(judgments.get('captured_name')).toMatchObject({
      score: 100,
      evidence: 'Hi Lee, this is the scheduling assistant calling about your request for drain cleaning.',
    });
    expect(judgments.get('identified_need')).toMatchObject({ score: 50 });
  });

  it('quotes the unanswered complaint when the agent ignores it', () => {
    const judgment = byId(judge('AI: Hello, this is Ava.\nUser: This is unacceptable, nobody came yesterday.\nAI: Okay.')).get(
      'handled_with_care',
    );
    expect(judgment).toMatchObject({ applicable: true, score: 0, evidence: 'This is unacceptable, nobody came yesterday.' });
  });

  it("judges a team's own criteria by their keywords, and leaves one it has no rule for as not applicable", () => {
    const rubric: Rubric = {
      ...DEFAULT_RUBRIC,
      criteria: [
        { id: 'membership', title: 'Membership', description: 'Offers the plan', weight: 5, keywords: ['maintenance plan'] },
        { id: 'constructor', title: 'Odd id', description: 'No rule', weight: 5 },
      ],
    };
    const judgments = byId(judge('AI: Would you like our Maintenance  Plan as well?', rubric));
    expect(judgments.get('membership')).toMatchObject({ score: 100, evidence: 'Would you like our Maintenance  Plan as well?' });
    expect(judgments.get('constructor')).toMatchObject({ applicable: false });
  });

  const line = fc.tuple(fc.constantFrom('AI', 'User', 'Caller', ''), fc.string({ maxLength: 80 }));
  it('judges every criterion once, scores within 0-100, and quotes only the transcript, whatever it is given (property)', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 15 }), (lines) => {
        const text = lines.map(([label, words]) => (label ? `${label}: ${words}` : words)).join('\n');
        const judgments = judge(text);
        expect(judgments.map((j) => j.criterion_id)).toEqual(DEFAULT_RUBRIC.criteria.map((c) => c.id));
        for (const j of judgments) {
          expect(j.score).toBeGreaterThanOrEqual(0);
          expect(j.score).toBeLessThanOrEqual(100);
          if (j.evidence !== null) expect(text.includes(j.evidence)).toBe(true);
        }
        expect(judge(text)).toEqual(judgments);
      }),
    );
  });
});

describe('scoreEvaluation', () => {
  const rubric: Rubric = {
    ...DEFAULT_RUBRIC,
    pass_threshold: 60,
    criteria: [
      { id: 'a', title: 'A', description: 'a', weight: 3 },
      { id: 'b', title: 'B', description: 'b', weight: 1 },
      { id: 'c', title: 'C', description: 'c', weight: 4 },
    ],
  };
  const judgment = (id: string, score: number, applicable = true, evidence: string | null = null): CriterionJudgment => ({
    criterion_id: id,
    applicable,
    score,
    reason: `${id} reason`,
    evidence,
  });
  const score = (judgments: CriterionJudgment[], transcript = 'AI: hello there.') =>
    scoreEvaluation({ rubric, transcript, judgments, evaluator: { kind: 'rule_based', model: null }, call: CALL, evaluatedAt: NOW });

  it('weights the applicable criteria only, rounds the total, and passes at the threshold', () => {
    const evaluation = score([judgment('a', 100), judgment('b', 0), judgment('c', 0, false)]);
    expect(evaluation).toMatchObject({ score: 75, passed: true, pass_threshold: 60, rubric_id: 'home-services', rubric_version: 1 });
    expect(evaluation.criteria.map((c) => [c.criterion_id, c.score, c.passed])).toEqual([
      ['a', 100, true],
      ['b', 0, false],
      ['c', null, null],
    ]);
    expect(score([judgment('a', 60), judgment('b', 60), judgment('c', 60)])).toMatchObject({ score: 60, passed: true });
    expect(score([judgment('a', 59), judgment('b', 60), judgment('c', 60)])).toMatchObject({ score: 60, passed: true });
    expect(score([judgment('a', 50), judgment('b', 58), judgment('c', 60)])).toMatchObject({ score: 56, passed: false });
    expect(score([judgment('a', 0, false), judgment('b', 0, false), judgment('c', 0, false)])).toMatchObject({ score: 0, passed: false });
  });

  it('keeps evidence found in the transcript and drops the rest, saying so', () => {
    const evaluation = score([judgment('a', 100, true, 'hello there'), judgment('b', 100, true, 'goodbye'), judgment('c', 100)]);
    expect(evaluation.criteria[0]?.evidence).toBe('hello there');
    expect(evaluation.criteria[1]).toMatchObject({
      evidence: null,
      reason: 'b reason (the quoted evidence is not in the transcript and was dropped)',
    });
  });

  it('refuses judgments that miss a criterion, repeat one or name one the rubric does not have', () => {
    expect(() => score([judgment('a', 1), judgment('b', 1)])).toThrow(InvalidJudgmentsError);
    expect(() => score([judgment('a', 1), judgment('a', 1), judgment('b', 1), judgment('c', 1)])).toThrow('twice');
    expect(() => score([judgment('a', 1), judgment('b', 1), judgment('c', 1), judgment('d', 1)])).toThrow('does not have');
  });
});

describe('rubric validation', () => {
  it('takes the default rubric back as valid input', () => {
    expect(rubricInputSchema.parse(toRubricInput(DEFAULT_RUBRIC))).toEqual(toRubricInput(DEFAULT_RUBRIC));
  });

  it('weights the default rubric to 100 with unique criterion ids', () => {
    expect(DEFAULT_RUBRIC.criteria.reduce((sum, c) => sum + c.weight, 0)).toBe(100);
    expect(new Set(DEFAULT_RUBRIC.criteria.map((c) => c.id)).size).toBe(DEFAULT_RUBRIC.criteria.length);
  });

  it('takes queue messages of the right shape only', () => {
    expect(evaluationRequestSchema.safeParse({ team_id: 1, call_id: 'c', started_at: '2026-11-24T15:00:00.000Z' }).success).toBe(true);
    expect(evaluationRequestSchema.safeParse({ team_id: 1, call_id: 'c', started_at: 'yesterday' }).success).toBe(false);
    expect(
      evaluationRequestSchema.safeParse({ team_id: 1, call_id: 'c', started_at: '2026-11-24T15:00:00.000Z', transcript: 'x' }).success,
    ).toBe(false);
  });
});

describe('rubric history', () => {
  const input = (over: Record<string, unknown> = {}) => rubricInputSchema.parse({ ...toRubricInput(DEFAULT_RUBRIC), ...over });

  it('versions each rubric id within the team, and the built-in default counts as home-services version 1', () => {
    const first = nextRevision([], DEFAULT_REVISION, input({ pass_threshold: 80 }), NOW);
    expect(first).toMatchObject({
      revision: 1,
      rubric: { rubric_id: 'home-services', version: 2, source: 'team' },
      in_force_from: NOW.toISOString(),
    });
    const history = [first as RubricRevision];
    const second = nextRevision(history, first as RubricRevision, input({ rubric_id: 'mine' }), NOW);
    expect(second?.rubric).toMatchObject({ rubric_id: 'mine', version: 1 });
    const third = nextRevision(
      [...history, second as RubricRevision],
      second as RubricRevision,
      input({ rubric_id: 'home-services', pass_threshold: 50 }),
      NOW,
    );
    expect(third).toMatchObject({ revision: 3, rubric: { rubric_id: 'home-services', version: 3 } });
  });

  it('makes no revision for the rubric already in force, and none for a reset of the default', () => {
    expect(nextRevision([], DEFAULT_REVISION, input(), NOW)).toBeNull();
    expect(resetRevision(DEFAULT_REVISION, NOW)).toBeNull();
    const custom = nextRevision([], DEFAULT_REVISION, input({ rubric_id: 'mine' }), NOW) as RubricRevision;
    expect(resetRevision(custom, NOW)).toEqual({ revision: 2, rubric: DEFAULT_RUBRIC, in_force_from: NOW.toISOString() });
  });

  it('pages through the history newest first, the built-in default last, every revision once (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 5 }), async (stored, limit) => {
        const revisions: RubricRevision[] = Array.from({ length: stored }, (_, i) => ({
          revision: i + 1,
          rubric: { ...DEFAULT_RUBRIC, rubric_id: `r${i + 1}`, source: 'team' },
          in_force_from: new Date(NOW.getTime() + i).toISOString(),
        }));
        const store: Pick<RubricStore, 'getCurrentRevision' | 'listRevisions'> = {
          getCurrentRevision: async () => revisions.at(-1) ?? null,
          listRevisions: async (_team, offset, pageLimit) => [...revisions].reverse().slice(offset, offset + pageLimit + 1),
        };
        const seen: number[] = [];
        for (let offset = 0; ; offset += limit) {
          const { revisions: page, current } = await listRubricRevisions(store, 1, offset, limit);
          expect(current.revision).toBe(stored);
          seen.push(...page.slice(0, limit).map((r) => r.revision));
          if (page.length <= limit) break;
        }
        expect(seen).toEqual([...Array.from({ length: stored }, (_, i) => stored - i), 0]);
        expect((await listRubricRevisions(store, 1, stored + 1, limit)).revisions).toEqual([]);
      }),
    );
  });
});

describe('the coach demo data', () => {
  const now = new Date('2026-03-15T16:00:00.000Z');
  const calls = generateCalls({
    teamId: 4,
    timezone: 'America/Los_Angeles',
    count: 40,
    days: 60,
    seed: 11,
    now,
    trade: 'hvac',
    businessName: 'Bayside Heating & Air',
  });

  it('evaluates every seeded call with the rule-based evaluator, against the rubric in force when it ended', () => {
    const revision = demoRubricRevision(now);
    const evaluations = demoEvaluations(calls, [revision]);
    expect(evaluations).toHaveLength(calls.length);
    for (const [i, evaluation] of evaluations.entries()) {
      const call = calls[i] as (typeof calls)[number];
      expect(evaluation.rubric_id).toBe((call.ended_at ?? '') >= (revision.in_force_from ?? '') ? 'bayside-comfort' : 'home-services');
      expect(evaluation.evaluator).toEqual({ kind: 'rule_based', model: null });
      for (const c of evaluation.criteria) if (c.evidence !== null) expect(call.transcript?.includes(c.evidence)).toBe(true);
    }
    expect(new Set(evaluations.map((e) => e.rubric_id))).toEqual(new Set(['home-services', 'bayside-comfort']));
    expect(new Set(evaluations.map((e) => e.passed))).toEqual(new Set([true, false]));
    expect(demoEvaluations(calls, [revision])).toEqual(evaluations);
  });
});

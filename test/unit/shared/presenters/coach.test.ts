import { coachEvaluation, coachRubric } from '#shared/contracts/coach';
import type { CoachEvaluation } from '#shared/domain/coach/evaluation';
import { DEFAULT_RUBRIC, type RubricRevision } from '#shared/domain/coach/rubric';
import { DEFAULT_REVISION } from '#shared/domain/coach/rubric-history';
import { presentCoachEvaluation, presentRubricRevision } from '#shared/presenters/coach';

const EVALUATION: CoachEvaluation = {
  call_id: '1b4e28ba-2fa1-4d2e-8b3c-0c2f3e4a5b6c',
  team_id: 7,
  call_started_at: '2026-11-24T15:00:00.000Z',
  evaluated_at: '2026-11-24T15:05:00.000Z',
  rubric_id: 'home-services',
  rubric_version: 1,
  score: 80,
  pass_threshold: 70,
  passed: true,
  criteria: [
    {
      criterion_id: 'greeting',
      title: 'Greeting',
      weight: 10,
      applicable: true,
      score: 100,
      passed: true,
      reason: 'Named the business',
      evidence: 'Thanks for calling Summit Plumbing',
    },
    {
      criterion_id: 'handled_with_care',
      title: 'Handled urgency or a complaint with care',
      weight: 10,
      applicable: false,
      score: null,
      passed: null,
      reason: 'Nothing urgent',
      evidence: null,
    },
  ],
  evaluator: { kind: 'language_model', model: 'some-model' },
};

const TEAM_REVISION: RubricRevision = {
  revision: 2,
  in_force_from: '2026-11-20T09:00:00.000Z',
  rubric: {
    rubric_id: 'plumbing',
    version: 1,
    name: 'Plumbing calls',
    pass_threshold: 60,
    source: 'team',
    criteria: [{ id: 'greeting', title: 'Greeting', description: 'Says hello', weight: 5, keywords: ['hello'] }],
  },
};

describe('coach presenters', () => {
  it('maps an evaluation with its criteria, nulls kept for criteria that do not apply', () => {
    const data = presentCoachEvaluation(EVALUATION);
    expect(data).toEqual(EVALUATION);
    expect(data.criteria[1]).toMatchObject({ applicable: false, score: null, passed: null, evidence: null });
    expect(() => coachEvaluation().parse(data)).not.toThrow();
  });

  it('leaves out a field the domain object has and the contract does not', () => {
    const withExtra = { ...EVALUATION, transcript: 'AI: hello', evaluator: { ...EVALUATION.evaluator, prompt: 'secret' } };
    const data = presentCoachEvaluation(withExtra);
    expect(data).not.toHaveProperty('transcript');
    expect(data.evaluator).toEqual({ kind: 'language_model', model: 'some-model' });
  });

  it('marks the revision in force as current, and flattens the rubric into it', () => {
    const current = presentRubricRevision(TEAM_REVISION, TEAM_REVISION);
    expect(current).toEqual({
      rubric_id: 'plumbing',
      version: 1,
      name: 'Plumbing calls',
      source: 'team',
      pass_threshold: 60,
      criteria: [{ id: 'greeting', title: 'Greeting', description: 'Says hello', weight: 5, keywords: ['hello'] }],
      revision: 2,
      in_force_from: '2026-11-20T09:00:00.000Z',
      current: true,
    });
    expect(() => coachRubric().parse(current)).not.toThrow();
  });

  it('shows the built-in default as revision 0 with no start and no keywords it lacks', () => {
    const data = presentRubricRevision(DEFAULT_REVISION, TEAM_REVISION);
    expect(data).toMatchObject({
      rubric_id: DEFAULT_RUBRIC.rubric_id,
      revision: 0,
      in_force_from: null,
      current: false,
      source: 'default',
    });
    expect(data.criteria.every((c) => !('keywords' in c))).toBe(true);
    expect(() => coachRubric().parse(data)).not.toThrow();
  });
});

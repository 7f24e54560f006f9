import type * as z from 'zod';
import type { coachEvaluation, coachRubric, criterionResult } from '#shared/contracts/coach';
import type { CoachEvaluation, CriterionResult } from '#shared/domain/coach/evaluation';
import type { Criterion, RubricRevision } from '#shared/domain/coach/rubric';
import { presentBody } from '#shared/presenters/responses';

/**
 * The wire shapes of the coach routes (shared/contracts/coach.ts): evaluations and rubric
 * revisions. Typed by the contract's response schemas, so a field renamed on either side fails to
 * compile here rather than in a response check.
 */
export type CoachEvaluationData = z.output<ReturnType<typeof coachEvaluation>>;
export type CoachRubricData = z.output<ReturnType<typeof coachRubric>>;
type CriterionResultData = z.output<ReturnType<typeof criterionResult>>;
type RubricCriterionData = CoachRubricData['criteria'][number];

/** A call's evaluation (list and get answers). */
export function presentCoachEvaluation(e: CoachEvaluation): CoachEvaluationData {
  return {
    call_id: e.call_id,
    team_id: e.team_id,
    call_started_at: e.call_started_at,
    evaluated_at: e.evaluated_at,
    rubric_id: e.rubric_id,
    rubric_version: e.rubric_version,
    score: e.score,
    pass_threshold: e.pass_threshold,
    passed: e.passed,
    criteria: e.criteria.map(presentCriterionResult),
    evaluator: { kind: e.evaluator.kind, model: e.evaluator.model },
  };
}

function presentCriterionResult(c: CriterionResult): CriterionResultData {
  return {
    criterion_id: c.criterion_id,
    title: c.title,
    weight: c.weight,
    applicable: c.applicable,
    score: c.score,
    passed: c.passed,
    reason: c.reason,
    evidence: c.evidence,
  };
}

/** One revision of a team's rubric, marked current when it is the one in force. */
export function presentRubricRevision(r: RubricRevision, current: RubricRevision): CoachRubricData {
  return {
    rubric_id: r.rubric.rubric_id,
    version: r.rubric.version,
    name: r.rubric.name,
    source: r.rubric.source,
    pass_threshold: r.rubric.pass_threshold,
    criteria: r.rubric.criteria.map(presentRubricCriterion),
    revision: r.revision,
    in_force_from: r.in_force_from,
    current: r.revision === current.revision,
  };
}

function presentRubricCriterion(c: Criterion): RubricCriterionData {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    weight: c.weight,
    ...(c.keywords === undefined ? {} : { keywords: [...c.keywords] }),
  };
}

/** GET /api/coach/{callId}. */
export function presentCoachEvaluationResponse(e: CoachEvaluation) {
  return presentBody(presentCoachEvaluation(e));
}

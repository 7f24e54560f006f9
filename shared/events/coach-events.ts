import type { CoachEvaluation } from '#shared/domain/coach/evaluation';
import type { DomainEvent } from '#shared/ports/event-bus';
import { eventIdFor } from './lead-events';

/**
 * coach_evaluation.completed: a call's coach evaluation was stored (JSON Schema in ./schemas). Due
 * in the outbox in the write that stores the evaluation, published at least once, always with the
 * same event_id: deduplicate on it.
 */
export function coachEvaluationCompleted(evaluation: CoachEvaluation): DomainEvent {
  const type = 'coach_evaluation.completed';
  return {
    type,
    detail: {
      event: type,
      event_id: eventIdFor(type, `${evaluation.team_id}:${evaluation.call_id}`),
      occurred_at: evaluation.evaluated_at,
      team_id: evaluation.team_id,
      call_id: evaluation.call_id,
      call_started_at: evaluation.call_started_at,
      rubric_id: evaluation.rubric_id,
      rubric_version: evaluation.rubric_version,
      score: evaluation.score,
      pass_threshold: evaluation.pass_threshold,
      passed: evaluation.passed,
    },
  };
}

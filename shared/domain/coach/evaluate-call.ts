import type { CallRecord } from '#shared/domain/calls';
import { PoisonMessageError } from '#shared/errors';
import { coachEvaluationCompleted } from '#shared/events/coach-events';
import type { CallEvaluator } from '#shared/ports/call-evaluator';
import type { EvaluationStore, RubricStore } from '#shared/ports/coach-store';
import { scoreEvaluation } from './evaluation';
import { type EvaluationRequest, isEvaluable } from './evaluation-request';
import { currentRubricRevision } from './rubric-history';

export interface EvaluateCallDependencies {
  readonly calls: { getCallAt(teamId: number, startedAt: string, callId: string): Promise<CallRecord | null> };
  readonly evaluations: Pick<EvaluationStore, 'getEvaluation' | 'putEvaluationOnce'>;
  readonly rubrics: Pick<RubricStore, 'getCurrentRevision'>;
  readonly evaluator: CallEvaluator;
}

export type EvaluateCallOutcome =
  /** This delivery stored the evaluation. */
  | { readonly status: 'evaluated'; readonly score: number; readonly passed: boolean }
  /** An earlier or a racing copy stored it; nothing was written. */
  | { readonly status: 'already_evaluated' }
  /** The call has no transcript: nothing to evaluate. */
  | { readonly status: 'not_evaluable' };

/**
 * Evaluates one call against its team's current rubric and stores the evaluation exactly once.
 * A redelivery finds the stored evaluation and stops before calling the evaluator; a copy racing
 * another (or one whose worker stopped between evaluating and storing) evaluates again, and the
 * conditional write keyed by the call keeps the first evaluation stored. coach_evaluation.completed
 * is due in the outbox in that same write, so a stored evaluation always has its event, once.
 */
export async function evaluateCall(deps: EvaluateCallDependencies, request: EvaluationRequest, now: Date): Promise<EvaluateCallOutcome> {
  const stored = await deps.evaluations.getEvaluation(request.team_id, request.call_id);
  if (stored) return { status: 'already_evaluated' };
  const call = await deps.calls.getCallAt(request.team_id, request.started_at, request.call_id);
  if (!call) throw new PoisonMessageError(`call ${request.call_id} of team ${request.team_id} does not exist`);
  if (!isEvaluable(call)) return { status: 'not_evaluable' };
  const transcript = call.transcript ?? '';
  const { rubric } = await currentRubricRevision(deps.rubrics, request.team_id);
  const judgments = await deps.evaluator.evaluate({ rubric, transcript, call: { direction: call.direction } });
  const evaluation = scoreEvaluation({
    rubric,
    transcript,
    judgments,
    evaluator: deps.evaluator.identity,
    call: { call_id: call.call_id, team_id: call.team_id, started_at: call.started_at },
    evaluatedAt: now,
  });
  if (!(await deps.evaluations.putEvaluationOnce(evaluation, [coachEvaluationCompleted(evaluation)])))
    return { status: 'already_evaluated' };
  return { status: 'evaluated', score: evaluation.score, passed: evaluation.passed };
}

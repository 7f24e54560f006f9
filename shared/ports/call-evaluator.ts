import type { CriterionJudgment, EvaluatorIdentity } from '#shared/domain/coach/evaluation';
import type { Rubric } from '#shared/domain/coach/rubric';

/**
 * Judges a call's transcript against a rubric, criterion by criterion (a language model in
 * production, the deterministic rule-based evaluator locally and in tests). The domain checks the
 * judgments (every criterion once, evidence found in the transcript) and computes the totals.
 */
export interface CallEvaluationRequest {
  readonly rubric: Rubric;
  readonly transcript: string;
  readonly call: { readonly direction: 'inbound' | 'outbound' };
}

export interface CallEvaluator {
  readonly identity: EvaluatorIdentity;
  evaluate(request: CallEvaluationRequest): Promise<readonly CriterionJudgment[]>;
}

/**
 * The evaluator could not answer. `retryable`: a timeout, a network error, a 429 or 5xx, or an
 * answer that was not usable (a model may answer better the next time); not retryable: the
 * provider refused the request itself (a 4xx: a wrong key or model), which only configuration fixes.
 * Either way the queue message returns and, after its bounded receives, waits in the dead-letter queue.
 */
export class EvaluatorError extends Error {
  override name = 'EvaluatorError';

  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

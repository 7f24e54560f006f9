import type { Rubric } from './rubric';
import { locateQuote } from './transcript';

/** What an evaluator says about one criterion, before the domain checks and scores it. */
export interface CriterionJudgment {
  readonly criterion_id: string;
  /** False when the criterion does not apply to this call (no booking to confirm, nothing urgent). */
  readonly applicable: boolean;
  /** 0–100; ignored when not applicable. */
  readonly score: number;
  readonly reason: string;
  /** A quote from the transcript, or null when there is none to give (then the reason says why). */
  readonly evidence: string | null;
}

export interface EvaluatorIdentity {
  readonly kind: 'rule_based' | 'language_model';
  /** The model name for a language model; null for the rule-based evaluator. */
  readonly model: string | null;
}

export interface CriterionResult {
  readonly criterion_id: string;
  readonly title: string;
  readonly weight: number;
  readonly applicable: boolean;
  /** 0–100; null when not applicable. */
  readonly score: number | null;
  /** At least half the criterion's marks; null when not applicable. */
  readonly passed: boolean | null;
  readonly reason: string;
  /** Quoted verbatim from the transcript; null when absent (the reason says why). */
  readonly evidence: string | null;
}

/** One call's evaluation, as stored and served (GET /api/coach). */
export interface CoachEvaluation {
  readonly call_id: string;
  readonly team_id: number;
  /** The call's started_at: the instant the list's date range filters and orders by. */
  readonly call_started_at: string;
  readonly evaluated_at: string;
  readonly rubric_id: string;
  readonly rubric_version: number;
  /** Weighted total 0–100 over the applicable criteria, rounded to a whole number. */
  readonly score: number;
  readonly pass_threshold: number;
  readonly passed: boolean;
  readonly criteria: readonly CriterionResult[];
  readonly evaluator: EvaluatorIdentity;
}

/** An evaluator's answer that cannot be used (a criterion missing or twice, an unknown one). */
export class InvalidJudgmentsError extends Error {
  override name = 'InvalidJudgmentsError';
}

/** A criterion passes with at least half its marks. */
export const CRITERION_PASS_MARK = 50;

/**
 * Checks an evaluator's judgments against the rubric and the transcript and computes the result:
 * every criterion judged exactly once; evidence kept only when it is found in the transcript (as
 * the exact slice it matches), else dropped with the reason saying so; the total is the weighted
 * mean of the applicable criteria's scores, passed when it reaches the rubric's threshold.
 */
export function scoreEvaluation(input: {
  readonly rubric: Rubric;
  readonly transcript: string;
  readonly judgments: readonly CriterionJudgment[];
  readonly evaluator: EvaluatorIdentity;
  readonly call: { readonly call_id: string; readonly team_id: number; readonly started_at: string };
  readonly evaluatedAt: Date;
}): CoachEvaluation {
  const { rubric, transcript, judgments } = input;
  const byId = new Map<string, CriterionJudgment>();
  for (const judgment of judgments) {
    if (!rubric.criteria.some((c) => c.id === judgment.criterion_id)) {
      // Named only when it looks like an id: the text came from the evaluator (logs carry no call content).
      const named = /^[a-z][a-z0-9_]{0,39}$/.test(judgment.criterion_id) ? `: ${judgment.criterion_id}` : '';
      throw new InvalidJudgmentsError(`the evaluator judged a criterion the rubric does not have${named}`);
    }
    if (byId.has(judgment.criterion_id)) throw new InvalidJudgmentsError(`the evaluator judged ${judgment.criterion_id} twice`);
    byId.set(judgment.criterion_id, judgment);
  }
  const criteria: CriterionResult[] = rubric.criteria.map((criterion) => {
    const judgment = byId.get(criterion.id);
    if (!judgment) throw new InvalidJudgmentsError(`the evaluator did not judge ${criterion.id}`);
    const base = { criterion_id: criterion.id, title: criterion.title, weight: criterion.weight };
    const quoted = judgment.evidence === null ? null : locateQuote(transcript, judgment.evidence);
    const reason =
      judgment.evidence !== null && quoted === null
        ? `${judgment.reason} (the quoted evidence is not in the transcript and was dropped)`
        : judgment.reason;
    if (!judgment.applicable) return { ...base, applicable: false, score: null, passed: null, reason, evidence: quoted };
    const score = Math.round(Math.min(100, Math.max(0, judgment.score)));
    return { ...base, applicable: true, score, passed: score >= CRITERION_PASS_MARK, reason, evidence: quoted };
  });
  const applicable = criteria.filter((c) => c.applicable);
  const weights = applicable.reduce((sum, c) => sum + c.weight, 0);
  const total = weights === 0 ? 0 : Math.round(applicable.reduce((sum, c) => sum + c.weight * (c.score ?? 0), 0) / weights);
  return {
    call_id: input.call.call_id,
    team_id: input.call.team_id,
    call_started_at: input.call.started_at,
    evaluated_at: input.evaluatedAt.toISOString(),
    rubric_id: rubric.rubric_id,
    rubric_version: rubric.version,
    score: total,
    pass_threshold: rubric.pass_threshold,
    passed: total >= rubric.pass_threshold,
    criteria,
    evaluator: input.evaluator,
  };
}

import type { Context, SQSEvent } from 'aws-lambda';
import { coachEvaluatorDependencies } from '#shared/adapters/runtime/coach-evaluator-dependencies';
import { evaluateCall } from '#shared/domain/coach/evaluate-call';
import { evaluationRequestSchema } from '#shared/domain/coach/evaluation-request';
import { log } from '#shared/logging/logger';
import { countMetric } from '#shared/logging/metrics';
import { parseMessage, processSqsBatch } from '#shared/workers/sqs-batch';

const dependencies = coachEvaluatorDependencies();

/** Consumes coach-evaluations: one call evaluated and stored exactly once per message, failures reported per item. */
export const handler = (event: SQSEvent, context?: Context) =>
  processSqsBatch(
    event,
    async (record) => {
      const request = parseMessage(record, evaluationRequestSchema);
      const outcome = await evaluateCall(dependencies(), request, new Date());
      if (outcome.status === 'evaluated') countMetric('Evaluations');
      log('info', 'coach evaluation', { teamId: request.team_id, callId: request.call_id, ...outcome });
    },
    context,
  );

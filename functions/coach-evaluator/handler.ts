import type { Context, SQSEvent } from 'aws-lambda';
import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoEvaluationStore } from '#shared/adapters/dynamodb/coach-store';
import { DynamoRubricStore } from '#shared/adapters/dynamodb/rubric-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { callEvaluator } from '#shared/adapters/runtime/call-evaluator';
import { eventBus } from '#shared/adapters/runtime/event-bus';
import { evaluateCall } from '#shared/domain/coach/evaluate-call';
import { evaluationRequestSchema } from '#shared/domain/coach/evaluation-request';
import { log } from '#shared/logging/logger';
import { countMetric } from '#shared/logging/metrics';
import { parseMessage, processSqsBatch } from '#shared/workers/sqs-batch';

const client = getDocumentClient();
const calls = new DynamoCallStore(client, physicalTableName('calls'));
const evaluations = new DynamoEvaluationStore(client, physicalTableName('calls'));
const rubrics = new DynamoRubricStore(client, physicalTableName('teams'));

/** Consumes coach-evaluations: one call evaluated and stored exactly once per message, failures reported per item. */
export const handler = (event: SQSEvent, context?: Context) =>
  processSqsBatch(
    event,
    async (record) => {
      const request = parseMessage(record, evaluationRequestSchema);
      const outcome = await evaluateCall(
        { calls, evaluations, rubrics, evaluator: callEvaluator.get('default'), bus: eventBus.get('default') },
        request,
        new Date(),
      );
      if (outcome.status === 'evaluated') countMetric('Evaluations');
      log('info', 'coach evaluation', { teamId: request.team_id, callId: request.call_id, ...outcome });
    },
    context,
  );

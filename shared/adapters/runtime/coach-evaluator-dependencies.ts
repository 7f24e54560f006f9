import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRubricStore } from '#shared/adapters/dynamodb/coach-rubric-store';
import { DynamoEvaluationStore } from '#shared/adapters/dynamodb/coach-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { EvaluateCallDependencies } from '#shared/domain/coach/evaluate-call';
import { lazy } from '#shared/lazy';
import { callEvaluator } from './call-evaluator';

/**
 * The coach evaluator worker's dependencies (functions/coach-evaluator), apart from the routes'
 * so that no route bundles the language-model client. Call it at module load: the calls, teams and
 * outbox tables are looked up then (a stored evaluation's coach_evaluation.completed is due in the
 * outbox); the stores are built on the first call and kept; the evaluator comes from its adapter
 * slot on every call, so one the local runtime or a test puts there after the handler loaded is the one used.
 */
export function coachEvaluatorDependencies(): () => EvaluateCallDependencies {
  const callsTable = physicalTableName('calls');
  const teamsTable = physicalTableName('teams');
  const outboxTable = physicalTableName('outbox');
  const stores = lazy(() => {
    const client = getDocumentClient();
    return {
      calls: new DynamoCallStore(client, callsTable),
      evaluations: new DynamoEvaluationStore(client, callsTable, outboxTable),
      rubrics: new DynamoRubricStore(client, teamsTable),
    };
  });
  return () => ({ ...stores(), evaluator: callEvaluator.get('default') });
}

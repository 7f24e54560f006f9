import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRubricStore } from '#shared/adapters/dynamodb/coach-rubric-store';
import { DynamoEvaluationStore } from '#shared/adapters/dynamodb/coach-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { lazy } from '#shared/lazy';
import type { EvaluationStore, RubricStore } from '#shared/ports/coach-store';

/**
 * The coach routes read two tables, and each route only one of them: evaluations live in the
 * calls table, rubrics in the teams table. So the area has one accessor per table (a route row
 * declares only the table its route reads), both built the same way: call it at module load, the
 * table is looked up then (a function whose row lacks it fails to load, as in AWS); the store is
 * built on the first call of the returned function and kept for the container's life.
 */
export interface CoachEvaluationDependencies {
  readonly evaluations: EvaluationStore;
}

export interface CoachRubricDependencies {
  readonly rubrics: RubricStore;
}

/** The evaluations (calls table): list-coach-evaluations, get-coach-evaluation. */
export function coachEvaluationDependencies(): () => CoachEvaluationDependencies {
  const calls = physicalTableName('calls');
  return lazy(() => ({ evaluations: new DynamoEvaluationStore(getDocumentClient(), calls) }));
}

/** The rubric history (teams table): list-coach-rubrics. */
export function coachRubricDependencies(): () => CoachRubricDependencies {
  const teams = physicalTableName('teams');
  return lazy(() => ({ rubrics: new DynamoRubricStore(getDocumentClient(), teams) }));
}

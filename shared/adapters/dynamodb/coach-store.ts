import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CoachEvaluation } from '#shared/domain/coach/evaluation';
import { assertStorable } from '#shared/domain/stored-size';
import type { EvaluationPageQuery, EvaluationStore } from '#shared/ports/coach-store';
import { batchPut } from './batch-write';
import { teamPk, timeSortKey } from './keys';
import { queryByOffset } from './offset-query';
import type { Item } from './query';
import { type ListPartition, readTimeOrderedMerged, timeRangeBounds } from './time-range';

/**
 * Coach evaluations in the calls table, one item per call: `pk = TEAM#<t>#COACH#<call id>`,
 * `sk = EVALUATION` (the conditional write that keeps one evaluation per call is on this key), and
 * the evaluation's list keys, all sorted by `coachSk = <call started_at>#<team>#<call id>`:
 *
 * - byCoach: `coachPk = TEAM#<t>#COACH`, every evaluation of the team;
 * - byCoachRubric: `coachRubricPk = TEAM#<t>#COACH#R#<rubric id>`;
 * - byCoachScore: `coachScorePk = TEAM#<t>#COACH#S#<score, 3 digits>`, one partition per whole score;
 * - byCoachRubricScore: `coachRubricScorePk = TEAM#<t>#COACH#R#<rubric id>#S#<score>`.
 *
 * Every filter is a key condition: a date range is the sort key's range, a rubric its partition,
 * and a score range the partitions of its whole scores, merged newest first (at most 101). So a
 * page reads the rows it returns plus one, and the keys of the rows it skips, never rows it filters out.
 */
const SORT_KEY = 'coachSk';
const SCORE_RANGE = { min: 0, max: 100 } as const;

function evaluationKey(teamId: number, callId: string) {
  return { pk: `${teamPk(teamId)}#COACH#${callId}`, sk: 'EVALUATION' };
}

function coachPk(teamId: number): string {
  return `${teamPk(teamId)}#COACH`;
}

function rubricPk(teamId: number, rubricId: string): string {
  return `${coachPk(teamId)}#R#${rubricId}`;
}

function scoreSuffix(score: number): string {
  return `#S#${String(score).padStart(3, '0')}`;
}

export function toEvaluationItem(evaluation: CoachEvaluation): Item {
  const { team_id: teamId, rubric_id: rubricId, score } = evaluation;
  return {
    ...evaluationKey(teamId, evaluation.call_id),
    coachPk: coachPk(teamId),
    coachRubricPk: rubricPk(teamId, rubricId),
    coachScorePk: coachPk(teamId) + scoreSuffix(score),
    coachRubricScorePk: rubricPk(teamId, rubricId) + scoreSuffix(score),
    [SORT_KEY]: timeSortKey(evaluation.call_started_at, teamId, evaluation.call_id),
    evaluation,
  };
}

/** The partitions a page reads: one, or one per whole score of a score range. */
function partitionsOf(q: EvaluationPageQuery): ListPartition[] {
  const min = q.minScore ?? SCORE_RANGE.min;
  const max = q.maxScore ?? SCORE_RANGE.max;
  const scored = min > SCORE_RANGE.min || max < SCORE_RANGE.max;
  if (!scored) {
    return [
      q.rubricId === undefined
        ? { indexName: 'byCoach', partitionKeyName: 'coachPk', partitionKeyValue: coachPk(q.teamId) }
        : { indexName: 'byCoachRubric', partitionKeyName: 'coachRubricPk', partitionKeyValue: rubricPk(q.teamId, q.rubricId) },
    ];
  }
  const partitions: ListPartition[] = [];
  for (let score = max; score >= min; score--) {
    partitions.push(
      q.rubricId === undefined
        ? { indexName: 'byCoachScore', partitionKeyName: 'coachScorePk', partitionKeyValue: coachPk(q.teamId) + scoreSuffix(score) }
        : {
            indexName: 'byCoachRubricScore',
            partitionKeyName: 'coachRubricScorePk',
            partitionKeyValue: rubricPk(q.teamId, q.rubricId) + scoreSuffix(score),
          },
    );
  }
  return partitions;
}

export class DynamoEvaluationStore implements EvaluationStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    /** The calls table. */
    private readonly tableName: string,
  ) {}

  async getEvaluation(teamId: number, callId: string): Promise<CoachEvaluation | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: evaluationKey(teamId, callId), ConsistentRead: true }),
    );
    return result.Item ? (result.Item.evaluation as CoachEvaluation) : null;
  }

  async hasEvaluation(teamId: number, callId: string): Promise<boolean> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: evaluationKey(teamId, callId), ConsistentRead: true, ProjectionExpression: 'pk' }),
    );
    return result.Item !== undefined;
  }

  async putEvaluationOnce(evaluation: CoachEvaluation): Promise<boolean> {
    const item = toEvaluationItem(evaluation);
    assertStorable(item, "The call's coach evaluation");
    try {
      await this.client.send(new PutCommand({ TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException || (error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  /** Writes evaluations as they are (the demo seed; no guard: the seed writes into empty tables). */
  async putEvaluations(evaluations: readonly CoachEvaluation[]): Promise<void> {
    await batchPut(this.client, this.tableName, evaluations.map(toEvaluationItem));
  }

  async listEvaluations(q: EvaluationPageQuery): Promise<CoachEvaluation[]> {
    const bounds = timeRangeBounds(q);
    if (!bounds) return [];
    const partitions = partitionsOf(q);
    const [only] = partitions;
    if (only && partitions.length === 1) {
      const items = await queryByOffset(
        this.client,
        {
          TableName: this.tableName,
          IndexName: only.indexName,
          KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
          ExpressionAttributeNames: { '#pk': only.partitionKeyName, '#sk': SORT_KEY },
          ExpressionAttributeValues: { ':pk': only.partitionKeyValue, ':lo': bounds.lo, ':hi': bounds.hi },
          ScanIndexForward: false,
        },
        ['pk', 'sk', only.partitionKeyName, SORT_KEY],
        q.offset,
        q.limit,
      );
      return items.map((item) => item.evaluation as CoachEvaluation);
    }
    const range = { tableName: this.tableName, partitions, sortKeyName: SORT_KEY, start: q.start, end: q.end };
    let after: string | undefined;
    if (q.offset > 0) {
      // The skipped rows' sort keys only: the page continues after the last of them.
      const skipped = await readTimeOrderedMerged(this.client, { ...range, want: q.offset, projection: [SORT_KEY] });
      if (skipped.length < q.offset) return [];
      after = String(skipped[skipped.length - 1]?.[SORT_KEY]);
    }
    const items = await readTimeOrderedMerged(this.client, { ...range, after, want: q.limit + 1 });
    return items.map((item) => item.evaluation as CoachEvaluation);
  }
}

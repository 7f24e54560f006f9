import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { CoachEvaluation, CriterionResult } from '#shared/domain/coach/evaluation';
import { assertStorable } from '#shared/domain/stored-size';
import { atLoad } from '#shared/lazy';
import type { EvaluationPageQuery, EvaluationStore } from '#shared/ports/coach-store';
import type { DomainEvent } from '#shared/ports/event-bus';
import { batchPut } from './batch-write';
import { teamPk, timeSortKey } from './keys';
import { queryByOffset } from './offset-query';
import { outboxPuts } from './outbox';
import { type Item, parseStoredItem } from './query';
import { type ListPartition, readTimeOrdered, readTimeOrderedMerged, timeRangeBounds } from './time-range';
import { isTransactionCancelled, transactWrite } from './transact';

/**
 * Coach evaluations in the calls table, one item per call: `pk = TEAM#<t>#COACH#<call id>`,
 * `sk = EVALUATION` (the conditional write that keeps one evaluation per call is on this key), and
 * the evaluation's list keys, all sorted by `coachSk = <call started_at>#<team>#<call id>`:
 *
 * - byCoach: `coachPk = TEAM#<t>#COACH`, every evaluation of the team;
 * - byCoachRubric: `coachRubricPk = TEAM#<t>#COACH#R#<rubric id>`;
 * - byCoachScore: `coachScorePk = TEAM#<t>#COACH#S#<score, 3 digits>`, one partition per whole score;
 * - byCoachScoreBand: `coachBandPk = TEAM#<t>#COACH#B#<score / 10>`, one per ten scores (100 alone);
 * - byCoachRubricScore, byCoachRubricScoreBand: the same two under the rubric's partition.
 *
 * Every filter is a key condition: a date range is the sort key's range, a rubric its partition,
 * and a score range the partitions that cover it exactly (whole bands, and single scores at its
 * ragged ends: at most 27), merged newest first. So a page reads the rows it returns plus one, the
 * keys of the rows it skips, and a few rows ahead per merged partition, never a row a filter drops.
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

/** Ten scores per band (0–9, ..., 90–99), and 100 alone in band 10. */
const BAND = 10;

function bandSuffix(band: number): string {
  return `#B#${String(band).padStart(2, '0')}`;
}

/**
 * The partitions that cover [min, max] exactly with the fewest reads: every band wholly inside it,
 * and single scores where it starts or ends inside a band.
 */
export function scoreCover(min: number, max: number): { bands: number[]; scores: number[] } {
  const bands: number[] = [];
  const scores: number[] = [];
  let score = min;
  while (score <= max) {
    const band = Math.floor(score / BAND);
    const bandEnd = Math.min(SCORE_RANGE.max, band * BAND + BAND - 1);
    if (score === band * BAND && bandEnd <= max) {
      bands.push(band);
      score = bandEnd + 1;
    } else {
      scores.push(score);
      score++;
    }
  }
  return { bands, scores };
}

/**
 * The items are type aliases, not interfaces: plain records, as the document client writes and
 * reads them (Record<string, unknown>).
 */
/**
 * The evaluation as stored: one map attribute of its item, in the names it has always had there,
 * which are the record's own (so this list is its type, validation and mapping back).
 */
const storedEvaluation = /* @__PURE__ */ atLoad(() =>
  z.object({
    call_id: z.string(),
    team_id: z.number(),
    call_started_at: z.string(),
    evaluated_at: z.string(),
    rubric_id: z.string(),
    rubric_version: z.number(),
    score: z.number(),
    pass_threshold: z.number(),
    passed: z.boolean(),
    criteria: z.array(
      z.object({
        criterion_id: z.string(),
        title: z.string(),
        weight: z.number(),
        applicable: z.boolean(),
        score: z._default(z.nullable(z.number()), null),
        passed: z._default(z.nullable(z.boolean()), null),
        reason: z.string(),
        evidence: z._default(z.nullable(z.string()), null),
      }),
    ),
    evaluator: z.object({ kind: z.enum(['rule_based', 'language_model']), model: z._default(z.nullable(z.string()), null) }),
  }),
) satisfies z.ZodMiniType<CoachEvaluation>;

const storedEvaluationItem = /* @__PURE__ */ atLoad(() => z.object({ evaluation: storedEvaluation }));

type StoredCriterionResult = z.input<typeof storedEvaluation>['criteria'][number];

/** An evaluation's item: its key, its list keys (one per index) and the evaluation. */
export type EvaluationItem = {
  readonly pk: string;
  readonly sk: string;
  readonly coachPk: string;
  readonly coachRubricPk: string;
  readonly coachScorePk: string;
  readonly coachRubricScorePk: string;
  readonly coachBandPk: string;
  readonly coachRubricBandPk: string;
  /** SORT_KEY of every list index. */
  readonly coachSk: string;
  readonly evaluation: z.input<typeof storedEvaluation>;
};

function toStoredCriterion(c: CriterionResult): StoredCriterionResult {
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

export function toEvaluationItem(evaluation: CoachEvaluation): EvaluationItem {
  const { team_id: teamId, rubric_id: rubricId, score } = evaluation;
  return {
    ...evaluationKey(teamId, evaluation.call_id),
    coachPk: coachPk(teamId),
    coachRubricPk: rubricPk(teamId, rubricId),
    coachScorePk: coachPk(teamId) + scoreSuffix(score),
    coachRubricScorePk: rubricPk(teamId, rubricId) + scoreSuffix(score),
    coachBandPk: coachPk(teamId) + bandSuffix(Math.floor(score / BAND)),
    coachRubricBandPk: rubricPk(teamId, rubricId) + bandSuffix(Math.floor(score / BAND)),
    coachSk: timeSortKey(evaluation.call_started_at, teamId, evaluation.call_id),
    evaluation: {
      call_id: evaluation.call_id,
      team_id: evaluation.team_id,
      call_started_at: evaluation.call_started_at,
      evaluated_at: evaluation.evaluated_at,
      rubric_id: evaluation.rubric_id,
      rubric_version: evaluation.rubric_version,
      score: evaluation.score,
      pass_threshold: evaluation.pass_threshold,
      passed: evaluation.passed,
      criteria: evaluation.criteria.map(toStoredCriterion),
      evaluator: { kind: evaluation.evaluator.kind, model: evaluation.evaluator.model },
    },
  };
}

function fromEvaluationItem(raw: Item): CoachEvaluation {
  return parseStoredItem(storedEvaluationItem, raw, 'coach evaluation').evaluation;
}

/** The partitions a page reads: one, or those that cover a score range (scoreCover). */
function partitionsOf(q: EvaluationPageQuery): ListPartition[] {
  const min = q.minScore ?? SCORE_RANGE.min;
  const max = q.maxScore ?? SCORE_RANGE.max;
  const scored = min > SCORE_RANGE.min || max < SCORE_RANGE.max;
  const base = q.rubricId === undefined ? coachPk(q.teamId) : rubricPk(q.teamId, q.rubricId);
  if (!scored) {
    return [
      q.rubricId === undefined
        ? { indexName: 'byCoach', partitionKeyName: 'coachPk', partitionKeyValue: base }
        : { indexName: 'byCoachRubric', partitionKeyName: 'coachRubricPk', partitionKeyValue: base },
    ];
  }
  const { bands, scores } = scoreCover(min, max);
  const rubric = q.rubricId !== undefined;
  return [
    ...bands.map((band) => ({
      indexName: rubric ? 'byCoachRubricScoreBand' : 'byCoachScoreBand',
      partitionKeyName: rubric ? 'coachRubricBandPk' : 'coachBandPk',
      partitionKeyValue: base + bandSuffix(band),
    })),
    ...scores.map((score) => ({
      indexName: rubric ? 'byCoachRubricScore' : 'byCoachScore',
      partitionKeyName: rubric ? 'coachRubricScorePk' : 'coachScorePk',
      partitionKeyValue: base + scoreSuffix(score),
    })),
  ];
}

export class DynamoEvaluationStore implements EvaluationStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    /** The calls table. */
    private readonly tableName: string,
    /** The outbox table, for the events storing an evaluation makes due (the coach worker's store only). */
    private readonly outboxTableName: string | null = null,
  ) {}

  async getEvaluation(teamId: number, callId: string): Promise<CoachEvaluation | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: evaluationKey(teamId, callId), ConsistentRead: true }),
    );
    return result.Item ? fromEvaluationItem(result.Item) : null;
  }

  async hasEvaluation(teamId: number, callId: string): Promise<boolean> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: evaluationKey(teamId, callId), ConsistentRead: true, ProjectionExpression: 'pk' }),
    );
    return result.Item !== undefined;
  }

  async putEvaluationOnce(evaluation: CoachEvaluation, events: readonly DomainEvent[] = []): Promise<boolean> {
    const item = toEvaluationItem(evaluation);
    assertStorable(item, "The call's coach evaluation");
    const put = { TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' };
    try {
      if (events.length === 0) {
        await this.client.send(new PutCommand(put));
      } else {
        if (!this.outboxTableName) throw new Error('DynamoEvaluationStore needs the outbox table to make events due');
        await transactWrite(this.client, { TransactItems: [{ Put: put }, ...outboxPuts(events, this.outboxTableName)] });
      }
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException || (error as Error).name === 'ConditionalCheckFailedException') return false;
      if (isTransactionCancelled(error) && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
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
      return items.map((item) => fromEvaluationItem(item));
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
    return items.map((item) => fromEvaluationItem(item));
  }

  async listEvaluationsAfter(
    q: Pick<EvaluationPageQuery, 'teamId' | 'start' | 'end' | 'limit'> & { after?: string },
  ): Promise<{ evaluation: CoachEvaluation; position: string }[]> {
    const items = await readTimeOrdered(this.client, {
      tableName: this.tableName,
      indexName: 'byCoach',
      partitionKeyName: 'coachPk',
      partitionKeyValue: coachPk(q.teamId),
      sortKeyName: SORT_KEY,
      start: q.start,
      end: q.end,
      after: q.after,
      want: q.limit + 1,
    });
    return items.map((item) => ({ evaluation: fromEvaluationItem(item), position: String(item[SORT_KEY]) }));
  }
}

import type { CoachEvaluation } from '#shared/domain/coach/evaluation';
import type { RubricRevision } from '#shared/domain/coach/rubric';
import type { DomainEvent } from './event-bus';

export interface EvaluationPageQuery {
  readonly teamId: number;
  /** Range of the calls' started_at: [start, end). */
  readonly start?: string;
  readonly end?: string;
  readonly rubricId?: string;
  /** Whole scores, inclusive; both absent (or 0 and 100) is no score filter. */
  readonly minScore?: number;
  readonly maxScore?: number;
  readonly offset: number;
  readonly limit: number;
}

/** Coach evaluations, one per call, newest call first (started_at descending, then call id descending). */
export interface EvaluationStore {
  getEvaluation(teamId: number, callId: string): Promise<CoachEvaluation | null>;
  /** Whether the call has its evaluation (a key-only read). */
  hasEvaluation(teamId: number, callId: string): Promise<boolean>;
  /**
   * Stores the call's evaluation unless it has one: a conditional write keyed by the call, so of
   * racing or redelivered copies exactly one is stored, with `events` due in the outbox in the same
   * write. False when another copy stored first: then nothing is written.
   */
  putEvaluationOnce(evaluation: CoachEvaluation, events?: readonly DomainEvent[]): Promise<boolean>;
  /** Up to limit + 1 evaluations from the offset, reading only those (plus the skipped rows' keys). */
  listEvaluations(query: EvaluationPageQuery): Promise<CoachEvaluation[]>;
  /** The same order, unfiltered, read by position (exports): up to limit + 1 evaluations strictly after `after`, each with its position. */
  listEvaluationsAfter(
    query: Pick<EvaluationPageQuery, 'teamId' | 'start' | 'end' | 'limit'> & { after?: string },
  ): Promise<{ evaluation: CoachEvaluation; position: string }[]>;
}

/** A team's rubric history: its revisions, newest first, and which is in force. */
export interface RubricStore {
  /** The stored revision in force; null while the team follows the built-in default (revision 0). */
  getCurrentRevision(teamId: number): Promise<RubricRevision | null>;
  /** Stored revisions, newest first: up to limit + 1 from the offset. */
  listRevisions(teamId: number, offset: number, limit: number): Promise<RubricRevision[]>;
  /** Every stored revision, oldest first (operator commands; a team has a handful). */
  allRevisions(teamId: number): Promise<RubricRevision[]>;
  /**
   * Stores the revision and puts it in force, unless another change landed since revision − 1 was
   * read (then throws a ConflictError and stores nothing).
   */
  saveRevision(teamId: number, revision: RubricRevision): Promise<void>;
}

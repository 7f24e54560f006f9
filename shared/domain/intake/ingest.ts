import { type CommitDependencies, type CreatedIntake, commitIntake } from './commit-intake';
import { type IntakeDecision, type IntakeSubmission, type PrepareDependencies, prepareIntake } from './prepare-intake';

export interface IngestDependencies extends Omit<PrepareDependencies, 'intake'>, CommitDependencies {}

export interface IngestRequest extends IntakeSubmission {
  /** Runs mapping, routing and scheduling and reports them; writes and calls nothing. */
  readonly testMode: boolean;
}

export type IngestResult = CreatedIntake | { readonly kind: 'preview'; readonly decision: IntakeDecision };

/**
 * Speed-to-lead intake in two steps. Preparation (prepare-intake.ts) routes, maps, validates and
 * schedules the lead and sizes it, reading only; test mode answers what it decided. The commit
 * (commit-intake.ts) creates the lead with its outreach record (deduplicated), queues the call now
 * or schedules it for the team's next allowed instant, and emits lead.created.
 */
export async function ingestLead(deps: IngestDependencies, request: IngestRequest): Promise<IngestResult> {
  const prepared = await prepareIntake(deps, request);
  if (request.testMode) return { kind: 'preview', decision: prepared.decision };
  return commitIntake(deps, prepared, request.now);
}

import type { RubricStore } from '#shared/ports/coach-store';
import { DEFAULT_RUBRIC, type Rubric, type RubricInput, type RubricRevision, teamRubric } from './rubric';

/**
 * A team's rubric over time. Revision 0 is the built-in default, which every team follows until an
 * operator changes it and which is never stored; each change (`coach rubric set` or `reset`) stores
 * the next revision and puts it in force. A rubric's version counts the changes of its id within
 * the team: the built-in default is `home-services` version 1, so a team's first edit that keeps
 * that id is version 2, and a new id starts at 1.
 */
export const DEFAULT_REVISION: RubricRevision = { revision: 0, rubric: DEFAULT_RUBRIC, in_force_from: null };

/** The revision in force for the team. */
export async function currentRubricRevision(store: Pick<RubricStore, 'getCurrentRevision'>, teamId: number): Promise<RubricRevision> {
  return (await store.getCurrentRevision(teamId)) ?? DEFAULT_REVISION;
}

/**
 * The next revision that makes `input` the team's rubric, or null when it is the rubric already in
 * force (no change, no new version). The id defaults to the current rubric's.
 */
export function nextRevision(
  history: readonly RubricRevision[],
  current: RubricRevision,
  input: RubricInput,
  now: Date,
): RubricRevision | null {
  const rubricId = input.rubric_id ?? current.rubric.rubric_id;
  const candidate = teamRubric(input, rubricId, 0);
  if (sameRubric(candidate, current.rubric)) return null;
  const versions = [DEFAULT_REVISION, ...history].filter((r) => r.rubric.rubric_id === rubricId).map((r) => r.rubric.version);
  const version = Math.max(0, ...versions) + 1;
  return { revision: current.revision + 1, rubric: { ...candidate, version }, in_force_from: now.toISOString() };
}

/** The next revision that puts the built-in default back in force, or null when it already is. */
export function resetRevision(current: RubricRevision, now: Date): RubricRevision | null {
  if (
    current.rubric.source === 'default' &&
    current.rubric.rubric_id === DEFAULT_RUBRIC.rubric_id &&
    current.rubric.version === DEFAULT_RUBRIC.version
  ) {
    return null;
  }
  return { revision: current.revision + 1, rubric: DEFAULT_RUBRIC, in_force_from: now.toISOString() };
}

/**
 * A page of the team's rubric history, newest first, ending with the built-in default (revision 0),
 * and the revision in force. Revisions are numbered 1..R without gaps (each change stores the one
 * after the revision in force), so the default's position is R and a page reads only the stored
 * revisions it returns (up to limit + 1).
 */
export async function listRubricRevisions(
  store: Pick<RubricStore, 'getCurrentRevision' | 'listRevisions'>,
  teamId: number,
  offset: number,
  limit: number,
): Promise<{ current: RubricRevision; revisions: RubricRevision[] }> {
  const current = await currentRubricRevision(store, teamId);
  if (offset > current.revision) return { current, revisions: [] };
  const stored = offset < current.revision ? await store.listRevisions(teamId, offset, limit) : [];
  return { current, revisions: stored.length > limit ? stored : [...stored, DEFAULT_REVISION] };
}

function sameRubric(a: Rubric, b: Rubric): boolean {
  return (
    a.rubric_id === b.rubric_id &&
    a.name === b.name &&
    a.pass_threshold === b.pass_threshold &&
    JSON.stringify(a.criteria) === JSON.stringify(b.criteria)
  );
}

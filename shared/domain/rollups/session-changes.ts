import { DAY_MS, HOUR_MS } from './buckets';
import { inLanes } from './lanes';
import { type RollupDependencies, recomputeDay, recomputeHour } from './maintain';

/** A change to one session row, as a stream record tells it: where the row was and is (old and new image). */
export interface SessionChange {
  readonly sequenceNumber: string;
  readonly placements: readonly { readonly teamId: number; readonly startedMs: number }[];
}

/**
 * Starts recomputing what a batch of session changes touched: every touched team hour, then every
 * touched team day (a day is summed from its hours), each bucket once, at most a few in flight.
 * Answers, per change (by sequence number), a promise that settles once the whole batch's buckets
 * have, and rejects when one of the buckets this change touched could not be recomputed, so the
 * stream redelivers from the earliest such change (the ReportBatchItemFailures contract).
 */
export function recomputeTouchedBuckets(
  deps: RollupDependencies,
  changes: readonly SessionChange[],
): (sequenceNumber: string) => Promise<void> {
  const hours = new Map<string, { teamId: number; ms: number }>();
  const days = new Map<string, { teamId: number; ms: number }>();
  const bucketsOf = new Map<string, string[]>();
  for (const change of changes) {
    const keys: string[] = [];
    for (const { teamId, startedMs } of change.placements) {
      if (!Number.isFinite(startedMs)) continue;
      for (const [buckets, unit, kind] of [
        [hours, HOUR_MS, 'hour'],
        [days, DAY_MS, 'day'],
      ] as const) {
        const ms = Math.floor(startedMs / unit) * unit;
        const key = `${kind}:${teamId}:${ms}`;
        if (!buckets.has(key)) buckets.set(key, { teamId, ms });
        keys.push(key);
      }
    }
    bucketsOf.set(change.sequenceNumber, keys);
  }
  const failed = new Set<string>();
  const recompute =
    (recomputeBucket: typeof recomputeHour) =>
    async ([key, bucket]: [string, { teamId: number; ms: number }]) => {
      await recomputeBucket(deps, bucket.teamId, bucket.ms).catch(() => failed.add(key));
    };
  const settled = (async () => {
    await inLanes([...hours], recompute(recomputeHour));
    await inLanes([...days], recompute(recomputeDay));
  })();
  return async (sequenceNumber) => {
    await settled;
    const missed = (bucketsOf.get(sequenceNumber) ?? []).filter((key) => failed.has(key));
    if (missed.length > 0) throw new Error(`rollup buckets not recomputed: ${missed.join(', ')}`);
  };
}

/**
 * Applies a batch of session changes to the rollups (recomputeTouchedBuckets) and answers the
 * sequence number of the earliest change whose buckets could not be recomputed, or null when all
 * landed: the stream consumer's answer, for callers that replay a stream themselves.
 */
export async function applySessionChanges(deps: RollupDependencies, changes: readonly SessionChange[]): Promise<string | null> {
  const landed = recomputeTouchedBuckets(deps, changes);
  for (const change of changes) {
    if (
      await landed(change.sequenceNumber).then(
        () => false,
        () => true,
      )
    )
      return change.sequenceNumber;
  }
  return null;
}

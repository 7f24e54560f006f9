import { DAY_MS, HOUR_MS } from './buckets';
import { inLanes } from './lanes';
import { type RollupDependencies, recomputeDay, recomputeHour } from './maintain';

/** A change to one session row, as a stream record tells it: where the row was and is (old and new image). */
export interface SessionChange {
  readonly sequenceNumber: string;
  readonly placements: readonly { readonly teamId: number; readonly startedMs: number }[];
}

/**
 * Applies a batch of session changes to the rollups: every touched team hour is recomputed, then
 * every touched team day. Returns the sequence number of the earliest change whose buckets could
 * not be recomputed (the stream redelivers from there: the ReportBatchItemFailures contract), or
 * null when all landed.
 */
export async function applySessionChanges(deps: RollupDependencies, changes: readonly SessionChange[]): Promise<string | null> {
  const hours = new Map<string, { teamId: number; ms: number; first: number }>();
  const days = new Map<string, { teamId: number; ms: number; first: number }>();
  changes.forEach((change, index) => {
    for (const { teamId, startedMs } of change.placements) {
      if (!Number.isFinite(startedMs)) continue;
      for (const [buckets, unit] of [
        [hours, HOUR_MS],
        [days, DAY_MS],
      ] as const) {
        const ms = Math.floor(startedMs / unit) * unit;
        const key = `${teamId}:${ms}`;
        if (!buckets.has(key)) buckets.set(key, { teamId, ms, first: index });
      }
    }
  });
  let earliestFailure = Number.POSITIVE_INFINITY;
  const failed = (first: number) => {
    earliestFailure = Math.min(earliestFailure, first);
  };
  await inLanes([...hours.values()], async (hour) => {
    await recomputeHour(deps, hour.teamId, hour.ms).catch(() => failed(hour.first));
  });
  await inLanes([...days.values()], async (day) => {
    await recomputeDay(deps, day.teamId, day.ms).catch(() => failed(day.first));
  });
  return Number.isFinite(earliestFailure) ? (changes[earliestFailure] as SessionChange).sequenceNumber : null;
}

import type { RollupStore } from '#shared/ports/rollup-store';
import type { SessionStore } from '#shared/ports/session-store';
import { DAY_MS, dayOfSortKey, HOUR_MS, hourOfSortKey } from './buckets';
import { inLanes } from './lanes';
import { recomputeDay, recomputeHour } from './maintain';

export interface RebuildDependencies {
  readonly rollups: RollupStore;
  readonly sessions: Pick<SessionStore, 'readPlacedSessionsStartedIn' | 'readSessionStarts'>;
}

export interface RebuildProgress {
  readonly teamId: number;
  readonly phase: 'scan' | 'hours' | 'days' | 'done';
  readonly done: number;
  readonly total: number;
}

export interface RebuildResult {
  readonly teamId: number;
  readonly sessions: number;
  readonly hours: number;
  readonly days: number;
}

/** Progress is reported every this many buckets of a phase, and at its end. */
const PROGRESS_EVERY = 250;
const throttled = (done: number, total: number) => done % PROGRESS_EVERY === 0 || done === total;

/**
 * Rebuilds a team's rollups for existing data (or a new bucket layout): every hour and day that
 * holds sessions or already has a bucket is recomputed through the same protocol the stream
 * consumer uses, so a rebuild may run while the stream keeps writing. Then the team is marked
 * complete and its reads leave the raw path.
 */
export async function rebuildTeamRollups(
  deps: RebuildDependencies,
  teamId: number,
  onProgress: (progress: RebuildProgress) => void = () => undefined,
): Promise<RebuildResult> {
  const hours = new Set<number>();
  let sessions = 0;
  for await (const page of deps.sessions.readSessionStarts(teamId)) {
    for (const startedAt of page) hours.add(Math.floor(Date.parse(startedAt) / HOUR_MS) * HOUR_MS);
    sessions += page.length;
    onProgress({ teamId, phase: 'scan', done: sessions, total: sessions });
  }
  const existing = await deps.rollups.readTeamBuckets({ kind: 'team', teamId }, 'D#', 'H#~', { parts: 'funnel', consistent: true });
  for (const bucket of existing) if (bucket.sk.startsWith('H#')) hours.add(hourOfSortKey(bucket.sk));
  const days = new Set([...hours].map((h) => Math.floor(h / DAY_MS) * DAY_MS));
  for (const bucket of existing) if (bucket.sk.startsWith('D#')) days.add(dayOfSortKey(bucket.sk));

  await inLanes(
    [...hours],
    (hour) => recomputeHour(deps, teamId, hour),
    (done) => throttled(done, hours.size) && onProgress({ teamId, phase: 'hours', done, total: hours.size }),
  );
  await inLanes(
    [...days],
    (day) => recomputeDay(deps, teamId, day),
    (done) => throttled(done, days.size) && onProgress({ teamId, phase: 'days', done, total: days.size }),
  );
  await deps.rollups.markComplete({ kind: 'team', teamId });
  onProgress({ teamId, phase: 'done', done: days.size, total: days.size });
  return { teamId, sessions, hours: hours.size, days: days.size };
}

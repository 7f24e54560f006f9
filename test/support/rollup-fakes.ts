import type { RollupDependencies } from '#shared/domain/rollups/maintain';
import type { SessionRecord } from '#shared/domain/sessions';
import type { BucketWrite, RollupStore, StoredAggregate, TeamBucket } from '#shared/ports/rollup-store';

/**
 * The rollup maintainer's stores in memory, for the session-rollups handler's unit test: the
 * rollup store keeps the touch-counter protocol of the DynamoDB one (a commit lands only for the
 * bucket's latest touch, else it is superseded) and reads back what landed; the sessions are a
 * list, each placed in enterprise `enterpriseId`. Reads return every part of a bucket, whatever
 * parts were asked for.
 */
export function memoryRollups(sessions: readonly SessionRecord[], enterpriseId = 1) {
  const touches = new Map<string, number>();
  const landed = new Map<string, BucketWrite>();
  const complete = new Set<string>();
  const keyOf = (teamId: number, sk: string) => `${teamId}|${sk}`;
  const inRange = (fromSk: string, toSk: string) => (write: BucketWrite) => write.sk >= fromSk && write.sk <= toSk;
  const writes = () => [...landed.values()].sort((a, b) => a.sk.localeCompare(b.sk));
  const rollups: RollupStore = {
    touch: async (teamId, sk) => {
      const version = (touches.get(keyOf(teamId, sk)) ?? 0) + 1;
      touches.set(keyOf(teamId, sk), version);
      const last = landed.get(keyOf(teamId, sk));
      return {
        version,
        schedulers: last?.schedulers.map((s) => s.schedulerId) ?? [],
        enterprises: last?.enterprises.map((e) => e.enterpriseId) ?? [],
      };
    },
    commit: async (write) => {
      if (touches.get(keyOf(write.teamId, write.sk)) !== write.version) return 'superseded';
      landed.set(keyOf(write.teamId, write.sk), write);
      return 'written';
    },
    readTeamBuckets: async (partition, fromSk, toSk) =>
      writes()
        .filter((write) => write.teamId === partition.teamId && inRange(fromSk, toSk)(write))
        .flatMap((write) => {
          if (partition.kind === 'team') return [bucketOf(write.sk, write.aggregate, write)];
          const scheduler = write.schedulers.find((s) => s.schedulerId === partition.schedulerId);
          return scheduler ? [bucketOf(write.sk, scheduler.aggregate, null)] : [];
        }),
    readEnterpriseBuckets: async (wanted, fromSk, toSk) =>
      writes()
        .filter(inRange(fromSk, toSk))
        .flatMap((write) =>
          write.enterprises
            .filter((e) => e.enterpriseId === wanted)
            .map((e) => ({ sk: write.sk, teams: new Map([[write.teamId, e.entry]]) })),
        ),
    isComplete: async (partition) => complete.has(JSON.stringify(partition)),
    markComplete: async (partition) => {
      complete.add(JSON.stringify(partition));
    },
  };
  const dependencies: RollupDependencies = {
    rollups,
    sessions: {
      readPlacedSessionsStartedIn: async (teamId, range) =>
        sessions
          .filter((s) => s.team_id === teamId && s.started_at >= range.start && s.started_at < range.end)
          .map((session) => ({ session, enterpriseId })),
    },
  };
  /** The write that landed last on a team's bucket, if any. */
  const bucket = (teamId: number, sk: string): BucketWrite | undefined => landed.get(keyOf(teamId, sk));
  return { dependencies, bucket };
}

function bucketOf(sk: string, aggregate: StoredAggregate, team: BucketWrite | null): TeamBucket {
  return {
    sk,
    funnel: aggregate.funnel,
    body: aggregate.body,
    ads: aggregate.ads,
    overflow: aggregate.body === null,
    schedulers: team?.schedulers.map((s) => s.schedulerId) ?? [],
    enterprises: team?.enterprises.map((e) => e.enterpriseId) ?? [],
    enterpriseEntries: team?.enterpriseEntries ?? null,
  };
}

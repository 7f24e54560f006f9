import type { AggregateParts, EncodedAggregate } from '#shared/domain/rollups/aggregate';

/** Where a rollup bucket belongs: a team (all schedulers), one scheduler of a team, or an enterprise. */
export type RollupPartition =
  | { readonly kind: 'team'; readonly teamId: number }
  | { readonly kind: 'scheduler'; readonly teamId: number; readonly schedulerId: number }
  | { readonly kind: 'enterprise'; readonly enterpriseId: number };

/** A stored team or scheduler bucket (the parts a read asked for). */
export interface TeamBucket {
  readonly sk: string;
  /** The encoded funnel, stored even when the rest overflowed. */
  readonly funnel: string | null;
  /** The encoded body and ads (shared/domain/rollups/aggregate.ts); null when not read, or too large to store (the bucket is then read from finer buckets or rows). */
  readonly body: string | null;
  readonly ads: string | null;
  readonly overflow: boolean;
  /** Team buckets only: the schedulers and enterprises the bucket wrote entries for. */
  readonly schedulers: readonly number[];
  readonly enterprises: readonly number[];
  /** Team buckets only: [enterpriseId, schedulerId, ...funnel tuple][] as JSON. */
  readonly enterpriseEntries: string | null;
}

/** A stored enterprise bucket: per team, [schedulerId, ...funnel tuple][] as JSON. */
export interface EnterpriseBucket {
  readonly sk: string;
  readonly teams: ReadonlyMap<number, string>;
}

/** What a recompute read when it announced itself (see RollupStore.touch). */
export interface Touch {
  readonly version: number;
  readonly schedulers: readonly number[];
  readonly enterprises: readonly number[];
}

/** One recomputed team bucket and everything derived from it, written together or not at all. */
export interface BucketWrite {
  readonly teamId: number;
  readonly sk: string;
  /** The touch version this recompute announced; the write only lands if no later recompute announced itself. */
  readonly version: number;
  /** null when it cannot be computed at this level (a finer bucket overflowed): only the funnel is stored then. */
  readonly aggregate: StoredAggregate;
  readonly schedulers: readonly { readonly schedulerId: number; readonly aggregate: StoredAggregate }[];
  readonly removedSchedulers: readonly number[];
  readonly enterpriseEntries: string;
  readonly enterprises: readonly { readonly enterpriseId: number; readonly entry: string }[];
  readonly removedEnterprises: readonly number[];
}

/** What a bucket write stores: the encoded aggregate, or only its funnel when the rest is not available. */
export type StoredAggregate = EncodedAggregate | { readonly funnel: string; readonly body: null; readonly ads: null };

export interface RollupStore {
  /**
   * Announces a recompute of a team bucket: atomically bumps the bucket's touch counter and returns
   * it with what the bucket last wrote. Only the latest announced recompute may write.
   */
  touch(teamId: number, sk: string): Promise<Touch>;
  /** 'superseded' when a later recompute announced itself (it will write a result at least as fresh). */
  commit(write: BucketWrite): Promise<'written' | 'superseded'>;
  /** Buckets of a team or scheduler partition with sort keys in [fromSk, toSk]. */
  readTeamBuckets(
    partition: Exclude<RollupPartition, { kind: 'enterprise' }>,
    fromSk: string,
    toSk: string,
    options: { readonly parts: AggregateParts; readonly consistent?: boolean },
  ): Promise<TeamBucket[]>;
  readEnterpriseBuckets(enterpriseId: number, fromSk: string, toSk: string): Promise<EnterpriseBucket[]>;
  /** Whether the partition's rollups cover its whole history (set by a rebuild, or when the team or enterprise is created). */
  isComplete(partition: Exclude<RollupPartition, { kind: 'scheduler' }>): Promise<boolean>;
  markComplete(partition: Exclude<RollupPartition, { kind: 'scheduler' }>): Promise<void>;
}

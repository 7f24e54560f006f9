import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AggregateParts } from '#shared/domain/rollups/aggregate';
import { ROLLUP_LAYOUT } from '#shared/domain/rollups/buckets';
import type {
  BucketWrite,
  EnterpriseBucket,
  RollupPartition,
  RollupStore,
  StoredAggregate,
  TeamBucket,
  Touch,
} from '#shared/ports/rollup-store';
import { padId } from './keys';
import { type Item, queryAll, storedAttributes } from './query';

/**
 * Items of the rollups table (layout R2): pk R2#TEAM#<team> (all schedulers), R2#TEAM#<team>#SCHED#<scheduler>
 * or R2#ENT#<enterprise>; sk H#<UTC hour> or D#<UTC day>, and COMPLETE for the marker that the
 * partition's rollups cover its history.
 * - A team bucket is three items, because DynamoDB meters (and pages) a Query by the whole items it
 *   reads, whatever a projection returns: `D#…`/`H#…` holds `fun` (the encoded funnel), `touches`
 *   and `computed` (the recompute protocol, shared/domain/rollups/maintain.ts), `sch` and `ens`
 *   (what the last write covered), `ent` (per-enterprise entries) and `overflow`; `B#D#…`/`B#H#…`
 *   holds `agg` (the body) and `A#D#…`/`A#H#…` holds `ads` (the ad groups), each with `v`, the
 *   version that wrote it. A funnel reads only the small items, analytics without googleAdsData
 *   never read the click ids, and a part whose `v` is not its bucket's `computed` (a read between
 *   the items of one transaction) makes the bucket read one level finer, like an overflowed one.
 * - A scheduler bucket is one item with `fun`, `agg` and `ads` (three per scheduler would cut the
 *   schedulers one transaction can write from ~97 to ~32).
 * Only `fun` and `overflow` are stored when body and ads would pass OVERFLOW_BYTES. Enterprise
 * buckets hold one attribute per team, `t<team>`.
 */
export function rollupPk(partition: RollupPartition): string {
  switch (partition.kind) {
    case 'team':
      return `${ROLLUP_LAYOUT}#TEAM#${padId(partition.teamId)}`;
    case 'scheduler':
      return `${ROLLUP_LAYOUT}#TEAM#${padId(partition.teamId)}#SCHED#${padId(partition.schedulerId)}`;
    case 'enterprise':
      return `${ROLLUP_LAYOUT}#ENT#${padId(partition.enterpriseId)}`;
  }
}

const COMPLETE_SK = 'COMPLETE';
/** An aggregate above this is not stored (DynamoDB items stop at 400 KB); readers go one level finer. */
export const OVERFLOW_BYTES = 300_000;
/** Concurrent commits of teams of one enterprise conflict on its bucket; they retry this often. */
const CONFLICT_RETRIES = 8;

const teamAttribute = (teamId: number) => `t${teamId}`;

function partItem(key: { pk: string; sk: string }, part: { agg: string } | { ads: string }, version: number): BucketPartItem {
  return { pk: key.pk, sk: key.sk, ...part, v: version };
}

/** Sort-key prefixes of a team bucket's body and ads items. */
const BODY_PREFIX = 'B#';
const ADS_PREFIX = 'A#';

/** The attributes a bucket stores: its aggregate's texts, or its funnel and the overflow flag when they would not fit. */
function storedValue(aggregate: StoredAggregate): { fun: string; agg: string; ads: string } | { fun: string; overflow: true } {
  if (aggregate.body === null || Buffer.byteLength(aggregate.body) + Buffer.byteLength(aggregate.ads) > OVERFLOW_BYTES)
    return { fun: aggregate.funnel, overflow: true };
  return { fun: aggregate.funnel, agg: aggregate.body, ads: aggregate.ads };
}
/** The stored value of a bucket (see storedValue): present unless the projection of a read left it out. */
type StoredValueAttributes = {
  readonly fun?: string;
  readonly agg?: string;
  readonly ads?: string;
  readonly overflow?: true;
};

/** A team or scheduler bucket (`D#…`/`H#…`); the recompute protocol's attributes on team buckets only. */
type BucketItem = StoredValueAttributes & {
  readonly pk: string;
  readonly sk: string;
  readonly touches?: number;
  readonly computed?: number;
  readonly sch?: readonly number[];
  readonly ens?: readonly number[];
  readonly ent?: string;
};

/** A team bucket's body (`B#…`, `agg`) or ads (`A#…`, `ads`) item, with the version that wrote it. */
type BucketPartItem = { readonly pk: string; readonly sk: string; readonly v: number; readonly agg?: string; readonly ads?: string };

/** The marker that a partition's rollups cover its history. */
type CompleteItem = { readonly pk: string; readonly sk: typeof COMPLETE_SK; readonly at: string };

const numbers = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** Each attribute is decoded by its type (text, numbers): this path reads every bucket of a range, so no schema is built for it. */
function bucketOf(item: Item, body: string | null, ads: string | null): TeamBucket {
  return {
    sk: String(item.sk),
    funnel: text(item.fun),
    body,
    ads,
    overflow: item.overflow === true,
    schedulers: numbers(item.sch),
    enterprises: numbers(item.ens),
    enterpriseEntries: text(item.ent),
  };
}

export class DynamoRollupStore implements RollupStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async touch(teamId: number, sk: string): Promise<Touch> {
    const result = await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: rollupPk({ kind: 'team', teamId }), sk },
        UpdateExpression: 'ADD touches :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    // Read on every bucket a stream batch touches, so attribute by attribute rather than a zod
    // schema (as the authorizer's reads); a bucket no commit has written yet has no `sch` or `ens`.
    const item = storedAttributes(result.Attributes ?? {}, 'rollup bucket');
    const listed = (name: 'sch' | 'ens') => (item.has(name) ? item.numbers(name) : []);
    return { version: item.number('touches'), schedulers: listed('sch'), enterprises: listed('ens') };
  }

  async commit(write: BucketWrite): Promise<'written' | 'superseded'> {
    const team = storedValue(write.aggregate);
    const pk = rollupPk({ kind: 'team', teamId: write.teamId });
    const part = (prefix: string) => ({ TableName: this.tableName, Key: { pk, sk: `${prefix}${write.sk}` } });
    const items = [
      {
        Update: {
          TableName: this.tableName,
          Key: { pk, sk: write.sk },
          UpdateExpression: `SET computed = :v, sch = :sch, ens = :ens, ent = :ent, fun = :fun${'agg' in team ? ' REMOVE overflow' : ', overflow = :overflow'}`,
          ConditionExpression: 'touches = :v',
          ExpressionAttributeValues: {
            ':v': write.version,
            ':sch': write.schedulers.map((s) => s.schedulerId),
            ':ens': write.enterprises.map((e) => e.enterpriseId),
            ':ent': write.enterpriseEntries,
            ':fun': team.fun,
            ...('agg' in team ? {} : { ':overflow': true }),
          },
        },
      },
      ...('agg' in team
        ? [
            { Put: { TableName: this.tableName, Item: partItem(part(BODY_PREFIX).Key, { agg: team.agg }, write.version) } },
            { Put: { TableName: this.tableName, Item: partItem(part(ADS_PREFIX).Key, { ads: team.ads }, write.version) } },
          ]
        : [{ Delete: part(BODY_PREFIX) }, { Delete: part(ADS_PREFIX) }]),
      ...write.schedulers.map((s) => ({
        Put: {
          TableName: this.tableName,
          Item: {
            pk: rollupPk({ kind: 'scheduler', teamId: write.teamId, schedulerId: s.schedulerId }),
            sk: write.sk,
            ...storedValue(s.aggregate),
          } satisfies BucketItem,
        },
      })),
      ...write.removedSchedulers.map((schedulerId) => ({
        Delete: {
          TableName: this.tableName,
          Key: { pk: rollupPk({ kind: 'scheduler', teamId: write.teamId, schedulerId }), sk: write.sk },
        },
      })),
      ...write.enterprises.map((e) => ({
        Update: {
          TableName: this.tableName,
          Key: { pk: rollupPk({ kind: 'enterprise', enterpriseId: e.enterpriseId }), sk: write.sk },
          UpdateExpression: 'SET #team = :entry',
          ExpressionAttributeNames: { '#team': teamAttribute(write.teamId) },
          ExpressionAttributeValues: { ':entry': e.entry },
        },
      })),
      ...write.removedEnterprises.map((enterpriseId) => ({
        Update: {
          TableName: this.tableName,
          Key: { pk: rollupPk({ kind: 'enterprise', enterpriseId }), sk: write.sk },
          UpdateExpression: 'REMOVE #team',
          ExpressionAttributeNames: { '#team': teamAttribute(write.teamId) },
        },
      })),
    ];
    if (items.length > 100) {
      throw new Error(
        `team ${write.teamId} bucket ${write.sk} touches ${items.length} items; a transaction holds 100 (too many schedulers or enterprises)`,
      );
    }
    for (let attempt = 0; ; attempt++) {
      try {
        await this.client.send(new TransactWriteCommand({ TransactItems: items }));
        return 'written';
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return 'superseded';
        if (!(error instanceof TransactionCanceledException)) throw error;
        const reasons = error.CancellationReasons ?? [];
        if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'superseded';
        if (attempt >= CONFLICT_RETRIES || !reasons.some((r) => r.Code === 'TransactionConflict')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
      }
    }
  }

  async readTeamBuckets(
    partition: Exclude<RollupPartition, { kind: 'enterprise' }>,
    fromSk: string,
    toSk: string,
    options: { readonly parts: AggregateParts; readonly consistent?: boolean },
  ): Promise<TeamBucket[]> {
    const { parts } = options;
    const consistent = options.consistent ?? false;
    const pk = rollupPk(partition);
    const names: Record<string, string> = { '#sk': 'sk', '#fun': 'fun' };
    if (parts !== 'funnel') Object.assign(names, { '#ov': 'overflow', '#sch': 'sch', '#ens': 'ens', '#ent': 'ent' });
    if (partition.kind === 'scheduler') {
      if (parts !== 'funnel') names['#agg'] = 'agg';
      if (parts === 'blocks-and-ads') names['#ads'] = 'ads';
      const items = await this.query(pk, fromSk, toSk, consistent, names);
      return items.map((item) => bucketOf(item, text(item.agg), text(item.ads)));
    }
    if (parts !== 'funnel') names['#computed'] = 'computed';
    // The parts live in their own items (see above), read beside the bucket items.
    const partItems = (prefix: string, attribute: string, wanted: boolean) =>
      wanted ? this.query(pk, `${prefix}${fromSk}`, `${prefix}${toSk}`, consistent, { '#sk': 'sk', '#v': 'v', '#a': attribute }) : [];
    const [items, bodies, ads] = await Promise.all([
      this.query(pk, fromSk, toSk, consistent, names),
      partItems(BODY_PREFIX, 'agg', parts !== 'funnel'),
      partItems(ADS_PREFIX, 'ads', parts === 'blocks-and-ads'),
    ]);
    const byBucket = (list: Item[], attribute: 'agg' | 'ads') =>
      new Map(list.map((item) => [String(item.sk).slice(2), { v: Number(item.v), text: text(item[attribute]) }]));
    const bodyOf = byBucket(bodies, 'agg');
    const adsOf = byBucket(ads, 'ads');
    return items.map((item) => {
      const sk = String(item.sk);
      const computed = Number(item.computed);
      // A part written by another version than its bucket's (or missing) is not merged: the bucket is read one level finer.
      const current = (found: { v: number; text: string | null } | undefined) => (found && found.v === computed ? found.text : null);
      const itemAds = current(adsOf.get(sk));
      const body = parts === 'blocks-and-ads' && itemAds === null ? null : current(bodyOf.get(sk));
      return bucketOf(item, body, itemAds);
    });
  }

  async readEnterpriseBuckets(enterpriseId: number, fromSk: string, toSk: string): Promise<EnterpriseBucket[]> {
    const items = await this.query(rollupPk({ kind: 'enterprise', enterpriseId }), fromSk, toSk, false, undefined);
    return items.map((item) => {
      const teams = new Map<number, string>();
      for (const [name, value] of Object.entries(item)) {
        if (/^t\d+$/.test(name) && typeof value === 'string') teams.set(Number(name.slice(1)), value);
      }
      return { sk: String(item.sk), teams };
    });
  }

  async isComplete(partition: Exclude<RollupPartition, { kind: 'scheduler' }>): Promise<boolean> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { pk: rollupPk(partition), sk: COMPLETE_SK } }));
    return result.Item !== undefined;
  }

  async markComplete(partition: Exclude<RollupPartition, { kind: 'scheduler' }>): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { pk: rollupPk(partition), sk: COMPLETE_SK, at: new Date().toISOString() } satisfies CompleteItem,
      }),
    );
  }

  /** A partition's items with sort keys in [fromSk, toSk]; only the named attributes when `projection` names them. */
  private query(
    pk: string,
    fromSk: string,
    toSk: string,
    consistent: boolean,
    projection: Record<string, string> | undefined,
  ): Promise<Item[]> {
    if (fromSk > toSk) return Promise.resolve([]);
    return queryAll(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
      ExpressionAttributeValues: { ':pk': pk, ':lo': fromSk, ':hi': toSk },
      ...(projection ? { ProjectionExpression: Object.keys(projection).join(', '), ExpressionAttributeNames: projection } : {}),
      ConsistentRead: consistent,
    });
  }
}

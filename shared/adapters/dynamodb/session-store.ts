import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import type { SessionChange } from '#shared/domain/rollups/session-changes';
import type { SessionRecord, SessionStatus } from '#shared/domain/sessions';
import type { TeamPlacement } from '#shared/domain/tenancy';
import type { PlacedSession, PositionedSession, SessionListQuery, SessionStore } from '#shared/ports/session-store';
import { batchPut } from './batch-write';
import { ENTERPRISE_SHARDS, enterpriseShardPk, padId, teamPk } from './keys';
import { type Item, queryAll, queryPages, queryUpTo } from './query';
import { fromSessionItem, SESSION_ATTRIBUTES } from './session-item-read';
import { legacyUpdatedAt, toSessionItem } from './session-items';
import { changeWindowRange, type ListPartition, type MergedTimeOrderedQuery, readTimeOrdered, readTimeOrderedMerged } from './time-range';

/**
 * A change to a session row as its stream record tells it: where the row was (old image) and is
 * (new image), each a team and a start. An image without them (a row being written for the first
 * time has no old image) places nothing.
 */
export function sessionChangeOfStreamRecord(record: DynamoDBRecord): SessionChange {
  return {
    sequenceNumber: record.dynamodb?.SequenceNumber ?? '',
    placements: [...placementOf(record.dynamodb?.OldImage), ...placementOf(record.dynamodb?.NewImage)],
  };
}

function placementOf(image: Record<string, AttributeValue> | undefined): SessionChange['placements'] {
  const teamId = Number(image?.team_id?.N);
  const startedAt = image?.started_at?.S;
  if (!Number.isInteger(teamId) || startedAt === undefined) return [];
  return [{ teamId, startedMs: Date.parse(startedAt) }];
}

/**
 * Where a list reads, decided here and nowhere else:
 * - one team (a team named with team_id, a one-team key, or one team left after test teams are
 *   dropped): that team's partition, as a single-team list does;
 * - several teams whose enterprises are given: the enterprise index's shards of those enterprises
 *   (LIVE; TEST too when test teams are among the teams), when they are fewer partitions than the
 *   teams, which is when the enterprises average more than ENTERPRISE_SHARDS teams (twice that
 *   with test teams): every partition costs a query per page, so fewer partitions is cheaper;
 * - otherwise (no enterprises given, or many small enterprises): the teams' partitions.
 * Several partitions are merged lazily (readTimeOrderedMerged). A key always reaches whole
 * enterprises, so the teams are a strict subset of their enterprises' teams only when test teams are
 * left out (their rows are in the TEST partitions, which are then not read) or when a team joined
 * after the authorizer resolved the key (its rows are read past: the team-set check below).
 */
export function listPartitions(
  q: Pick<SessionListQuery, 'teamIds' | 'enterprises'>,
): { readonly kind: 'teams'; readonly teamIds: readonly number[] } | { readonly kind: 'enterprise'; readonly shardPks: readonly string[] } {
  if (q.teamIds.length <= 1 || !q.enterprises) return { kind: 'teams', teamIds: q.teamIds };
  const kinds = q.enterprises.includeTestTeams ? [false, true] : [false];
  const shardPks = q.enterprises.ids.flatMap((enterpriseId) =>
    kinds.flatMap((isTest) => Array.from({ length: ENTERPRISE_SHARDS }, (_, shard) => enterpriseShardPk(enterpriseId, isTest, shard))),
  );
  return shardPks.length < q.teamIds.length ? { kind: 'enterprise', shardPks } : { kind: 'teams', teamIds: q.teamIds };
}

/** The partitions of one list (sessions, by status, bookings) in the per-team and the enterprise indexes. */
interface ListIndexes {
  readonly sortKeyName: 'sk' | 'bookedSk' | 'changeSk';
  team(teamId: number): ListPartition;
  enterprise(shardPk: string): ListPartition;
}

function sessionIndexes(status: SessionStatus | undefined): ListIndexes {
  if (status === undefined) {
    return {
      sortKeyName: 'sk',
      team: (teamId) => ({ partitionKeyName: 'pk', partitionKeyValue: teamPk(teamId) }),
      enterprise: (shardPk) => ({ indexName: 'byEnterprise', partitionKeyName: 'enterprisePk', partitionKeyValue: shardPk }),
    };
  }
  return {
    sortKeyName: 'sk',
    team: (teamId) => ({ indexName: 'byStatus', partitionKeyName: 'statusPk', partitionKeyValue: `${teamPk(teamId)}#${status}` }),
    enterprise: (shardPk) => ({
      indexName: 'byEnterpriseStatus',
      partitionKeyName: 'enterpriseStatusPk',
      partitionKeyValue: `${shardPk}#${status}`,
    }),
  };
}

const BOOKING_INDEXES: ListIndexes = {
  sortKeyName: 'bookedSk',
  team: (teamId) => ({ indexName: 'bookings', partitionKeyName: 'bookedPk', partitionKeyValue: teamPk(teamId) }),
  enterprise: (shardPk) => ({ indexName: 'enterpriseBookings', partitionKeyName: 'enterpriseBookedPk', partitionKeyValue: shardPk }),
};

/** The change feeds (sessions and, keeping booked rows only, bookings), by when each row last changed. */
const CHANGE_INDEXES: ListIndexes = {
  sortKeyName: 'changeSk',
  team: (teamId) => ({ indexName: 'changes', partitionKeyName: 'pk', partitionKeyValue: teamPk(teamId) }),
  enterprise: (shardPk) => ({ indexName: 'enterpriseChanges', partitionKeyName: 'enterprisePk', partitionKeyValue: shardPk }),
};

/** A booked session is the one row with a bookedPk (booked is final: a row never leaves the bookings). */
const BOOKED_ONLY: MergedTimeOrderedQuery['filter'] = { FilterExpression: 'attribute_exists(bookedPk)' };

export class DynamoSessionStore implements SessionStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listSessions(q: SessionListQuery): Promise<PositionedSession[]> {
    const filter =
      q.schedulerId !== undefined
        ? { FilterExpression: 'scheduler_id = :scheduler', ExpressionAttributeValues: { ':scheduler': q.schedulerId } }
        : undefined;
    return q.changedIn ? this.readList(q, CHANGE_INDEXES) : this.readList(q, sessionIndexes(q.status), filter);
  }

  async listBookings(q: Omit<SessionListQuery, 'status' | 'schedulerId'>): Promise<PositionedSession[]> {
    return q.changedIn ? this.readList(q, CHANGE_INDEXES, BOOKED_ONLY) : this.readList(q, BOOKING_INDEXES);
  }

  /**
   * limit + 1 rows after the cursor position, from the partitions listPartitions picks: newest
   * first, or for a change feed (`changedIn`) oldest change first within the window.
   */
  private async readList(
    q: Omit<SessionListQuery, 'status' | 'schedulerId'>,
    indexes: ListIndexes,
    filter?: MergedTimeOrderedQuery['filter'],
  ): Promise<PositionedSession[]> {
    const want = q.limit + 1;
    const plan = listPartitions(q);
    const window = q.changedIn ? changeWindowRange(q.changedIn) : { start: q.start, end: q.end };
    const range = { ...window, after: q.after, want, filter, projection: SESSION_ATTRIBUTES };
    let rows: Item[];
    if (plan.kind === 'teams' && plan.teamIds.length === 1) {
      const only = indexes.team(plan.teamIds[0] as number);
      rows = await readTimeOrdered(this.client, { tableName: this.tableName, ...only, sortKeyName: indexes.sortKeyName, ...range });
    } else {
      const teams = new Set(q.teamIds);
      rows = await readTimeOrderedMerged(this.client, {
        tableName: this.tableName,
        partitions: plan.kind === 'teams' ? plan.teamIds.map(indexes.team) : plan.shardPks.map(indexes.enterprise),
        sortKeyName: indexes.sortKeyName,
        ...range,
        // An enterprise partition also holds teams the key does not reach (normally none).
        accept: plan.kind === 'enterprise' ? (item) => teams.has(item.team_id as number) : undefined,
      });
    }
    return rows.map((item) => ({ session: fromSessionItem(item), position: String(item[indexes.sortKeyName]) }));
  }

  async readSessionsStartedIn(teamId: number, range: { start: string; end: string }, schedulerId?: number): Promise<SessionRecord[]> {
    if (range.start > range.end) return [];
    const items = await queryAll(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
      ExpressionAttributeValues: {
        ':pk': teamPk(teamId),
        ':lo': range.start,
        ':hi': range.end,
        ...(schedulerId !== undefined ? { ':scheduler': schedulerId } : {}),
      },
      FilterExpression: schedulerId !== undefined ? 'scheduler_id = :scheduler' : undefined,
    });
    return items.map(fromSessionItem);
  }

  /** A team's sessions started in [start, end) with the enterprise each is placed in, read consistently (rollup recomputes). */
  async readPlacedSessionsStartedIn(teamId: number, range: { start: string; end: string }): Promise<PlacedSession[]> {
    if (range.start > range.end) return [];
    const items = await queryAll(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
      ExpressionAttributeValues: { ':pk': teamPk(teamId), ':lo': range.start, ':hi': range.end },
      ConsistentRead: true,
    });
    return items.map((item) => ({ session: fromSessionItem(item), enterpriseId: Number(item.enterpriseId) }));
  }

  /**
   * The first `want` sessions started in [start, end) in customerEvents order (last activity, then
   * session id, descending), from the activity index: the read stops after `want` rows. Rows are
   * read from the newest activity down to `start` (a session's activity is never before its
   * start); sessions started after `end` but active within the range are read and skipped.
   */
  async readCustomerEvents(
    teamId: number,
    range: { start: string; end: string },
    want: number,
    schedulerId?: number,
  ): Promise<SessionRecord[]> {
    const items = await queryUpTo(
      this.client,
      {
        TableName: this.tableName,
        IndexName: schedulerId === undefined ? 'byActivity' : 'bySchedulerActivity',
        KeyConditionExpression: '#pk = :pk AND activitySk >= :start',
        FilterExpression: 'started_at >= :start AND started_at < :end',
        ExpressionAttributeNames: { '#pk': schedulerId === undefined ? 'activityPk' : 'schedulerActivityPk' },
        ExpressionAttributeValues: {
          ':pk': schedulerId === undefined ? teamPk(teamId) : `${teamPk(teamId)}#SCHED#${padId(schedulerId)}`,
          ':start': range.start,
          ':end': range.end,
        },
        ScanIndexForward: false,
      },
      want,
    );
    return items.map(fromSessionItem);
  }

  /** Sessions of an enterprise's teams started in [start, end), from its index partitions (LIVE, and TEST when asked). */
  async readEnterpriseSessionsStartedIn(
    enterpriseId: number,
    range: { start: string; end: string },
    options: { readonly includeTestTeams: boolean },
  ): Promise<SessionRecord[]> {
    if (range.start > range.end) return [];
    const partitions: string[] = [];
    for (const isTest of options.includeTestTeams ? [false, true] : [false]) {
      for (let shard = 0; shard < ENTERPRISE_SHARDS; shard++) partitions.push(enterpriseShardPk(enterpriseId, isTest, shard));
    }
    const lists = await Promise.all(
      partitions.map((partition) =>
        queryAll(this.client, {
          TableName: this.tableName,
          IndexName: 'byEnterprise',
          KeyConditionExpression: 'enterprisePk = :pk AND sk BETWEEN :lo AND :hi',
          ExpressionAttributeValues: { ':pk': partition, ':lo': range.start, ':hi': range.end },
        }),
      ),
    );
    return lists.flat().map(fromSessionItem);
  }

  /** The start instant of every session of a team, page by page (a rebuild finds the hours that hold rows). */
  async *readSessionStarts(teamId: number): AsyncGenerator<string[]> {
    const pages = queryPages(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': teamPk(teamId) },
      ProjectionExpression: 'started_at',
    });
    for await (const page of pages) yield page.map((item) => String(item.started_at));
  }

  /**
   * Rewrites the team's rows whose placement attributes differ from `placement` (rows written
   * before placements existed, or after the team moved enterprise or changed its test flag) or that
   * lack the change-feed attributes (rows written before them), so the
   * enterprise indexes and rollups see them where they now belong. Returns how many were rewritten.
   */
  async restampPlacement(teamId: number, placement: TeamPlacement): Promise<number> {
    let rewritten = 0;
    const pages = queryPages(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': teamPk(teamId) },
    });
    for await (const page of pages) {
      const stale = page.filter(
        (item) =>
          item.enterpriseId !== placement.enterpriseId ||
          item.testTeam !== placement.isTest ||
          item.activitySk === undefined ||
          item.changeSk === undefined,
      );
      if (stale.length > 0)
        await batchPut(
          this.client,
          this.tableName,
          // Only the placement-derived attributes change: a widget session's own attributes (token
          // hash, version, its widget state) are not the session's and must survive the rewrite. A
          // move is no change of the session: it keeps its updated_at (a row without one gets its
          // latest instant, ADR 0147).
          stale.map((item) => {
            const session = fromSessionItem(item);
            const updatedAt = typeof item.updated_at === 'string' ? item.updated_at : legacyUpdatedAt(session);
            return { ...item, ...toSessionItem(session, placement, updatedAt) };
          }),
        );
      rewritten += stale.length;
    }
    return rewritten;
  }

  /**
   * `write` takes the items in place of BatchWriteItem: the local runtime's bulk import, for a seed of
   * a million rows (local/demo/seed.ts importTeamSessions), with the items this store writes.
   */
  async putSessions(
    sessions: readonly SessionRecord[],
    placements: ReadonlyMap<number, TeamPlacement>,
    write: (tableName: string, items: readonly Record<string, unknown>[]) => Promise<void> = (tableName, items) =>
      batchPut(this.client, tableName, items),
  ): Promise<void> {
    const items = sessions.map((session) => {
      const placement = placements.get(session.team_id);
      if (!placement) throw new Error(`no placement (enterprise, test flag) given for team ${session.team_id}`);
      return toSessionItem(session, placement);
    });
    await write(this.tableName, items);
  }
}

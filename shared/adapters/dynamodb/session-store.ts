import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionRecord } from '#shared/domain/sessions';
import type { TeamPlacement } from '#shared/domain/tenancy';
import type { PlacedSession, PositionedSession, SessionListQuery, SessionStore } from '#shared/ports/session-store';
import { batchPut } from './batch-write';
import { ENTERPRISE_SHARDS, enterpriseShardPk, padId, shardOf, teamPk, timeSortKey } from './keys';
import { type Item, queryAll, queryUpTo } from './query';
import { readTimeOrdered, readTimeOrderedAcrossPartitions } from './time-range';

/**
 * Items: pk TEAM#<team>, sk <started_at>#<team>#<session>, the session's attributes, and its
 * placement (`enterpriseId`, `testTeam`) so stream consumers know where a row counts. Indexes:
 * - byStatus: statusPk TEAM#<team>#<status> + sk.
 * - bookings (sparse, booked sessions only): bookedPk TEAM#<team> + bookedSk <completed_at>#<team>#<session>.
 * - byActivity / bySchedulerActivity: activityPk TEAM#<team> (schedulerActivityPk
 *   TEAM#<team>#SCHED#<scheduler>) + activitySk <last activity>#<session>, the customerEvents order.
 * - byEnterprise / byEnterpriseStatus / enterpriseBookings: enterprisePk ENT#<enterprise>#LIVE|TEST#<shard>
 *   (+ #<status>) with sk or bookedSk, the cross-team lists.
 */
export function toSessionItem(session: SessionRecord, placement: TeamPlacement): Item {
  const team = teamPk(session.team_id);
  const sk = timeSortKey(session.started_at, session.team_id, session.session_id);
  const enterprisePk = enterpriseShardPk(placement.enterpriseId, placement.isTest, shardOf(session.session_id));
  const item: Item = {
    pk: team,
    sk,
    statusPk: `${team}#${session.status}`,
    activityPk: team,
    schedulerActivityPk: `${team}#SCHED#${padId(session.scheduler_id)}`,
    activitySk: `${session.last_activity_at ?? session.started_at}#${session.session_id}`,
    enterprisePk,
    enterpriseStatusPk: `${enterprisePk}#${session.status}`,
    enterpriseId: placement.enterpriseId,
    testTeam: placement.isTest,
    ...session,
  };
  if (session.status === 'booked' && session.completed_at) {
    item.bookedPk = team;
    item.bookedSk = timeSortKey(session.completed_at, session.team_id, session.session_id);
    item.enterpriseBookedPk = enterprisePk;
  }
  return item;
}

/** Attributes of a session item that are keys or placement, not the session. */
const STORAGE_ATTRIBUTES = [
  'pk',
  'sk',
  'statusPk',
  'bookedPk',
  'bookedSk',
  'activityPk',
  'schedulerActivityPk',
  'activitySk',
  'enterprisePk',
  'enterpriseStatusPk',
  'enterpriseBookedPk',
  'enterpriseId',
  'testTeam',
] as const;

export function fromSessionItem(item: Item): SessionRecord {
  const session: Item = { ...item };
  for (const name of STORAGE_ATTRIBUTES) delete session[name];
  return session as unknown as SessionRecord;
}

export class DynamoSessionStore implements SessionStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listSessions(q: SessionListQuery): Promise<PositionedSession[]> {
    const want = q.limit + 1;
    const filter =
      q.schedulerId !== undefined
        ? { FilterExpression: 'scheduler_id = :scheduler', ExpressionAttributeValues: { ':scheduler': q.schedulerId } }
        : undefined;
    const rows = await readTimeOrderedAcrossPartitions(
      q.teamIds.map(String),
      want,
      (team) =>
        readTimeOrdered(this.client, {
          tableName: this.tableName,
          indexName: q.status ? 'byStatus' : undefined,
          partitionKeyName: q.status ? 'statusPk' : 'pk',
          partitionKeyValue: q.status ? `${teamPk(Number(team))}#${q.status}` : teamPk(Number(team)),
          sortKeyName: 'sk',
          start: q.start,
          end: q.end,
          after: q.after,
          want,
          filter,
        }),
      (item) => String(item.sk),
    );
    return rows.map((item) => ({ session: fromSessionItem(item), position: String(item.sk) }));
  }

  async listBookings(q: Omit<SessionListQuery, 'status' | 'schedulerId'>): Promise<PositionedSession[]> {
    const want = q.limit + 1;
    const rows = await readTimeOrderedAcrossPartitions(
      q.teamIds.map(String),
      want,
      (team) =>
        readTimeOrdered(this.client, {
          tableName: this.tableName,
          indexName: 'bookings',
          partitionKeyName: 'bookedPk',
          partitionKeyValue: teamPk(Number(team)),
          sortKeyName: 'bookedSk',
          start: q.start,
          end: q.end,
          after: q.after,
          want,
        }),
      (item) => String(item.bookedSk),
    );
    return rows.map((item) => ({ session: fromSessionItem(item), position: String(item.bookedSk) }));
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
    let start: Record<string, unknown> | undefined;
    do {
      const result = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': teamPk(teamId) },
          ProjectionExpression: 'started_at',
          ExclusiveStartKey: start,
        }),
      );
      yield (result.Items ?? []).map((item) => String(item.started_at));
      start = result.LastEvaluatedKey;
    } while (start);
  }

  /**
   * Rewrites the team's rows whose placement attributes differ from `placement` (rows written
   * before placements existed, or after the team moved enterprise or changed its test flag), so the
   * enterprise indexes and rollups see them where they now belong. Returns how many were rewritten.
   */
  async restampPlacement(teamId: number, placement: TeamPlacement): Promise<number> {
    let rewritten = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const result = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': teamPk(teamId) },
          ExclusiveStartKey: start,
        }),
      );
      const stale = (result.Items ?? []).filter(
        (item) => item.enterpriseId !== placement.enterpriseId || item.testTeam !== placement.isTest || item.activitySk === undefined,
      );
      if (stale.length > 0)
        await batchPut(
          this.client,
          this.tableName,
          stale.map((item) => toSessionItem(fromSessionItem(item), placement)),
        );
      rewritten += stale.length;
      start = result.LastEvaluatedKey;
    } while (start);
    return rewritten;
  }

  async putSessions(sessions: readonly SessionRecord[], placements: ReadonlyMap<number, TeamPlacement>): Promise<void> {
    const items = sessions.map((session) => {
      const placement = placements.get(session.team_id);
      if (!placement) throw new Error(`no placement (enterprise, test flag) given for team ${session.team_id}`);
      return toSessionItem(session, placement);
    });
    await batchPut(this.client, this.tableName, items);
  }
}

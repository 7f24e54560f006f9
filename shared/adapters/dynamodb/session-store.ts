import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SessionRecord } from '#shared/domain/sessions';
import type { PositionedSession, SessionListQuery, SessionStore } from '#shared/ports/session-store';
import { batchPut } from './batch-write';
import { teamPk, timeSortKey } from './keys';
import { type Item, queryAll } from './query';
import { readTimeOrdered, readTimeOrderedAcrossPartitions } from './time-range';

/**
 * Items: pk TEAM#<team>, sk <started_at>#<team>#<session>. Index byStatus: statusPk
 * TEAM#<team>#<status> + sk. Index bookings (sparse, booked sessions only): bookedPk TEAM#<team> +
 * bookedSk <completed_at>#<team>#<session>.
 */
export function toSessionItem(session: SessionRecord): Item {
  const sk = timeSortKey(session.started_at, session.team_id, session.session_id);
  const item: Item = { pk: teamPk(session.team_id), sk, statusPk: `${teamPk(session.team_id)}#${session.status}`, ...session };
  if (session.status === 'booked' && session.completed_at) {
    item.bookedPk = teamPk(session.team_id);
    item.bookedSk = timeSortKey(session.completed_at, session.team_id, session.session_id);
  }
  return item;
}

function fromItem(item: Item): SessionRecord {
  const { pk: _pk, sk: _sk, statusPk: _s, bookedPk: _b, bookedSk: _bs, ...session } = item;
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
    return rows.map((item) => ({ session: fromItem(item), position: String(item.sk) }));
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
    return rows.map((item) => ({ session: fromItem(item), position: String(item.bookedSk) }));
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
    return items.map(fromItem);
  }

  async putSessions(sessions: readonly SessionRecord[]): Promise<void> {
    await batchPut(this.client, this.tableName, sessions.map(toSessionItem));
  }
}

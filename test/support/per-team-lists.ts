import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { teamPk } from '#shared/adapters/dynamodb/keys';
import type { Item } from '#shared/adapters/dynamodb/query';
import { fromSessionItem } from '#shared/adapters/dynamodb/session-item-read';
import { readTimeOrdered } from '#shared/adapters/dynamodb/time-range';
import type { PositionedSession, SessionListQuery } from '#shared/ports/session-store';

/**
 * The cross-team lists as the session store read them before the enterprise index: one query per
 * team reading up to limit + 1 rows each, all merged and cut to limit + 1. Kept as the oracle the
 * integration tests compare the store with, and as the baseline the cross-team benchmark prints.
 */
async function perTeam(
  teamIds: readonly number[],
  want: number,
  read: (teamId: number) => Promise<Item[]>,
  sortKeyName: string,
): Promise<PositionedSession[]> {
  const lists = await Promise.all(teamIds.map(read));
  const all = lists.flat();
  all.sort((a, b) => {
    const pa = String(a[sortKeyName]);
    const pb = String(b[sortKeyName]);
    return pa < pb ? 1 : pa > pb ? -1 : 0;
  });
  return all.slice(0, want).map((item) => ({ session: fromSessionItem(item), position: String(item[sortKeyName]) }));
}

export function listSessionsPerTeam(client: DynamoDBDocumentClient, tableName: string, q: SessionListQuery): Promise<PositionedSession[]> {
  const want = q.limit + 1;
  const filter =
    q.schedulerId !== undefined
      ? { FilterExpression: 'scheduler_id = :scheduler', ExpressionAttributeValues: { ':scheduler': q.schedulerId } }
      : undefined;
  return perTeam(
    q.teamIds,
    want,
    (team) =>
      readTimeOrdered(client, {
        tableName,
        indexName: q.status ? 'byStatus' : undefined,
        partitionKeyName: q.status ? 'statusPk' : 'pk',
        partitionKeyValue: q.status ? `${teamPk(team)}#${q.status}` : teamPk(team),
        sortKeyName: 'sk',
        start: q.start,
        end: q.end,
        after: q.after,
        want,
        filter,
      }),
    'sk',
  );
}

export function listBookingsPerTeam(
  client: DynamoDBDocumentClient,
  tableName: string,
  q: Omit<SessionListQuery, 'status' | 'schedulerId'>,
): Promise<PositionedSession[]> {
  const want = q.limit + 1;
  return perTeam(
    q.teamIds,
    want,
    (team) =>
      readTimeOrdered(client, {
        tableName,
        indexName: 'bookings',
        partitionKeyName: 'bookedPk',
        partitionKeyValue: teamPk(team),
        sortKeyName: 'bookedSk',
        start: q.start,
        end: q.end,
        after: q.after,
        want,
      }),
    'bookedSk',
  );
}

/** Queries a client sent and the items they evaluated (ScannedCount: rows read, filtered out or not). */
export interface ReadCounts {
  queries: number;
  /** Rounds of Queries that waited for each other: a Query sent while none is in flight starts one. */
  rounds: number;
  itemsRead: number;
  itemsReturned: number;
  /** Estimated read units: per Query, its returned items' JSON length in 4 KB units, at least one, halved (eventually consistent). */
  readUnits: number;
  readonly indexes: Set<string>;
}

/** A client that counts the Queries sent through it (by index name; the table itself is `table`). */
export function countingClient(client: DynamoDBDocumentClient): { client: DynamoDBDocumentClient; counts: ReadCounts; reset(): void } {
  const counts: ReadCounts = { queries: 0, rounds: 0, itemsRead: 0, itemsReturned: 0, readUnits: 0, indexes: new Set() };
  let inFlight = 0;
  const wrapped = {
    send: async (command: { input: Record<string, unknown>; constructor: { name: string } }) => {
      if (inFlight === 0) counts.rounds++;
      inFlight++;
      let result: { Items?: unknown[]; ScannedCount?: number };
      try {
        result = (await client.send(command as never)) as { Items?: unknown[]; ScannedCount?: number };
      } finally {
        inFlight--;
      }
      if (command.constructor.name === 'QueryCommand') {
        counts.queries++;
        counts.itemsRead += result.ScannedCount ?? result.Items?.length ?? 0;
        counts.itemsReturned += result.Items?.length ?? 0;
        const bytes = (result.Items ?? []).reduce((n: number, item) => n + JSON.stringify(item).length, 0);
        counts.readUnits += Math.max(1, Math.ceil(bytes / 4096)) / 2;
        counts.indexes.add(String(command.input.IndexName ?? 'table'));
      }
      return result;
    },
  };
  return {
    client: wrapped as unknown as DynamoDBDocumentClient,
    counts,
    reset() {
      counts.queries = 0;
      counts.rounds = 0;
      counts.itemsRead = 0;
      counts.itemsReturned = 0;
      counts.readUnits = 0;
      counts.indexes.clear();
    },
  };
}

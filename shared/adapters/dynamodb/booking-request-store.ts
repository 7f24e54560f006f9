import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BookingRequest, BookingRequestAction, BookingRequestStatus } from '#shared/domain/schedulers';
import type { BookingRequestListQuery, BookingRequestStore, PositionedBookingRequest } from '#shared/ports/booking-request-store';
import { batchPut } from './batch-write';
import { padId, teamPk, timeSortKey } from './keys';
import type { Item } from './query';
import { readTimeOrdered } from './time-range';
import { isTransactionCancelled, transactWrite } from './transact';

/**
 * Booking requests in the sessions table, in partitions of their own beside the team's sessions
 * (`TEAM#<t>#BOOKREQ...`; session rows live in `TEAM#<t>`), sorted by
 * `<requested_at>#<team>#<request id>`. Each request is stored four times, once per list it can be
 * read from with a single Query that returns only matching rows:
 * - `TEAM#<t>#BOOKREQ` (every request),
 * - `TEAM#<t>#BOOKREQ#STATUS#<status>`,
 * - `TEAM#<t>#BOOKREQ#SCHED#<scheduler>`,
 * - `TEAM#<t>#BOOKREQ#SCHED#<scheduler>#STATUS#<status>`.
 * Copies are base-table items, not index entries: a local data folder's table cannot gain a GSI.
 * They carry no `started_at`, so the sessions stream's rollup consumer passes over them.
 */
function partitions(request: Pick<BookingRequest, 'team_id' | 'scheduler_id'>, status: BookingRequestStatus): string[] {
  const base = `${teamPk(request.team_id)}#BOOKREQ`;
  const scheduler = `${base}#SCHED#${padId(request.scheduler_id)}`;
  return [base, `${base}#STATUS#${status}`, scheduler, `${scheduler}#STATUS#${status}`];
}

function listPartition(q: BookingRequestListQuery): string {
  let pk = `${teamPk(q.teamId)}#BOOKREQ`;
  if (q.schedulerId !== undefined) pk += `#SCHED#${padId(q.schedulerId)}`;
  if (q.status !== undefined) pk += `#STATUS#${q.status}`;
  return pk;
}

function sortKey(request: BookingRequest): string {
  return timeSortKey(request.requested_at, request.team_id, request.request_id);
}

/** One copy of a request: its list's partition, its time order, and the request's attributes. */
type BookingRequestItem = {
  readonly pk: string;
  readonly sk: string;
  readonly request_id: string;
  readonly team_id: number;
  readonly session_id: string;
  readonly scheduler_id: number;
  /** Absent on requests stored before follow-ups existed: those were all creates. */
  readonly action?: BookingRequestAction;
  readonly attempt: number;
  readonly requested_slot: { readonly date: string; readonly time: string; readonly time_zone: string };
  readonly status: BookingRequestStatus;
  readonly st_job_id: number | null;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly requested_at: string;
  readonly completed_at: string | null;
};

function toItems(request: BookingRequest): BookingRequestItem[] {
  const sk = sortKey(request);
  const { requested_slot: slot, error } = request;
  return partitions(request, request.status).map((pk) => ({
    pk,
    sk,
    request_id: request.request_id,
    team_id: request.team_id,
    session_id: request.session_id,
    scheduler_id: request.scheduler_id,
    action: request.action,
    attempt: request.attempt,
    requested_slot: { date: slot.date, time: slot.time, time_zone: slot.time_zone },
    status: request.status,
    st_job_id: request.st_job_id,
    error: error ? { code: error.code, message: error.message } : null,
    requested_at: request.requested_at,
    completed_at: request.completed_at,
  }));
}

function fromItem(item: Item): BookingRequest {
  const r = item as unknown as BookingRequestItem;
  return {
    request_id: r.request_id,
    team_id: r.team_id,
    session_id: r.session_id,
    scheduler_id: r.scheduler_id,
    action: r.action ?? 'create',
    attempt: r.attempt,
    requested_slot: { date: r.requested_slot.date, time: r.requested_slot.time, time_zone: r.requested_slot.time_zone },
    status: r.status,
    st_job_id: r.st_job_id,
    error: r.error ? { code: r.error.code, message: r.error.message } : null,
    requested_at: r.requested_at,
    completed_at: r.completed_at,
  };
}

export class DynamoBookingRequestStore implements BookingRequestStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listBookingRequests(query: BookingRequestListQuery): Promise<PositionedBookingRequest[]> {
    const items = await readTimeOrdered(this.client, {
      tableName: this.tableName,
      partitionKeyName: 'pk',
      partitionKeyValue: listPartition(query),
      sortKeyName: 'sk',
      start: query.start,
      end: query.end,
      after: query.after,
      want: query.limit + 1,
    });
    return items.map((item) => ({ request: fromItem(item), position: String(item.sk) }));
  }

  async recordBookingRequest(request: BookingRequest, previousStatus: BookingRequestStatus | null): Promise<boolean> {
    const [main, ...copies] = toItems(request);
    const sk = sortKey(request);
    const stale =
      previousStatus !== null && previousStatus !== request.status
        ? partitions(request, previousStatus).filter((pk) => pk.includes('#STATUS#'))
        : [];
    try {
      await transactWrite(this.client, {
        TransactItems: [
          {
            Put: {
              TableName: this.tableName,
              Item: main,
              ConditionExpression: previousStatus === null ? 'attribute_not_exists(pk)' : '#status = :previous',
              ...(previousStatus === null
                ? {}
                : { ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':previous': previousStatus } }),
            },
          },
          ...copies.map((Item) => ({ Put: { TableName: this.tableName, Item } })),
          ...stale.map((pk) => ({ Delete: { TableName: this.tableName, Key: { pk, sk } } })),
        ],
      });
      return true;
    } catch (error) {
      if (isTransactionCancelled(error) && (error.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed')) return false;
      throw error;
    }
  }

  async putBookingRequests(requests: readonly BookingRequest[]): Promise<void> {
    await batchPut(this.client, this.tableName, requests.flatMap(toItems));
  }
}

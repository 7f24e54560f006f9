import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import {
  BOOKING_REQUEST_ACTIONS,
  BOOKING_REQUEST_STATUSES,
  type BookingRequest,
  type BookingRequestStatus,
} from '#shared/domain/schedulers';
import { atLoad } from '#shared/lazy';
import type { BookingRequestListQuery, BookingRequestStore, PositionedBookingRequest } from '#shared/ports/booking-request-store';
import { batchPut } from './batch-write';
import { padId, teamPk, timeSortKey } from './keys';
import { type Item, parseStoredItem } from './query';
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

/** One copy of a request: its list's partition, its time order, and the request's attributes under their own names. */
type BookingRequestItem = { readonly pk: string; readonly sk: string } & z.output<typeof storedRequest>;

function toItems(request: BookingRequest): BookingRequestItem[] {
  const sk = sortKey(request);
  return partitions(request, request.status).map((pk) => ({ pk, sk, ...storedRequest.parse(request) }));
}

/**
 * A request's attributes as stored: the domain's own fields under their own names (item and request
 * are the same shape, less the keys), so this list is both the item's validation and its mapping.
 */
const storedRequest = /* @__PURE__ */ atLoad(() => {
  // One instance per kind of member, as for the other stored items (ADR 0195).
  const text = z.string();
  const number = z.number();
  return z.object({
    request_id: text,
    team_id: number,
    session_id: text,
    scheduler_id: number,
    // Absent on requests stored before follow-ups existed: those were all creates.
    action: z._default(z.enum(BOOKING_REQUEST_ACTIONS), 'create'),
    attempt: number,
    requested_slot: z.object({ date: text, time: text, time_zone: text }),
    status: z.enum(BOOKING_REQUEST_STATUSES),
    st_job_id: z.nullable(number),
    error: z.nullable(z.object({ code: text, message: text })),
    requested_at: text,
    completed_at: z.nullable(text),
  });
}) satisfies z.ZodMiniType<BookingRequest>;

function fromItem(item: Item): BookingRequest {
  return parseStoredItem(storedRequest, item, 'booking request');
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

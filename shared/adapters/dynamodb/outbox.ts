import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { teamOfEvent } from '#shared/domain/outbox/event-team';
import { log } from '#shared/logging/logger';
import type { DomainEvent } from '#shared/ports/event-bus';
import { type DueEvent, OUTBOX_HISTORY_DAYS, type OutboxHistory, type OutboxStore, type SentEvent } from '#shared/ports/outbox';
import { physicalTableName } from './tables';
import { isTransactionCancelled, transactWrite } from './transact';

/**
 * The transactional outbox (table `outbox`, see tables.ts). A state change that makes lifecycle
 * events due writes them here in the same TransactWriteItems, so no committed change lacks its
 * events and no event exists without its change; the publish-events stream consumer publishes
 * each due event and marks it sent. One item per event id: writing the same event again (a
 * repeated request) changes nothing while it is due, and makes a sent one due again, which
 * publishes it again under the same id (delivery is at least once).
 */
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The id an event is kept, published and de-duplicated under: its detail's `event_id`. */
export function outboxEventId(event: DomainEvent): string {
  const id = event.detail.event_id;
  if (typeof id !== 'string' || id === '') {
    throw new Error(`event ${event.type} carries no event_id: an event goes through the outbox under a stable id`);
  }
  return id;
}

/**
 * An event in the outbox. `state` moves due → sent (publish-events marks it, with sent_at, the
 * history keys and the TTL expiresAt, 30 days on); writing the event again puts it back to due. The stream consumer reads
 * event_id, type and detail from the item's new image.
 */
export type OutboxItem = {
  pk: string;
  /**
   * On an event about a team, its place in the `history` index: while due, `TEAM#<t>#DUE` and the
   * event id (a deletion on request finds the team's pending events there); once sent,
   * `TEAM#<t>` and `<sent_at>#<event id>` (a replay's range).
   */
  historyPk?: string;
  historySk?: string;
  event_id: string;
  type: string;
  /** As JSON text: the detail comes back byte for byte, whatever its values (empty strings, nulls, nesting). */
  detail: string;
  state: 'due' | 'sent';
  sent_at?: string;
  expiresAt?: number;
};

/** The item that makes an event due. */
export function toOutboxItem(event: DomainEvent): OutboxItem {
  const eventId = outboxEventId(event);
  const teamId = teamOfEvent(event.detail);
  return {
    pk: outboxPk(eventId),
    ...(teamId === null ? {} : { historyPk: dueHistoryPk(teamId), historySk: eventId }),
    event_id: eventId,
    type: event.type,
    detail: JSON.stringify(event.detail),
    state: 'due',
  };
}

/**
 * The event an outbox stream record makes due: an insert, or an item put back to due (a repeated
 * change). Null for marking sent and for expiry, and for an item that carries no event (logged:
 * retrying could not help and would hold the shard; an alarm on error logs sees it).
 */
export function dueEventOfStreamRecord(record: DynamoDBRecord): DueEvent | null {
  const image = record.dynamodb?.NewImage;
  if (record.eventName === 'REMOVE' || image?.state?.S !== 'due') return null;
  const eventId = image.event_id?.S;
  const type = image.type?.S;
  const detail = image.detail?.S;
  if (!eventId || !type || detail === undefined) {
    log('error', 'outbox item without event_id, type or detail skipped', { keys: JSON.stringify(record.dynamodb?.Keys ?? {}) });
    return null;
  }
  const parsed = parseEventDetail(detail);
  if (parsed === null) {
    // Written by toOutboxItem from JSON.stringify of an object, so never expected.
    log('error', 'outbox item whose detail is not a JSON object skipped', { eventId, type });
    return null;
  }
  return { eventId, type, detail: parsed };
}

export function parseEventDetail(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** The event an outbox item holds while it is due; null for a sent item or another shape. */
function dueEventOfItem(item: Record<string, unknown> | undefined): DueEvent | null {
  if (item?.state !== 'due' || typeof item.event_id !== 'string' || typeof item.type !== 'string') return null;
  const detail = typeof item.detail === 'string' ? parseEventDetail(item.detail) : null;
  return detail === null ? null : { eventId: item.event_id, type: item.type, detail };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function outboxPk(eventId: string): string {
  return `EVENT#${eventId}`;
}

/** The Puts that make `events` due, for the transaction of the change that causes them. */
export function outboxPuts(events: readonly DomainEvent[], tableName: string = physicalTableName('outbox')): TransactItem[] {
  return events.map((event) => ({ Put: { TableName: tableName, Item: toOutboxItem(event) } }));
}

/**
 * A conditional UpdateItem and the events it makes due, as one write: a plain UpdateItem when there
 * are none, else one transaction. False when the update's condition failed (nothing was written).
 */
export async function updateWithEvents(
  client: DynamoDBDocumentClient,
  update: UpdateCommandInput & { ConditionExpression: string; UpdateExpression: string },
  events: readonly DomainEvent[],
  outboxTableName?: string,
): Promise<boolean> {
  try {
    if (events.length === 0) {
      await client.send(new UpdateCommand(update));
    } else {
      // A transaction's Update takes only these members (no ReturnValues, no legacy parameters).
      const { TableName, Key, UpdateExpression, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } = update;
      const inTransaction = { TableName, Key, UpdateExpression, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues };
      const puts = outboxPuts(events, outboxTableName ?? physicalTableName('outbox'));
      await transactWrite(client, { TransactItems: [{ Update: inTransaction }, ...puts] });
    }
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    if (isTransactionCancelled(error) && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/**
 * Marks published events sent (publish-events) and reads a team's sent events back (replays). A
 * sent event about a team carries the `history` index's keys (`historyPk = TEAM#<t>`,
 * `historySk = <sent_at>#<event_id>`), so a range of a team's history is one Query, oldest first.
 */
export class DynamoOutboxStore implements OutboxStore, OutboxHistory {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async dueEvent(eventId: string): Promise<DueEvent | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: outboxPk(eventId) }, ConsistentRead: true }),
    );
    return dueEventOfItem(result.Item);
  }

  async markSent(eventId: string, now: Date, teamId: number | null): Promise<void> {
    const at = now.toISOString();
    // Off the team's pending events and into its history; an event about no team is in neither.
    const history = teamId === null ? ' REMOVE historyPk, historySk' : ', historyPk = :historyPk, historySk = :historySk';
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: outboxPk(eventId) },
          UpdateExpression: `SET #state = :sent, sent_at = :at, expiresAt = :expires${history}`,
          // An item already expired and deleted is not brought back.
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':sent': 'sent',
            ':at': at,
            ':expires': Math.floor(now.getTime() / 1000) + OUTBOX_HISTORY_DAYS * 86_400,
            ...(teamId === null ? {} : { ':historyPk': historyPk(teamId), ':historySk': `${at}#${eventId}` }),
          },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async listSent(teamId: number, range: { since: string; until: string }, page: { after: string | null; limit: number }) {
    const result = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'history',
        KeyConditionExpression: 'historyPk = :pk AND historySk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': historyPk(teamId),
          // Past the position when resuming; '#' sorts before every character of an event id.
          ':from': page.after === null ? range.since : `${page.after}\u0000`,
          // Before `until`: every key of an earlier instant sorts below `<until>#`.
          ':to': `${range.until}#`,
        },
        Limit: page.limit,
      }),
    );
    const rows: { event: SentEvent; position: string }[] = [];
    for (const item of result.Items ?? []) {
      const detail = typeof item.detail === 'string' ? parseEventDetail(item.detail) : null;
      if (detail === null || typeof item.event_id !== 'string' || typeof item.type !== 'string') continue;
      const position = String(item.historySk);
      rows.push({ event: { eventId: item.event_id, type: item.type, detail, sentAt: String(item.sent_at) }, position });
    }
    return rows;
  }
}

export function historyPk(teamId: number): string {
  return `TEAM#${teamId}`;
}

/** The team's events not yet published, in the `history` index beside its sent ones. */
export function dueHistoryPk(teamId: number): string {
  return `TEAM#${teamId}#DUE`;
}

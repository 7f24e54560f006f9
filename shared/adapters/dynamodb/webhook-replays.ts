import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { AuditEntry } from '#shared/domain/audit-log/entry';
import { isWebhookEventType, REPLAY_STATUSES, type ReplayStatus, type WebhookReplay } from '#shared/domain/webhooks/model';
import { atLoad } from '#shared/lazy';
import { auditLogPut } from './audit-log-store';
import { type Item, parseStoredItem } from './query';
import { storedNumber, storedOptionalText, storedText, storedTextOrNull, storedTexts } from './stored-members';
import { transactWrite } from './transact';
import { deliveryPk } from './webhook-items';

/**
 * The replays of a subscription in the webhooks table (webhook-store.ts delegates here): one item
 * per replay in the subscription's partition (`WEBHOOK#<id>`, `REPLAY#<replay id>`), beside its
 * deliveries but outside their list index, expiring with them after 30 days.
 */
const replaySk = (id: string) => `REPLAY#${id}`;
const KEEP_SECONDS = 30 * 86_400;

/**
 * A replay's attributes as stored; `position` is absent until the first page is recorded, and the
 * delivered count (added to by the dispatcher) reads as 0 before the first.
 */
const storedReplay = /* @__PURE__ */ atLoad(() =>
  z.object({
    replayId: storedText,
    webhookId: storedText,
    teamId: storedNumber,
    since: storedText,
    until: storedText,
    types: storedTexts,
    status: z.enum(REPLAY_STATUSES),
    eventsFound: storedNumber,
    eventsDelivered: z._default(storedNumber, 0),
    position: storedOptionalText,
    createdAt: storedText,
    completedAt: storedTextOrNull,
  }),
) satisfies z.ZodMiniType<{ status: ReplayStatus }>;

type ReplayItem = { readonly pk: string; readonly sk: string; readonly expiresAt: number } & z.input<typeof storedReplay>;

function toReplayItem(r: WebhookReplay): ReplayItem {
  return {
    pk: deliveryPk(r.webhookId),
    sk: replaySk(r.id),
    replayId: r.id,
    webhookId: r.webhookId,
    teamId: r.teamId,
    since: r.since,
    until: r.until,
    types: [...r.types],
    status: r.status,
    eventsFound: r.eventsFound,
    eventsDelivered: r.eventsDelivered,
    ...(r.position === null ? {} : { position: r.position }),
    createdAt: r.createdAt,
    completedAt: r.completedAt,
    expiresAt: Math.floor(Date.parse(r.createdAt) / 1000) + KEEP_SECONDS,
  };
}

function fromReplayItem(raw: Item): WebhookReplay {
  const item = parseStoredItem(storedReplay, raw, 'webhook replay');
  return {
    id: item.replayId,
    webhookId: item.webhookId,
    teamId: item.teamId,
    since: item.since,
    until: item.until,
    types: item.types.filter(isWebhookEventType),
    status: item.status,
    eventsFound: item.eventsFound,
    eventsDelivered: item.eventsDelivered,
    position: item.position ?? null,
    createdAt: item.createdAt,
    completedAt: item.completedAt,
  };
}

export async function createReplay(
  client: DynamoDBDocumentClient,
  tableName: string,
  replay: WebhookReplay,
  audit: AuditEntry,
  auditTable?: string,
) {
  const put = { TableName: tableName, Item: toReplayItem(replay), ConditionExpression: 'attribute_not_exists(pk)' };
  await transactWrite(client, { TransactItems: [{ Put: put }, auditLogPut(audit, auditTable)] });
}

export async function getReplay(client: DynamoDBDocumentClient, tableName: string, webhookId: string, replayId: string) {
  const { Item } = await client.send(
    new GetCommand({ TableName: tableName, Key: { pk: deliveryPk(webhookId), sk: replaySk(replayId) }, ConsistentRead: true }),
  );
  return Item ? fromReplayItem(Item) : null;
}

export async function advanceReplay(client: DynamoDBDocumentClient, tableName: string, replay: WebhookReplay, from: string | null) {
  const { eventsDelivered: _counted, ...rest } = toReplayItem(replay);
  try {
    // The whole item but the delivered count, which the dispatcher adds to meanwhile.
    const names = { '#status': 'status', '#position': 'position' };
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: rest.pk, sk: rest.sk },
        UpdateExpression: `SET #status = :status, eventsFound = :found, completedAt = :completed${replay.position === null ? '' : ', #position = :position'}`,
        ConditionExpression: from === null ? 'attribute_not_exists(#position)' : '#position = :from',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: {
          ':status': rest.status,
          ':found': rest.eventsFound,
          ':completed': rest.completedAt,
          ...(replay.position === null ? {} : { ':position': replay.position }),
          ...(from === null ? {} : { ':from': from }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function countReplayDelivered(client: DynamoDBDocumentClient, tableName: string, webhookId: string, replayId: string) {
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: deliveryPk(webhookId), sk: replaySk(replayId) },
        UpdateExpression: 'ADD eventsDelivered :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  } catch (error) {
    // An expired replay is not brought back.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

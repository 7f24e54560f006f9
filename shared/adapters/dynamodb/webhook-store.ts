import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry } from '#shared/domain/audit-log/entry';
import { assertStorable } from '#shared/domain/stored-size';
import type { DeliveryAttempt, DeliveryState, WebhookDelivery, WebhookReplay, WebhookSubscription } from '#shared/domain/webhooks/model';
import type { DomainEvent } from '#shared/ports/event-bus';
import type { WebhookStore } from '#shared/ports/webhook-store';
import { auditLogPut } from './audit-log-store';
import { teamPk } from './keys';
import { updateWithEvents } from './outbox';
import { isTransactionCancelled, transactWrite } from './transact';
import {
  deliveryClaimOf,
  deliveryPk,
  deliverySk,
  subSk,
  toAttemptItem,
  toDeliveryItem,
  toSecretItem,
  toSubscriptionItem,
} from './webhook-items';
import { DynamoWebhookReader } from './webhook-reader';
import * as replays from './webhook-replays';

/**
 * The webhooks table. Subscriptions live in their team's partition (`TEAM#<t>`, `WEBHOOK#<id>`)
 * beside a counter (`WEBHOOKS#COUNT`) that caps them per team; the dispatcher reads the partition
 * for every event. Deliveries live in their subscription's partition (`WEBHOOK#<id>`,
 * `DELIVERY#<deliveryId>`, the id derived from event and subscription so a repeated event finds
 * its delivery), listed newest first through the `deliveriesByTime` index, and expire by TTL.
 * A replay is one item in its subscription's partition (webhook-replays.ts).
 * Disabling a subscription makes its `webhook.disabled` due in the outbox table in the same
 * transaction (the dispatcher's store is given that table; the routes' store is not).
 */
const COUNT_SK = 'WEBHOOKS#COUNT';
/** An attempt claimed this recently may still be sending (10 s timeout, DNS, signing): not yet in doubt. */
const CLAIM_GRACE_MS = 30_000;

function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException || (error as Error)?.name === 'ConditionalCheckFailedException';
}

export class DynamoWebhookStore implements WebhookStore {
  private readonly reads: DynamoWebhookReader;

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    /** The outbox table, for the events a write makes due (the dispatcher's store only). */
    private readonly outboxTableName: string | null = null,
    /** The audit-log table changes made through the routes are recorded in. @default TABLE_AUDIT_LOG, read at the first such change */
    private readonly auditLogTableName?: string,
  ) {
    this.reads = new DynamoWebhookReader(client, tableName);
  }

  /** The Put recording `audit` in the change's transaction, when there is one to record. */
  private auditPuts(audit: AuditEntry | undefined) {
    return audit ? [auditLogPut(audit, this.auditLogTableName)] : [];
  }

  async createSubscription(s: WebhookSubscription, maxPerTeam: number, audit?: AuditEntry): Promise<boolean> {
    const item = toSubscriptionItem(s);
    assertStorable(item, 'webhook subscription');
    try {
      await transactWrite(this.client, {
        TransactItems: [
          {
            Update: {
              TableName: this.tableName,
              Key: { pk: teamPk(s.teamId), sk: COUNT_SK },
              UpdateExpression: 'ADD #n :one',
              ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
              ExpressionAttributeNames: { '#n': 'subscriptions' },
              ExpressionAttributeValues: { ':one': 1, ':max': maxPerTeam },
            },
          },
          { Put: { TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
          ...this.auditPuts(audit),
        ],
      });
      return true;
    } catch (error) {
      if (isTransactionCancelled(error)) return false;
      throw error;
    }
  }

  async getSubscription(teamId: number, webhookId: string): Promise<WebhookSubscription | null> {
    return this.reads.getSubscription(teamId, webhookId);
  }

  async listSubscriptions(teamId: number): Promise<WebhookSubscription[]> {
    return this.reads.listSubscriptions(teamId);
  }

  async deleteSubscription(teamId: number, webhookId: string, audit?: AuditEntry): Promise<boolean> {
    try {
      await transactWrite(this.client, {
        TransactItems: [
          {
            Delete: {
              TableName: this.tableName,
              Key: { pk: teamPk(teamId), sk: subSk(webhookId) },
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          {
            Update: {
              TableName: this.tableName,
              Key: { pk: teamPk(teamId), sk: COUNT_SK },
              UpdateExpression: 'ADD #n :minus',
              ExpressionAttributeNames: { '#n': 'subscriptions' },
              ExpressionAttributeValues: { ':minus': -1 },
            },
          },
          ...this.auditPuts(audit),
        ],
      });
      return true;
    } catch (error) {
      if (isTransactionCancelled(error)) return false;
      throw error;
    }
  }

  async replaceSecrets(teamId: number, webhookId: string, secrets: WebhookSubscription['secrets'], audit?: AuditEntry): Promise<boolean> {
    return this.update(
      teamId,
      webhookId,
      'SET secrets = :s',
      { ':s': secrets.map(toSecretItem) },
      'attribute_exists(pk)',
      undefined,
      audit,
    );
  }

  async disableSubscription(teamId: number, webhookId: string, reason: string, events: readonly DomainEvent[] = []): Promise<boolean> {
    if (events.length > 0 && !this.outboxTableName) throw new Error('DynamoWebhookStore needs the outbox table to make events due');
    return updateWithEvents(
      this.client,
      {
        TableName: this.tableName,
        Key: { pk: teamPk(teamId), sk: subSk(webhookId) },
        UpdateExpression: 'SET #status = :disabled, disabledReason = :reason',
        ConditionExpression: '#status = :enabled',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':disabled': 'disabled', ':reason': reason, ':enabled': 'enabled' },
      },
      events,
      this.outboxTableName ?? undefined,
    );
  }

  async enableSubscription(teamId: number, webhookId: string, audit?: AuditEntry): Promise<boolean> {
    return this.update(
      teamId,
      webhookId,
      'SET #status = :enabled, disabledReason = :none REMOVE failingSince',
      { ':enabled': 'enabled', ':none': null },
      'attribute_exists(pk)',
      { '#status': 'status' },
      audit,
    );
  }

  async markFailing(teamId: number, webhookId: string, at: string): Promise<string | null> {
    try {
      const { Attributes } = await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: teamPk(teamId), sk: subSk(webhookId) },
          UpdateExpression: 'SET failingSince = if_not_exists(failingSince, :at)',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':at': at },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return (Attributes?.failingSince as string | undefined) ?? at;
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  }

  async clearFailing(teamId: number, webhookId: string): Promise<void> {
    await this.update(teamId, webhookId, 'REMOVE failingSince', {}, 'attribute_exists(pk)');
  }

  async createDelivery(d: WebhookDelivery, expiresAtEpochSeconds: number): Promise<boolean> {
    const item = toDeliveryItem(d, expiresAtEpochSeconds);
    assertStorable(item, 'webhook delivery');
    try {
      await this.client.send(new PutCommand({ TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async getDelivery(webhookId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    return this.reads.getDelivery(webhookId, deliveryId);
  }

  async listDeliveries(webhookId: string, page: { after: string | undefined; limit: number }) {
    return this.reads.listDeliveries(webhookId, page);
  }

  async claimAttempt(webhookId: string, deliveryId: string, attempt: number, at: Date): Promise<'claimed' | 'busy' | 'in-doubt' | 'done'> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: deliveryPk(webhookId), sk: deliverySk(deliveryId) },
          UpdateExpression: 'SET claimedAttempt = :n, claimedAt = :at',
          ConditionExpression: '#state = :pending AND nextAttempt = :n AND claimedAttempt < :n',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':n': attempt, ':pending': 'pending', ':at': at.toISOString() },
        }),
      );
      return 'claimed';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: deliveryPk(webhookId), sk: deliverySk(deliveryId) }, ConsistentRead: true }),
    );
    const stored = Item ? deliveryClaimOf(Item) : undefined;
    if (stored?.state !== 'pending' || stored.nextAttempt !== attempt || stored.claimedAttempt !== attempt) return 'done';
    const claimedAt = Date.parse(String(stored.claimedAt));
    return at.getTime() - claimedAt < CLAIM_GRACE_MS ? 'busy' : 'in-doubt';
  }

  async recordAttempt(
    webhookId: string,
    deliveryId: string,
    outcome: DeliveryAttempt,
    next: { state: DeliveryState; nextAttemptAt: string | null },
  ): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: deliveryPk(webhookId), sk: deliverySk(deliveryId) },
          UpdateExpression: 'SET attempts = list_append(attempts, :a), nextAttempt = :next, #state = :state, nextAttemptAt = :at',
          ConditionExpression: 'nextAttempt = :n AND claimedAttempt = :n',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':a': [toAttemptItem(outcome)],
            ':n': outcome.attempt,
            ':next': outcome.attempt + 1,
            ':state': next.state,
            ':at': next.nextAttemptAt,
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async reopen(webhookId: string, deliveryId: string, attempt: number, at: string): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: deliveryPk(webhookId), sk: deliverySk(deliveryId) },
          UpdateExpression: 'SET #state = :pending, runStart = :n, nextAttemptAt = :at',
          ConditionExpression: '#state <> :pending AND nextAttempt = :n',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':pending': 'pending', ':n': attempt, ':at': at },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** A conditional update of a subscription, with its audit entry in one transaction when given; false when the condition failed. */
  private async update(
    teamId: number,
    webhookId: string,
    expression: string,
    values: Record<string, unknown>,
    condition: string,
    names?: Record<string, string>,
    audit?: AuditEntry,
  ): Promise<boolean> {
    const update = {
      TableName: this.tableName,
      Key: { pk: teamPk(teamId), sk: subSk(webhookId) },
      UpdateExpression: expression,
      ConditionExpression: condition,
      ...(names ? { ExpressionAttributeNames: names } : {}),
      ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
    };
    try {
      if (audit) await transactWrite(this.client, { TransactItems: [{ Update: update }, ...this.auditPuts(audit)] });
      else await this.client.send(new UpdateCommand(update));
      return true;
    } catch (error) {
      if (isConditionFailure(error) || isTransactionCancelled(error)) return false;
      throw error;
    }
  }

  createReplay(replay: WebhookReplay, audit: AuditEntry): Promise<void> {
    return replays.createReplay(this.client, this.tableName, replay, audit, this.auditLogTableName);
  }

  getReplay(webhookId: string, replayId: string): Promise<WebhookReplay | null> {
    return replays.getReplay(this.client, this.tableName, webhookId, replayId);
  }

  advanceReplay(replay: WebhookReplay, from: string | null): Promise<boolean> {
    return replays.advanceReplay(this.client, this.tableName, replay, from);
  }

  countReplayDelivered(webhookId: string, replayId: string): Promise<void> {
    return replays.countReplayDelivered(this.client, this.tableName, webhookId, replayId);
  }
}

import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookDelivery, WebhookSubscription } from '#shared/domain/webhooks/model';
import type { WebhookReads } from '#shared/ports/webhook-store';
import { teamPk } from './keys';
import { queryAll } from './query';
import { deliveryPk, deliverySk, fromDeliveryItem, fromSubscriptionItem, subSk } from './webhook-items';

/**
 * The subscriptions and deliveries as the webhook read routes read them (the webhooks table:
 * webhook-store.ts describes its items): those routes build this reader, not the store, so they
 * load none of its writes, audit entries or replays. DynamoWebhookStore answers the same reads
 * through it.
 */
export class DynamoWebhookReader implements WebhookReads {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async getSubscription(teamId: number, webhookId: string): Promise<WebhookSubscription | null> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: teamPk(teamId), sk: subSk(webhookId) }, ConsistentRead: true }),
    );
    return Item ? fromSubscriptionItem(Item) : null;
  }

  async listSubscriptions(teamId: number): Promise<WebhookSubscription[]> {
    const items = await queryAll(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': teamPk(teamId), ':prefix': 'WEBHOOK#' },
    });
    return items
      .map((item) => fromSubscriptionItem(item))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async getDelivery(webhookId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: deliveryPk(webhookId), sk: deliverySk(deliveryId) }, ConsistentRead: true }),
    );
    return Item ? fromDeliveryItem(Item) : null;
  }

  async listDeliveries(webhookId: string, page: { after: string | undefined; limit: number }) {
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'deliveriesByTime',
        KeyConditionExpression: page.after ? 'listPk = :pk AND listSk < :after' : 'listPk = :pk',
        ExpressionAttributeValues: { ':pk': deliveryPk(webhookId), ...(page.after ? { ':after': page.after } : {}) },
        ScanIndexForward: false,
        Limit: page.limit + 1,
      }),
    );
    return (Items ?? []).map((item) => ({ delivery: fromDeliveryItem(item), position: String(item.listSk) }));
  }
}

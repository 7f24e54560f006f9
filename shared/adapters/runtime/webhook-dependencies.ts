import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTeamReader } from '#shared/adapters/dynamodb/team-reader';
import { DynamoWebhookReader } from '#shared/adapters/dynamodb/webhook-reader';
import { DynamoWebhookStore } from '#shared/adapters/dynamodb/webhook-store';
import type { SubscriptionDeps } from '#shared/domain/webhooks/subscriptions';
import { lazy } from '#shared/lazy';
import type { MessageQueue } from '#shared/ports/message-queue';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import type { WebhookReads, WebhookStore } from '#shared/ports/webhook-store';
import { queues } from './queues';
import { webhookSettings } from './webhook-settings';

/** What every webhook route reads: the teams (the workspace's team) and the subscriptions with their deliveries. */
export interface WebhookRouteDependencies {
  readonly tenancy: Pick<TenancyStore, 'getTeamByWorkspace'>;
  readonly webhooks: WebhookStore;
}

/** The routes that make a signing secret (create, rotate-secret): the stores and the sealing of secrets. */
export interface WebhookSecretDependencies extends WebhookRouteDependencies {
  /** The subscriptions' dependencies with the box over the current sealing key, read when a secret is about to be made. */
  readonly subscriptions: () => Promise<SubscriptionDeps>;
}

/** The routes that queue an attempt (test, redeliver): the stores and the webhook-deliveries queue. */
export interface WebhookDeliveryDependencies extends WebhookRouteDependencies {
  readonly queue: MessageQueue;
}

/**
 * The stores of the webhook routes, in one place. Call it at module load: the tables are looked up
 * then, so a function whose row lacks one fails to load, as in AWS; the stores are built on the
 * first call of the returned function and handed out as they are for the container's life.
 */
export function webhookDependencies(): () => WebhookRouteDependencies {
  const teams = physicalTableName('teams');
  const webhooks = physicalTableName('webhooks');
  return lazy(() => {
    const client = getDocumentClient();
    return { tenancy: new DynamoTeamReader(client, teams), webhooks: new DynamoWebhookStore(client, webhooks) };
  });
}

/** What the read routes (a subscription, the list, a delivery list) read: the workspace's team, the subscriptions and deliveries. */
export interface WebhookReadDependencies {
  readonly tenancy: Pick<TenancyStore, 'getTeamByWorkspace'>;
  readonly webhooks: WebhookReads;
}

/** As webhookDependencies, with the reader instead of the store: the read routes load none of its writes. */
export function webhookReadDependencies(): () => WebhookReadDependencies {
  const teams = physicalTableName('teams');
  const webhooks = physicalTableName('webhooks');
  return lazy(() => {
    const client = getDocumentClient();
    return { tenancy: new DynamoTeamReader(client, teams), webhooks: new DynamoWebhookReader(client, webhooks) };
  });
}

/**
 * The webhook routes' stores and the webhook settings (the 'webhooks' port, checked at load like
 * the tables). The sealing key is read only when `subscriptions()` is called, after the request's
 * workspace resolved.
 */
export function webhookSecretDependencies(): () => WebhookSecretDependencies {
  const routes = webhookDependencies();
  const settings = webhookSettings();
  return () => {
    const { tenancy, webhooks } = routes();
    return {
      tenancy,
      webhooks,
      subscriptions: async () => ({ store: webhooks, box: await settings.sealingBox(), allowPrivateTargets: settings.allowPrivateTargets }),
    };
  };
}

/** The webhook routes' stores and the webhook-deliveries queue, taken from its adapter slot on every call. */
export function webhookDeliveryDependencies(): () => WebhookDeliveryDependencies {
  const routes = webhookDependencies();
  return () => ({ ...routes(), queue: queues.get('webhook-deliveries') });
}

import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DynamoWebhookStore } from '#shared/adapters/dynamodb/webhook-store';
import { lazy } from '#shared/lazy';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import type { WebhookStore } from '#shared/ports/webhook-store';

/** What every webhook route reads: the teams (the workspace's team) and the subscriptions with their deliveries. */
export interface WebhookRouteDependencies {
  readonly tenancy: TenancyStore;
  readonly webhooks: WebhookStore;
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
    return { tenancy: new DynamoTenancyStore(client, teams), webhooks: new DynamoWebhookStore(client, webhooks) };
  });
}

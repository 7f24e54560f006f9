import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DynamoWebhookStore } from '#shared/adapters/dynamodb/webhook-store';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { enableWebhook } from '#shared/contracts/webhooks';
import { toWebhookData } from '#shared/domain/webhooks/deliveries';
import { enableSubscription } from '#shared/domain/webhooks/subscriptions';
import { createHttpHandler } from '#shared/http/handler';

const client = getDocumentClient();
const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
const store = new DynamoWebhookStore(client, physicalTableName('webhooks'));
const meta = (requestId: string) => ({ request_id: requestId, timestamp: new Date().toISOString() });

/** Idempotent by nature (enabling twice is enabling once), so it takes no Idempotency-Key. */
export const handler = createHttpHandler(enableWebhook, async ({ path, headers, identity, requestId }) => {
  const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
  const subscription = await enableSubscription(store, team, path.webhookId);
  return { statusCode: 200, body: { data: toWebhookData(subscription), meta: meta(requestId) } };
});

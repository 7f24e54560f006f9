import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DynamoWebhookStore } from '#shared/adapters/dynamodb/webhook-store';
import { webhookSettings } from '#shared/adapters/runtime/webhook-settings';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { createWebhook } from '#shared/contracts/webhooks';
import { toWebhookData } from '#shared/domain/webhooks/deliveries';
import { createSubscription } from '#shared/domain/webhooks/subscriptions';
import { createHttpHandler } from '#shared/http/handler';

const client = getDocumentClient();
const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
const store = new DynamoWebhookStore(client, physicalTableName('webhooks'));
const meta = (requestId: string) => ({ request_id: requestId, timestamp: new Date().toISOString() });
const settings = webhookSettings();

/**
 * Not idempotent by Idempotency-Key, unlike other creates: a replay would have to store the
 * plaintext signing secret for 24 hours (README, Decisions: webhook secrets).
 */
export const handler = createHttpHandler(createWebhook, async ({ body, headers, identity, requestId }) => {
  const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
  const deps = { store, box: await settings.sealingBox(), allowPrivateTargets: settings.allowPrivateTargets };
  const { subscription, secret } = await createSubscription(deps, team, body, new Date());
  return { statusCode: 201, body: { data: { ...toWebhookData(subscription), secret }, meta: meta(requestId) } };
});

import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DynamoWebhookStore } from '#shared/adapters/dynamodb/webhook-store';
import { queues } from '#shared/adapters/runtime/queues';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { testWebhook } from '#shared/contracts/webhooks';
import { toDeliveryData } from '#shared/domain/webhooks/deliveries';
import { sendTestEvent } from '#shared/domain/webhooks/subscriptions';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';

const client = getDocumentClient();
const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
const store = new DynamoWebhookStore(client, physicalTableName('webhooks'));
const meta = (requestId: string) => ({ request_id: requestId, timestamp: new Date().toISOString() });

export const handler = createHttpHandler(
  testWebhook,
  async ({ path, headers, identity, requestId }) => {
    const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
    const delivery = await sendTestEvent({ store, queue: queues.get('webhook-deliveries') }, team, path.webhookId, new Date());
    return { statusCode: 202, body: { data: toDeliveryData(delivery), meta: meta(requestId) } };
  },
  { idempotency: idempotencyKeys() },
);

import { queues } from '#shared/adapters/runtime/queues';
import { webhookDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { redeliverWebhook } from '#shared/contracts/webhooks';
import { toDeliveryData } from '#shared/domain/webhooks/deliveries';
import { redeliver } from '#shared/domain/webhooks/subscriptions';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';

const dependencies = webhookDependencies();
const meta = (requestId: string) => ({ request_id: requestId, timestamp: new Date().toISOString() });

export const handler = createHttpHandler(
  redeliverWebhook,
  async ({ path, headers, identity, requestId }) => {
    const { tenancy, webhooks: store } = dependencies();
    const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
    const deps = { store, queue: queues.get('webhook-deliveries') };
    const delivery = await redeliver(deps, team, path.webhookId, path.deliveryId, new Date());
    return { statusCode: 202, body: { data: toDeliveryData(delivery), meta: meta(requestId) } };
  },
  { idempotency: idempotencyKeys() },
);

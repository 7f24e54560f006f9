import { queues } from '#shared/adapters/runtime/queues';
import { webhookDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { testWebhook } from '#shared/contracts/webhooks';
import { toDeliveryData } from '#shared/domain/webhooks/deliveries';
import { sendTestEvent } from '#shared/domain/webhooks/subscriptions';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';

const dependencies = webhookDependencies();
const meta = (requestId: string) => ({ request_id: requestId, timestamp: new Date().toISOString() });

export const handler = createHttpHandler(
  testWebhook,
  async ({ path, headers, identity, requestId }) => {
    const { tenancy, webhooks: store } = dependencies();
    const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
    const delivery = await sendTestEvent({ store, queue: queues.get('webhook-deliveries') }, team, path.webhookId, new Date());
    return { statusCode: 202, body: { data: toDeliveryData(delivery), meta: meta(requestId) } };
  },
  { idempotency: idempotencyKeys() },
);

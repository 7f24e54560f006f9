import { webhookDeliveryDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { redeliverWebhook } from '#shared/contracts/webhooks';
import { redeliver } from '#shared/domain/webhooks/subscriptions';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';
import { presentDeliveryResponse } from '#shared/presenters/webhooks';

const dependencies = webhookDeliveryDependencies();

export const handler = createHttpHandler(
  redeliverWebhook,
  async ({ path, headers, identity, requestId }) => {
    const { tenancy, webhooks: store, queue } = dependencies();
    const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
    const delivery = await redeliver({ store, queue }, team, path.webhookId, path.deliveryId, new Date());
    return { statusCode: 202, body: presentDeliveryResponse(delivery, requestId) };
  },
  { idempotency: idempotencyKeys() },
);

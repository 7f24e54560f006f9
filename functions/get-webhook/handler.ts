import { webhookReadDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { getWebhook } from '#shared/contracts/webhooks';
import { requireSubscription } from '#shared/domain/webhooks/subscriptions';
import { createHttpHandler } from '#shared/http/handler';
import { presentWebhookResponse } from '#shared/presenters/webhooks';

const dependencies = webhookReadDependencies();

export const handler = createHttpHandler(getWebhook, async ({ path, headers, identity, requestId }) => {
  const { tenancy, webhooks: store } = dependencies();
  const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
  const subscription = await requireSubscription(store, team, path.webhookId);
  return { statusCode: 200, body: presentWebhookResponse(subscription, requestId) };
});

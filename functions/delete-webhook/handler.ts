import { webhookDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { deleteWebhook } from '#shared/contracts/webhooks';
import { keyActor } from '#shared/domain/audit-log/entry';
import { deleteSubscription } from '#shared/domain/webhooks/subscriptions';
import { createHttpHandler } from '#shared/http/handler';
import { presentDeletedWebhookResponse } from '#shared/presenters/webhooks';

const dependencies = webhookDependencies();

/** Deliveries still pending fail at their next attempt (the webhook was deleted); its log expires with its TTL. */
export const handler = createHttpHandler(deleteWebhook, async ({ path, headers, identity, requestId }) => {
  const { tenancy, webhooks: store } = dependencies();
  const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
  await deleteSubscription(store, team, path.webhookId, keyActor(identity), new Date());
  return { statusCode: 200, body: presentDeletedWebhookResponse(path.webhookId, requestId) };
});

import { webhookDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { enableWebhook } from '#shared/contracts/webhooks';
import { keyActor } from '#shared/domain/audit-log/entry';
import { enableSubscription } from '#shared/domain/webhooks/subscriptions';
import { createHttpHandler } from '#shared/http/handler';
import { presentWebhookResponse } from '#shared/presenters/webhooks';

const dependencies = webhookDependencies();

/** Idempotent by nature (enabling twice is enabling once), so it takes no Idempotency-Key. */
export const handler = createHttpHandler(enableWebhook, async ({ path, headers, identity, requestId }) => {
  const { tenancy, webhooks: store } = dependencies();
  const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
  const subscription = await enableSubscription(store, team, path.webhookId, keyActor(identity), new Date());
  return { statusCode: 200, body: presentWebhookResponse(subscription, requestId) };
});

import { webhookSecretDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { createWebhook } from '#shared/contracts/webhooks';
import { keyActor } from '#shared/domain/audit-log/entry';
import { createSubscription } from '#shared/domain/webhooks/subscriptions';
import { createHttpHandler } from '#shared/http/handler';
import { presentWebhookWithSecretResponse } from '#shared/presenters/webhooks';

const dependencies = webhookSecretDependencies();

/**
 * Not idempotent by Idempotency-Key, unlike other creates: a replay would have to store the
 * plaintext signing secret for 24 hours (docs/adr/0104-no-idempotency-key-on-webhook-secret-routes.md).
 */
export const handler = createHttpHandler(createWebhook, async ({ body, headers, identity, requestId }) => {
  const { tenancy, subscriptions } = dependencies();
  const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
  const { subscription, secret } = await createSubscription(await subscriptions(), team, body, new Date(), keyActor(identity));
  return { statusCode: 201, body: presentWebhookWithSecretResponse(subscription, secret, requestId) };
});

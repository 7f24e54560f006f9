import { webhookSecretDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { rotateWebhookSecret } from '#shared/contracts/webhooks';
import { keyActor } from '#shared/domain/audit-log/entry';
import { rotateSecret } from '#shared/domain/webhooks/subscriptions';
import { createHttpHandler } from '#shared/http/handler';
import { presentWebhookWithSecretResponse } from '#shared/presenters/webhooks';

const dependencies = webhookSecretDependencies();

/** The new secret is shown only here (no Idempotency-Key, for the reason create-webhook gives). */
export const handler = createHttpHandler(rotateWebhookSecret, async ({ path, headers, identity, requestId }) => {
  const { tenancy, subscriptions } = dependencies();
  const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
  const { subscription, secret } = await rotateSecret(await subscriptions(), team, path.webhookId, new Date(), keyActor(identity));
  return { statusCode: 200, body: presentWebhookWithSecretResponse(subscription, secret, requestId) };
});

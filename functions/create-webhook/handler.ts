import { webhookDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import { webhookSettings } from '#shared/adapters/runtime/webhook-settings';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { createWebhook } from '#shared/contracts/webhooks';
import { toWebhookData } from '#shared/domain/webhooks/deliveries';
import { createSubscription } from '#shared/domain/webhooks/subscriptions';
import { createHttpHandler } from '#shared/http/handler';

const dependencies = webhookDependencies();
const meta = (requestId: string) => ({ request_id: requestId, timestamp: new Date().toISOString() });
const settings = webhookSettings();

/**
 * Not idempotent by Idempotency-Key, unlike other creates: a replay would have to store the
 * plaintext signing secret for 24 hours (docs/adr/0104-no-idempotency-key-on-webhook-secret-routes.md).
 */
export const handler = createHttpHandler(createWebhook, async ({ body, headers, identity, requestId }) => {
  const { tenancy, webhooks: store } = dependencies();
  const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
  const deps = { store, box: await settings.sealingBox(), allowPrivateTargets: settings.allowPrivateTargets };
  const { subscription, secret } = await createSubscription(deps, team, body, new Date());
  return { statusCode: 201, body: { data: { ...toWebhookData(subscription), secret }, meta: meta(requestId) } };
});

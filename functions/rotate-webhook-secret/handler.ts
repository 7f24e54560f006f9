import { webhookDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import { webhookSettings } from '#shared/adapters/runtime/webhook-settings';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { rotateWebhookSecret } from '#shared/contracts/webhooks';
import { toWebhookData } from '#shared/domain/webhooks/deliveries';
import { rotateSecret } from '#shared/domain/webhooks/subscriptions';
import { createHttpHandler } from '#shared/http/handler';

const dependencies = webhookDependencies();
const meta = (requestId: string) => ({ request_id: requestId, timestamp: new Date().toISOString() });
const settings = webhookSettings();

/** The new secret is shown only here (no Idempotency-Key, for the reason create-webhook gives). */
export const handler = createHttpHandler(rotateWebhookSecret, async ({ path, headers, identity, requestId }) => {
  const { tenancy, webhooks: store } = dependencies();
  const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
  const deps = { store, box: await settings.sealingBox(), allowPrivateTargets: settings.allowPrivateTargets };
  const { subscription, secret } = await rotateSecret(deps, team, path.webhookId, new Date());
  return { statusCode: 200, body: { data: { ...toWebhookData(subscription), secret }, meta: meta(requestId) } };
});

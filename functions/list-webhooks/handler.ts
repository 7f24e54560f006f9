import { webhookReadDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { listWebhooks } from '#shared/contracts/webhooks';
import { createHttpHandler } from '#shared/http/handler';
import { presentWebhookListResponse } from '#shared/presenters/webhooks';

const dependencies = webhookReadDependencies();

/** At most 20 per workspace: one page, no pagination. */
export const handler = createHttpHandler(listWebhooks, async ({ headers, identity, requestId }) => {
  const { tenancy, webhooks: store } = dependencies();
  const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
  const subscriptions = await store.listSubscriptions(team.id);
  return { statusCode: 200, body: presentWebhookListResponse(subscriptions, requestId) };
});

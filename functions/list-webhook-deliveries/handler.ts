import { CURSOR_SECRET_ENV } from '#shared/adapters/runtime/resource-env';
import { secretReader } from '#shared/adapters/runtime/secrets';
import { webhookReadDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { listWebhookDeliveries } from '#shared/contracts/webhooks';
import { requireSubscription } from '#shared/domain/webhooks/subscriptions';
import { createHttpHandler } from '#shared/http/handler';
import { readCursorList } from '#shared/pagination/cursor';
import { presentDelivery, presentDeliveryPage } from '#shared/presenters/webhooks';

const dependencies = webhookReadDependencies();
const cursorSecret = secretReader(CURSOR_SECRET_ENV);

export const handler = createHttpHandler(listWebhookDeliveries, async (input) => {
  const { tenancy, webhooks: store } = dependencies();
  const team = await resolveWorkspaceTeam(input.identity, input.headers['x-workspace-id'], tenancy);
  const subscription = await requireSubscription(store, team, input.path.webhookId);
  const page = await readCursorList(input, {
    secret: await cursorSecret(),
    scope: { teamId: team.id, webhookId: subscription.id },
    fetch: (_filters, pageQuery) => store.listDeliveries(subscription.id, pageQuery),
    map: (row) => presentDelivery(row.delivery),
  });
  return { statusCode: 200, body: presentDeliveryPage(page, input.requestId) };
});

import { webhookDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { getWebhookReplay } from '#shared/contracts/webhooks';
import { requireReplay } from '#shared/domain/webhooks/replay';
import { createHttpHandler } from '#shared/http/handler';
import { presentReplayResponse } from '#shared/presenters/webhooks';

const dependencies = webhookDependencies();

export const handler = createHttpHandler(getWebhookReplay, async ({ path, headers, identity, requestId }) => {
  const { tenancy, webhooks: store } = dependencies();
  const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
  const replay = await requireReplay(store, team, path.webhookId, path.replayId);
  return { statusCode: 200, body: presentReplayResponse(replay, requestId) };
});

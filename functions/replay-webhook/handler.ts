import { webhookDeliveryDependencies } from '#shared/adapters/runtime/webhook-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { replayWebhook } from '#shared/contracts/webhooks';
import { keyActor } from '#shared/domain/audit-log/entry';
import { startReplay } from '#shared/domain/webhooks/replay';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';
import { presentReplayResponse } from '#shared/presenters/webhooks';

const dependencies = webhookDeliveryDependencies();

export const handler = createHttpHandler(
  replayWebhook,
  async ({ path, headers, body, identity, requestId }) => {
    const { tenancy, webhooks: store, queue } = dependencies();
    const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
    const replay = await startReplay({ store, queue }, team, path.webhookId, body, { now: new Date(), actor: keyActor(identity) });
    return { statusCode: 202, body: presentReplayResponse(replay, requestId) };
  },
  { idempotency: idempotencyKeys() },
);

import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { DynamoWebhookStore } from '#shared/adapters/dynamodb/webhook-store';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { listWebhooks } from '#shared/contracts/webhooks';
import { toWebhookData } from '#shared/domain/webhooks/deliveries';
import { createHttpHandler } from '#shared/http/handler';

const client = getDocumentClient();
const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
const store = new DynamoWebhookStore(client, physicalTableName('webhooks'));
const meta = (requestId: string) => ({ request_id: requestId, timestamp: new Date().toISOString() });

/** At most 20 per workspace: one page, no pagination. */
export const handler = createHttpHandler(listWebhooks, async ({ headers, identity, requestId }) => {
  const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
  const subscriptions = await store.listSubscriptions(team.id);
  return { statusCode: 200, body: { data: subscriptions.map(toWebhookData), meta: meta(requestId) } };
});

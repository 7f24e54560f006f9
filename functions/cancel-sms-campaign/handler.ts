import { DynamoCampaignStore } from '#shared/adapters/dynamodb/campaign-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { scheduler } from '#shared/adapters/runtime/scheduler';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { cancelSmsCampaign } from '#shared/contracts/sms-campaigns';
import { campaignResponse } from '#shared/domain/sms/campaign-response';
import { cancelCampaign } from '#shared/domain/sms/campaign-service';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';

const client = getDocumentClient();
const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
const store = new DynamoCampaignStore(client, physicalTableName('campaigns'));

/** Cancel takes no body (its contract parses one that is sent as safely as any, and it is ignored). */
export const handler = createHttpHandler(
  cancelSmsCampaign,
  async ({ path, headers, identity, requestId }) => {
    const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
    const campaign = await cancelCampaign({ store, scheduler: scheduler.get('default') }, team, path.campaignId, new Date());
    return { statusCode: 200, body: campaignResponse(campaign, requestId) };
  },
  { idempotency: idempotencyKeys() },
);

import { DynamoCampaignStore } from '#shared/adapters/dynamodb/campaign-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { getSmsCampaign } from '#shared/contracts/sms-campaigns';
import { campaignResponse } from '#shared/domain/sms/campaign-response';
import { getTeamCampaign } from '#shared/domain/sms/campaign-service';
import { createHttpHandler } from '#shared/http/handler';

const client = getDocumentClient();
const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
const store = new DynamoCampaignStore(client, physicalTableName('campaigns'));

export const handler = createHttpHandler(getSmsCampaign, async ({ path, headers, identity, requestId }) => {
  const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
  const campaign = await getTeamCampaign(store, team, path.campaignId);
  return { statusCode: 200, body: campaignResponse(campaign, requestId) };
});

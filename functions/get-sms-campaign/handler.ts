import { campaignReadDependencies } from '#shared/adapters/runtime/sms-campaign-read-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { getSmsCampaign } from '#shared/contracts/sms-campaigns';
import { getTeamCampaign } from '#shared/domain/sms-campaigns/campaign-service';
import { createHttpHandler } from '#shared/http/handler';
import { presentCampaignResponse } from '#shared/presenters/sms-campaigns';

const dependencies = campaignReadDependencies();

export const handler = createHttpHandler(getSmsCampaign, async ({ path, headers, identity, requestId }) => {
  const { tenancy, store } = dependencies();
  const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
  const campaign = await getTeamCampaign(store, team, path.campaignId);
  return { statusCode: 200, body: presentCampaignResponse(campaign, requestId) };
});

import { campaignDependencies } from '#shared/adapters/runtime/sms-campaign-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { createSmsCampaign } from '#shared/contracts/sms-campaigns';
import { createCampaign, planForTeam } from '#shared/domain/sms-campaigns/campaign-service';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';
import { presentCampaignPreflight, presentCampaignResponse } from '#shared/presenters/sms-campaigns';

const dependencies = campaignDependencies();

export const handler = createHttpHandler(
  createSmsCampaign,
  async ({ body: request, headers, identity, requestId }) => {
    const deps = dependencies();
    const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], deps.tenancy);
    const config = await deps.messagingConfigs.getMessagingConfig(team.id);
    const now = new Date();
    const plan = await planForTeam(deps, team, request, config, now);
    if (request.preflight === true || headers['x-preflight'] === 'true') {
      return { statusCode: 200, body: presentCampaignPreflight(plan, requestId, now) };
    }
    const campaign = await createCampaign(deps, { team, request, plan, now, config });
    return { statusCode: 202, body: presentCampaignResponse(campaign, requestId, now) };
  },
  { idempotency: idempotencyKeys() },
);

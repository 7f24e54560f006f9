import { campaignCancelDependencies } from '#shared/adapters/runtime/sms-campaign-cancel-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { cancelSmsCampaign } from '#shared/contracts/sms-campaigns';
import { cancelCampaign } from '#shared/domain/sms-campaigns/campaign-service';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';
import { presentCampaignResponse } from '#shared/presenters/sms-campaigns';

const dependencies = campaignCancelDependencies();

/** Cancel takes no body (its contract parses one that is sent as safely as any, and it is ignored). */
export const handler = createHttpHandler(
  cancelSmsCampaign,
  async ({ path, headers, identity, requestId }) => {
    const deps = dependencies();
    const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], deps.tenancy);
    const campaign = await cancelCampaign(deps, team, path.campaignId, new Date());
    return { statusCode: 200, body: presentCampaignResponse(campaign, requestId) };
  },
  { idempotency: idempotencyKeys() },
);

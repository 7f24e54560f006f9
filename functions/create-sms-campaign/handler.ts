import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoMessagingConfigStore } from '#shared/adapters/dynamodb/messaging-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { campaignDependencies } from '#shared/adapters/runtime/campaign-dependencies';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { createSmsCampaign } from '#shared/contracts/sms-campaigns';
import { toDollars } from '#shared/domain/sms/campaign-plan';
import { campaignResponse } from '#shared/domain/sms/campaign-response';
import { createCampaign, planForTeam } from '#shared/domain/sms/campaign-service';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';

const client = getDocumentClient();
const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
const messagingConfigs = new DynamoMessagingConfigStore(client, physicalTableName('teams'));
const campaignDeps = campaignDependencies();

export const handler = createHttpHandler(
  createSmsCampaign,
  async ({ body: request, headers, identity, requestId }) => {
    const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
    const deps = campaignDeps();
    const config = await messagingConfigs.getMessagingConfig(team.id);
    const now = new Date();
    const plan = await planForTeam(deps, team, request, config, now);
    if (request.preflight === true || headers['x-preflight'] === 'true') {
      return {
        statusCode: 200,
        body: {
          data: {
            preflight: true,
            recipients_count: plan.recipients.length,
            requested_count: plan.requested,
            duplicates_collapsed: plan.duplicatesCollapsed,
            opted_out: plan.suppressed,
            capped: plan.capped,
            fallback_count: plan.fallbackCount,
            segments: plan.segments,
            estimated_cost: toDollars(plan.estimatedCostMicros),
            last_send_at: plan.lastSendAt,
            estimated_completion_time: plan.estimatedCompletionTime,
            price_per_segment: toDollars(deps.pricePerSegmentMicros),
            recipients: plan.recipients.map((r) => ({
              index: r.index,
              phone: r.phone,
              encoding: r.encoding,
              segments: r.segments,
              used_fallback: r.usedFallback,
              suppressed: r.suppressed,
              send_at: r.sendAt,
              rule: r.rule,
              capped: r.capped,
              message: r.body,
            })),
          },
          meta: { request_id: requestId, timestamp: now.toISOString() },
        },
      };
    }
    const campaign = await createCampaign(deps, { team, request, plan, now, config });
    return { statusCode: 202, body: campaignResponse(campaign, requestId, now) };
  },
  { idempotency: idempotencyKeys() },
);

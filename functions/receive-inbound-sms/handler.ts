import { DynamoCampaignStore } from '#shared/adapters/dynamodb/campaign-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoMessagingConfigStore } from '#shared/adapters/dynamodb/messaging-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { smsProvider } from '#shared/adapters/runtime/sms-provider';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { receiveInboundSms } from '#shared/contracts/sms-campaigns';
import { toE164 } from '#shared/domain/phone';
import { handleInboundText } from '#shared/domain/sms/inbound';
import { BadRequestError } from '#shared/errors';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';

const client = getDocumentClient();
const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
const messagingConfigs = new DynamoMessagingConfigStore(client, physicalTableName('teams'));
const store = new DynamoCampaignStore(client, physicalTableName('campaigns'));

export const handler = createHttpHandler(
  receiveInboundSms,
  async ({ body: inbound, headers, identity, requestId }) => {
    const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
    const config = await messagingConfigs.getMessagingConfig(team.id);
    const from = toE164(inbound.from, config.phone_region);
    if (!from) throw new BadRequestError(`from: "${inbound.from.slice(0, 40)}" is not a valid phone number`, 'from');
    const result = await handleInboundText(
      { store, sms: smsProvider.get('default') },
      { team, from, body: inbound.body, messageId: inbound.message_id ?? null, now: new Date() },
    );
    return {
      statusCode: 200,
      body: {
        success: true,
        message: result.duplicate ? 'Message already handled' : `Handled as ${result.action}`,
        data: {
          action: result.action,
          needs_review: result.needsReview,
          duplicate: result.duplicate,
          campaign_id: result.campaignId,
          reply: result.reply,
        },
        meta: { request_id: requestId, timestamp: new Date().toISOString() },
      },
    };
  },
  { idempotency: idempotencyKeys() },
);

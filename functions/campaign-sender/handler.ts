import type { Context, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoMessagingConfigStore } from '#shared/adapters/dynamodb/messaging-config-store';
import { DynamoSendPacer } from '#shared/adapters/dynamodb/send-pacer';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { campaignDependencies } from '#shared/adapters/runtime/campaign-dependencies';
import { smsProvider } from '#shared/adapters/runtime/sms-provider';
import { startCampaign } from '#shared/domain/sms/campaign-service';
import { sendRateOverride } from '#shared/domain/sms/pricing-config';
import { sendChunk } from '#shared/domain/sms/send-chunk';
import { log } from '#shared/logging/logger';
import { countMetric } from '#shared/logging/metrics';
import { workerMaxRunMs } from '#shared/workers/definitions';
import { deliveryOf, parseMessage, processSqsBatch } from '#shared/workers/sqs-batch';

const client = getDocumentClient();
const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
const messagingConfigs = new DynamoMessagingConfigStore(client, physicalTableName('teams'));
const campaignDeps = campaignDependencies();
const rateOverride = sendRateOverride();
const pacer = new DynamoSendPacer(client, physicalTableName('campaigns'));
const maxRunMs = workerMaxRunMs('campaign-sender');

const campaignMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), campaign_id: z.string().min(1), requested_at: z.string().optional() }),
  z.object({ type: z.literal('chunk'), campaign_id: z.string().min(1), chunk: z.number().int().min(0) }),
]);

/** Consumes campaign-sends: starts scheduled campaigns and sends chunks; failures reported per item. */
export const handler = (event: SQSEvent, context?: Context) =>
  processSqsBatch(
    event,
    async (record) => {
      const message = parseMessage(record, campaignMessage);
      const deps = campaignDeps();
      if (message.type === 'start') {
        const result = await startCampaign(deps, message, new Date());
        log('info', 'campaign start', { campaignId: message.campaign_id, result });
        return;
      }
      const result = await sendChunk(
        {
          ...deps,
          sms: smsProvider.get('default'),
          team: (id) => tenancy.getTeam(id),
          messagingConfig: (id) => messagingConfigs.getMessagingConfig(id),
          rateOverride,
          pacer,
          maxRunMs,
        },
        message,
        deliveryOf(record),
      );
      countMetric('TextsSent', result.sent);
      countMetric('TextsFailed', result.failed);
      log('info', 'campaign chunk', { campaignId: message.campaign_id, chunk: message.chunk, ...result });
    },
    context,
  );

import type { Context, SQSEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { campaignSenderDependencies } from '#shared/adapters/runtime/sms-campaign-sender-dependencies';
import { startCampaign } from '#shared/domain/sms-campaigns/campaign-service';
import { sendChunk } from '#shared/domain/sms-campaigns/send-chunk';
import { log } from '#shared/logging/logger';
import { countMetric } from '#shared/logging/metrics';
import { deliveryOf, parseMessage, processSqsBatch } from '#shared/workers/sqs-batch';

const dependencies = campaignSenderDependencies();

const campaignMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), campaign_id: z.string().check(z.minLength(1)), requested_at: z.optional(z.string()) }),
  z.object({ type: z.literal('chunk'), campaign_id: z.string().check(z.minLength(1)), chunk: z.number().check(z.int(), z.gte(0)) }),
]);

/** Consumes campaign-sends: starts scheduled campaigns and sends chunks; failures reported per item. */
export const handler = (event: SQSEvent, context?: Context) =>
  processSqsBatch(
    event,
    async (record) => {
      const message = parseMessage(record, campaignMessage);
      const deps = dependencies();
      if (message.type === 'start') {
        const result = await startCampaign(deps, message, new Date());
        log('info', 'campaign start', { campaignId: message.campaign_id, result });
        return;
      }
      const result = await sendChunk(deps, message, deliveryOf(record));
      countMetric('TextsSent', result.sent);
      countMetric('TextsFailed', result.failed);
      log('info', 'campaign chunk', { campaignId: message.campaign_id, chunk: message.chunk, ...result });
    },
    context,
  );

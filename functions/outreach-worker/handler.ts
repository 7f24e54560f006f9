import type { Context, SQSEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { outreachDependencies } from '#shared/adapters/runtime/intake-outreach-dependencies';
import { placeOutreachCall } from '#shared/domain/intake/place-outreach-call';
import { log } from '#shared/logging/logger';
import { countMetric } from '#shared/logging/metrics';
import { workerMaxRunMs } from '#shared/workers/definitions';
import { deliveryOf, parseMessage, processSqsBatch } from '#shared/workers/sqs-batch';

const dependencies = outreachDependencies();
const maxRunMs = workerMaxRunMs('outreach-worker');
const outreachMessage = z.object({ stl_call_id: z.number().check(z.int(), z.positive()), attempt: z.number().check(z.int(), z.gte(1)) });

/** Consumes outreach-calls: one AI call per message, failures reported per item. */
export const handler = (event: SQSEvent, context?: Context) =>
  processSqsBatch(
    event,
    async (record) => {
      const message = parseMessage(record, outreachMessage);
      const result = await placeOutreachCall({ ...dependencies(), maxRunMs }, message, new Date(), deliveryOf(record));
      if (result === 'placed') countMetric('CallsPlaced');
      if (result === 'failed') countMetric('CallsFailed');
      log('info', 'outreach attempt', { stlCallId: message.stl_call_id, attempt: message.attempt, result });
    },
    context,
  );

import type { Context, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { voiceProvider } from '#shared/adapters/runtime/voice-provider';
import { placeOutreachCall } from '#shared/domain/intake/place-outreach-call';
import { log } from '#shared/logging/logger';
import { countMetric } from '#shared/logging/metrics';
import { workerMaxRunMs } from '#shared/workers/definitions';
import { deliveryOf, parseMessage, processSqsBatch } from '#shared/workers/sqs-batch';

const intake = new DynamoIntakeStore(getDocumentClient(), physicalTableName('leads'));
const maxRunMs = workerMaxRunMs('outreach-worker');
const outreachMessage = z.object({ stl_call_id: z.number().int().positive(), attempt: z.number().int().min(1) });

/** Consumes outreach-calls: one AI call per message, failures reported per item. */
export const handler = (event: SQSEvent, context?: Context) =>
  processSqsBatch(
    event,
    async (record) => {
      const message = parseMessage(record, outreachMessage);
      const result = await placeOutreachCall(
        { intake, voice: voiceProvider.get('default'), maxRunMs },
        message,
        new Date(),
        deliveryOf(record),
      );
      if (result === 'placed') countMetric('CallsPlaced');
      if (result === 'failed') countMetric('CallsFailed');
      log('info', 'outreach attempt', { stlCallId: message.stl_call_id, attempt: message.attempt, result });
    },
    context,
  );

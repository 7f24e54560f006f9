import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import type { Delivery } from '#shared/domain/claims';
import { PoisonMessageError } from '#shared/errors';
import { describeIssue } from '#shared/http/validation';
import { beginInvocation, log, setCorrelationId } from '#shared/logging/logger';
import { flushMetrics } from '#shared/logging/metrics';
import { CORRELATION_ID_ATTRIBUTE } from '#shared/ports/message-queue';

export function parseMessage<T>(record: SQSRecord, schema: z.core.$ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(record.body);
  } catch {
    throw new PoisonMessageError('message body is not JSON');
  }
  const parsed = z.safeParse(schema, json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PoisonMessageError(issue ? describeIssue(issue, 'body').message : 'invalid message');
  }
  return parsed.data;
}

/** The delivery a record is: its message id and how many times SQS has handed it out. */
export function deliveryOf(record: SQSRecord): Delivery {
  const receiveCount = Number(record.attributes?.ApproximateReceiveCount);
  return { messageId: record.messageId, receiveCount: Number.isInteger(receiveCount) && receiveCount > 0 ? receiveCount : 1 };
}

/**
 * Processes an SQS batch record by record and reports the failures, so SQS retries only those
 * (the event source must have ReportBatchItemFailures enabled). Records run one after another in
 * order, which keeps per-batch pacing simple; a failure never stops the rest of the batch.
 */
export async function processSqsBatch(
  event: SQSEvent,
  processRecord: (record: SQSRecord) => Promise<void>,
  context?: Context,
): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  beginInvocation(context, undefined);
  for (const record of event.Records) {
    // Each record's lines (and the messages it sends on) carry the id of the request that caused it.
    setCorrelationId(correlationIdOf(record));
    try {
      await processRecord(record);
    } catch (error) {
      log(error instanceof PoisonMessageError ? 'error' : 'warn', 'message failed', {
        messageId: record.messageId,
        receiveCount: record.attributes?.ApproximateReceiveCount,
        error: error instanceof Error ? error.message : String(error),
      });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  setCorrelationId(undefined);
  await flushMetrics().catch((error: unknown) => log('warn', 'metrics not written', { error: String(error) }));
  return { batchItemFailures };
}

/** The `correlation_id` message attribute the SQS adapter sets (shared/adapters/aws/sqs-queue.ts). */
export function correlationIdOf(record: SQSRecord): string | undefined {
  return record.messageAttributes?.[CORRELATION_ID_ATTRIBUTE]?.stringValue || undefined;
}

import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { beginInvocation, log } from '#shared/logging/logger';
import { flushMetrics } from '#shared/logging/metrics';

export interface StreamBatchOptions {
  readonly context?: Context | undefined;
  /**
   * Records one after another, and none after the first that fails: the failed one and the rest
   * are reported, so the retry resumes at it and nothing later takes effect before it does (the
   * outbox publishes in commit order). Otherwise the records run concurrently.
   */
  readonly inOrder: boolean;
  /** Runs after the records, before the metrics are written (a consumer's own figures). */
  readonly afterBatch?: (response: DynamoDBBatchResponse) => void;
}

/**
 * Processes a DynamoDB stream batch with Powertools' batch processing (the event source maps with
 * ReportBatchItemFailures): each failed record's sequence number is reported, and the stream
 * resumes from the lowest. `recordHandlerOf` is called once the invocation has begun, with the
 * batch's records, and answers the record handler: a consumer whose work spans the batch (the
 * rollups recompute each touched bucket once) plans it there. Decoding a record is the job of the
 * adapter that owns its item, never the handler's.
 */
export async function processStreamBatch(
  event: DynamoDBStreamEvent,
  options: StreamBatchOptions,
  recordHandlerOf: (records: readonly DynamoDBRecord[]) => (record: DynamoDBRecord) => Promise<void>,
): Promise<DynamoDBBatchResponse> {
  beginInvocation(options.context, undefined);
  const handleRecord = recordHandlerOf(event.Records);
  let stopped = false;
  const recordHandler = options.inOrder
    ? async (record: DynamoDBRecord) => {
        if (stopped) throw new Error('an earlier record of the batch failed; retried after it');
        await handleRecord(record).catch((error: unknown) => {
          stopped = true;
          throw error;
        });
      }
    : handleRecord;
  // One processor per batch: it keeps the batch's successes and failures as it runs.
  const response: DynamoDBBatchResponse = await processPartialResponse(
    event,
    recordHandler,
    new BatchProcessor(EventType.DynamoDBStreams),
    {
      context: options.context,
      processInParallel: !options.inOrder,
      // A batch that failed whole is reported like any other, so the stream retries it from its first record.
      throwOnFullBatchFailure: false,
    },
  );
  options.afterBatch?.(response);
  await flushMetrics().catch((error: unknown) => log('warn', 'metrics not written', { error: String(error) }));
  return response;
}

import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { rollupDependencies } from '#shared/adapters/runtime/rollup-dependencies';
import { recomputeTouchedBuckets } from '#shared/domain/rollups/session-changes';
import { log } from '#shared/logging/logger';
import { secondsMetric } from '#shared/logging/metrics';
import { processStreamBatch } from '#shared/workers/stream-batch';

const dependencies = rollupDependencies();

/**
 * Consumes the sessions table's stream: each batch recomputes the team hours and days its records
 * touch, where the row was (old image) and where it is (new image), each bucket once. A record
 * whose buckets did not land is reported, so the event source mapping retries from the earliest.
 */
export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  const started = Date.now();
  return processStreamBatch(event, { context, inOrder: false, afterBatch: (response) => report(event, response, started) }, (records) => {
    const deps = dependencies();
    const landed = recomputeTouchedBuckets(deps, records.map(deps.sessionChangeOf));
    return (record) => landed(record.dynamodb?.SequenceNumber ?? '');
  });
}

function report(event: DynamoDBStreamEvent, response: DynamoDBBatchResponse, started: number): void {
  const newest = Math.max(0, ...event.Records.map((r) => r.dynamodb?.ApproximateCreationDateTime ?? 0));
  // Rollup lag: how long after the newest change in the batch its buckets landed.
  const lagSeconds = newest > 0 ? Math.round(Date.now() / 1000 - newest) : null;
  if (lagSeconds !== null) secondsMetric('RollupLagSeconds', lagSeconds);
  const failed = response.batchItemFailures.length;
  log(failed > 0 ? 'warn' : 'info', 'rollups applied', {
    records: event.Records.length,
    failedRecords: failed,
    ms: Date.now() - started,
    lagSeconds,
  });
}

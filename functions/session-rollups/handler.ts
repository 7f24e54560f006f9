import type { AttributeValue, Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { rollupDependencies } from '#shared/adapters/runtime/rollup-dependencies';
import { applySessionChanges, type SessionChange } from '#shared/domain/rollups/session-changes';
import { beginInvocation, log } from '#shared/logging/logger';
import { flushMetrics, secondsMetric } from '#shared/logging/metrics';

const dependencies = rollupDependencies();

function placementOf(image: Record<string, AttributeValue> | undefined): SessionChange['placements'] {
  const teamId = Number(image?.team_id?.N);
  const startedAt = image?.started_at?.S;
  if (!Number.isInteger(teamId) || startedAt === undefined) return [];
  return [{ teamId, startedMs: Date.parse(startedAt) }];
}

/**
 * Consumes the sessions table's stream: each batch recomputes the team hours and days its records
 * touch, where the row was (old image) and where it is (new image). A failure reports the earliest
 * record whose buckets did not land, so the event source mapping retries from there.
 */
export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  beginInvocation(context, undefined);
  const changes: SessionChange[] = event.Records.map((record) => ({
    sequenceNumber: record.dynamodb?.SequenceNumber ?? '',
    placements: [...placementOf(record.dynamodb?.OldImage), ...placementOf(record.dynamodb?.NewImage)],
  }));
  const started = Date.now();
  const failed = await applySessionChanges(dependencies(), changes);
  const newest = Math.max(0, ...event.Records.map((r) => r.dynamodb?.ApproximateCreationDateTime ?? 0));
  // Rollup lag: how long after the newest change in the batch its buckets landed.
  const lagSeconds = newest > 0 ? Math.round(Date.now() / 1000 - newest) : null;
  if (lagSeconds !== null) secondsMetric('RollupLagSeconds', lagSeconds);
  await flushMetrics().catch((error: unknown) => log('warn', 'metrics not written', { error: String(error) }));
  log(failed ? 'warn' : 'info', 'rollups applied', {
    records: changes.length,
    failedFrom: failed,
    ms: Date.now() - started,
    lagSeconds,
  });
  return { batchItemFailures: failed ? [{ itemIdentifier: failed }] : [] };
}

import type { AttributeValue, Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { outboxDependencies } from '#shared/adapters/runtime/outbox-dependencies';
import { publishDueEvents } from '#shared/domain/outbox/publish-due-events';
import { beginInvocation, log } from '#shared/logging/logger';
import { flushMetrics } from '#shared/logging/metrics';
import type { DueEvent } from '#shared/ports/outbox';

const dependencies = outboxDependencies();

/** A record that makes an event due: an insert, or an item put back to due (a repeated change). Marking sent and expiry are not. */
function dueEventOf(record: DynamoDBRecord): DueEvent[] {
  const image: Record<string, AttributeValue> | undefined = record.dynamodb?.NewImage;
  if (record.eventName === 'REMOVE' || image?.state?.S !== 'due') return [];
  const eventId = image.event_id?.S;
  const type = image.type?.S;
  const detail = image.detail?.S;
  if (!eventId || !type || detail === undefined) {
    // Retrying could not help and would hold the shard: logged (an alarm on error logs sees it) and passed.
    log('error', 'outbox item without event_id, type or detail skipped', { keys: JSON.stringify(record.dynamodb?.Keys ?? {}) });
    return [];
  }
  try {
    return [
      { sequenceNumber: record.dynamodb?.SequenceNumber ?? '', eventId, type, detail: JSON.parse(detail) as Record<string, unknown> },
    ];
  } catch {
    // Written by outboxPuts from JSON.stringify, so never expected; retrying could not help and would hold the shard.
    log('error', 'outbox item whose detail is not JSON skipped', { eventId, type });
    return [];
  }
}

/**
 * Consumes the outbox table's stream: publishes each due event on the bus and marks it sent. A
 * refusal reports the first event not published, so the event source mapping retries from there.
 */
export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  beginInvocation(context, undefined);
  const due = event.Records.flatMap(dueEventOf);
  const failed = await publishDueEvents(dependencies(), due);
  await flushMetrics().catch((error: unknown) => log('warn', 'metrics not written', { error: String(error) }));
  return { batchItemFailures: failed ? [{ itemIdentifier: failed }] : [] };
}

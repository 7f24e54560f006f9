import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { outboxDependencies } from '#shared/adapters/runtime/outbox-dependencies';
import { publishDueEvent } from '#shared/domain/outbox/publish-due-events';
import { processStreamBatch } from '#shared/workers/stream-batch';

const dependencies = outboxDependencies();

/**
 * Consumes the outbox table's stream: publishes each due event on the bus and marks it sent, in
 * stream order. A refusal stops the batch there, so the stream retries from the first event not
 * published and no later event goes out before it.
 */
export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  return processStreamBatch(event, { context, inOrder: true }, () => async (record) => {
    const deps = dependencies();
    const due = deps.dueEventOf(record);
    if (due) await publishDueEvent(deps, due);
  });
}

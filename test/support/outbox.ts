import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { DomainEvent } from '#shared/ports/event-bus';
import { localDynamoClient } from '../../local/dynamodb/embedded';
import { iteratorOf, readFrom, streamArnOf, streamsClient } from './streams';

/**
 * The events that became due in the outbox (what the publish-events consumer would publish), in
 * the order they were committed, read from the outbox table's stream of the embedded DynamoDB at
 * DYNAMODB_ENDPOINT. `where` narrows them (a test's own lead or campaign).
 */
export async function dueEvents(where: (event: DomainEvent) => boolean = () => true): Promise<DomainEvent[]> {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  if (!endpoint) throw new Error('DYNAMODB_ENDPOINT is not set: start the emulator first');
  const client = localDynamoClient(endpoint);
  const streams = streamsClient(endpoint);
  try {
    const arn = await streamArnOf(client, physicalTableName('outbox'));
    const records = await readFrom(streams, await iteratorOf(streams, arn, 'TRIM_HORIZON'));
    return records.flatMap((record) => {
      const image = record.dynamodb?.NewImage;
      if (image?.state?.S !== 'due' || !image.type?.S || !image.detail?.S) return [];
      const event = { type: image.type.S, detail: JSON.parse(image.detail.S) as Record<string, unknown> };
      return where(event) ? [event] : [];
    });
  } finally {
    client.destroy();
    streams.destroy();
  }
}

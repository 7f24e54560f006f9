import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { type DomainEvent, EVENT_SOURCE, type EventBus } from '#shared/ports/event-bus';

const MAX_BATCH = 10;

/** EventBridge custom bus: detail-type is the event type, source the service. */
export class EventBridgeBus implements EventBus {
  constructor(
    private readonly busName: string,
    private readonly client: EventBridgeClient = new EventBridgeClient({}),
  ) {}

  async publish(events: readonly DomainEvent[]): Promise<void> {
    for (let i = 0; i < events.length; i += MAX_BATCH) {
      const batch = events.slice(i, i + MAX_BATCH);
      const result = await this.client.send(
        new PutEventsCommand({
          Entries: batch.map((e) => ({
            EventBusName: this.busName,
            Source: EVENT_SOURCE,
            DetailType: e.type,
            Detail: JSON.stringify(e.detail),
          })),
        }),
      );
      if ((result.FailedEntryCount ?? 0) > 0) {
        throw new Error(`EventBridge refused ${result.FailedEntryCount} event(s)`);
      }
    }
  }
}

import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { lazy } from '#shared/lazy';
import { type DomainEvent, EVENT_SOURCE, type EventBus } from '#shared/ports/event-bus';

const MAX_BATCH = 10;

/** The SDK's EventBridge client, loaded on the first publish, not at cold start (README, Benchmarks: cold import). */
const sdk = lazy(() => import('@aws-sdk/client-eventbridge'));

/** EventBridge custom bus: detail-type is the event type, source the service. */
export class EventBridgeBus implements EventBus {
  constructor(
    private readonly busName: string,
    /** @default a new EventBridgeClient, built on the first publish */
    private client?: EventBridgeClient,
  ) {}

  async publish(events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    const { EventBridgeClient, PutEventsCommand } = await sdk();
    this.client ??= new EventBridgeClient({});
    for (let i = 0; i < events.length; i += MAX_BATCH) {
      const batch = events.slice(i, i + MAX_BATCH);
      const result = await this.client.send(
        new PutEventsCommand({
          Entries: batch.map((e) => ({
            EventBusName: this.busName,
            Source: EVENT_SOURCE,
            DetailType: e.type,
            Detail: JSON.stringify(e.detail),
            // Ties the event to the request's X-Ray trace (active tracing sets the variable).
            TraceHeader: process.env._X_AMZN_TRACE_ID,
          })),
        }),
      );
      if ((result.FailedEntryCount ?? 0) > 0) {
        throw new Error(`EventBridge refused ${result.FailedEntryCount} event(s)`);
      }
    }
  }
}

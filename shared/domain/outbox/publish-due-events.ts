import { log } from '#shared/logging/logger';
import { countMetric } from '#shared/logging/metrics';
import type { EventBus } from '#shared/ports/event-bus';
import type { DueEvent, OutboxStore } from '#shared/ports/outbox';

export interface PublishDueEventsDependencies {
  readonly bus: EventBus;
  readonly outbox: OutboxStore;
  readonly now: () => Date;
}

/**
 * Publishes the outbox's due events in stream order, each then marked sent. Stops at the first
 * event the bus (after its own retries) or the outbox refuses and answers its sequence number, so
 * the stream retries from there: the events before it are done, it and those after it come again.
 * A stop between publishing and marking publishes that event again under the same id (at least
 * once); nothing committed is skipped. Null when every event went out.
 */
export async function publishDueEvents(deps: PublishDueEventsDependencies, events: readonly DueEvent[]): Promise<string | null> {
  for (const event of events) {
    try {
      await deps.bus.publish([{ type: event.type, detail: event.detail }]);
      countMetric('OutboxEventsPublished');
      await deps.outbox.markSent(event.eventId, deps.now());
    } catch (error) {
      countMetric('OutboxPublishFailed');
      log('warn', 'outbox event not published yet; the stream retries it', {
        eventId: event.eventId,
        type: event.type,
        error: error instanceof Error ? error.message : String(error),
      });
      return event.sequenceNumber;
    }
  }
  return null;
}

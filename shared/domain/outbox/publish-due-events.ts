import { log } from '#shared/logging/logger';
import { countMetric } from '#shared/logging/metrics';
import type { EventBus } from '#shared/ports/event-bus';
import type { MessageQueue } from '#shared/ports/message-queue';
import type { DueEvent, OutboxStore } from '#shared/ports/outbox';
import { followAppointmentEvent } from './appointment-followups';
import { teamOfEvent } from './event-team';
import { followRecoveryEvent } from './widget-followups';

export interface PublishDueEventsDependencies {
  readonly bus: EventBus;
  /** Where a visit's events start its texts and its field-service job's changes (appointment-followups.ts). */
  readonly appointmentTexts: MessageQueue;
  /** Where a visit's field-service job changes and a dropped-off session's recovery start (widget-followups.ts). */
  readonly widgetFollowups: MessageQueue;
  readonly outbox: OutboxStore;
  readonly now: () => Date;
}

/**
 * Publishes one due event of the outbox and marks it sent. A refusal by the bus (after its own
 * retries) or the outbox is logged and thrown: the stream consumer stops there, in stream order,
 * and the stream retries from this event, so nothing committed is skipped and nothing later goes
 * out first. A stop between publishing and marking publishes the event again under the same id
 * (at least once). The record only names the event: what goes out is the outbox item as it is
 * when published (OutboxStore.dueEvent), nothing when it went out already.
 */
export async function publishDueEvent(deps: PublishDueEventsDependencies, record: DueEvent): Promise<void> {
  let event: DueEvent | null = record;
  try {
    // The item as it stands: redacted since the record was written, or already sent.
    event = await deps.outbox.dueEvent(record.eventId);
    if (event === null) return;
    await deps.bus.publish([{ type: event.type, detail: event.detail }]);
    countMetric('OutboxEventsPublished');
    // Before the mark: a stop in between puts the message again, never loses it.
    await followAppointmentEvent(deps, event);
    await followRecoveryEvent(deps.widgetFollowups, event);
    await deps.outbox.markSent(event.eventId, deps.now(), teamOfEvent(event.detail));
  } catch (error) {
    countMetric('OutboxPublishFailed');
    log('warn', 'outbox event not published yet; the stream retries it', {
      eventId: record.eventId,
      type: record.type,
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}

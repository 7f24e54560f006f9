import type { MessageQueue } from '#shared/ports/message-queue';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import { type OutreachMessage, scheduleName } from './outreach';

/** Where an outreach attempt goes: the outreach-calls queue now, or a one-time schedule for later. */
export interface OutreachDispatchDependencies {
  readonly outreachQueue: MessageQueue;
  readonly scheduler: OneTimeScheduler;
}

/**
 * Queues the attempt now, or schedules it for its due instant. Used for a lead's first call
 * (intake) and for each retry (the end-of-call report of an unanswered call). The schedule's name
 * is the attempt's, so scheduling the same attempt twice is a no-op.
 */
export async function dispatchOutreach(
  deps: OutreachDispatchDependencies,
  message: OutreachMessage,
  dueAt: Date,
  now: Date,
): Promise<void> {
  if (dueAt.getTime() <= now.getTime()) {
    await deps.outreachQueue.send([{ body: { ...message } }]);
  } else {
    await deps.scheduler.scheduleMessage({
      name: scheduleName(message.stl_call_id, message.attempt),
      at: dueAt,
      queue: 'outreach-calls',
      body: { ...message },
    });
  }
}

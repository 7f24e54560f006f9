import type { QueueName } from './message-queue';

/**
 * One-time future work: at `at`, the message is sent to the named queue (EventBridge Scheduler
 * in AWS, a persisted timer locally). Names are unique per schedule; scheduling a name twice keeps
 * the first (idempotent), cancelling a missing name does nothing.
 */
export interface OneTimeScheduler {
  scheduleMessage(input: { name: string; at: Date; queue: QueueName; body: Record<string, unknown> }): Promise<void>;
  cancel(name: string): Promise<void>;
}

/**
 * The longest delivery delay a queue takes (SQS's limit, 15 minutes): a message due later goes
 * through the scheduler (ports/scheduler.ts) instead.
 */
export const MAX_QUEUE_DELAY_SECONDS = 900;

/** A queue of JSON messages (SQS in AWS, an in-process queue locally). */
export interface QueueMessage {
  readonly body: Record<string, unknown>;
  /** Delivery delay, at most MAX_QUEUE_DELAY_SECONDS. */
  readonly delaySeconds?: number;
}

/** SQS message attribute carrying the id of the request that caused a message (docs/operations.md, Correlation id). */
export const CORRELATION_ID_ATTRIBUTE = 'correlation_id';

export interface MessageQueue {
  /** Sends every message or throws; batches as the transport requires. */
  send(messages: readonly QueueMessage[]): Promise<void>;
}

/** The queues the service uses; each maps to one SQS queue with its own dead-letter queue. */
export type QueueName =
  | 'outreach-calls'
  | 'campaign-sends'
  | 'coach-evaluations'
  | 'webhook-deliveries'
  | 'widget-followups'
  | 'appointment-texts'
  | 'exports'
  | 'data-deletions'
  | 'retention-sweeps';

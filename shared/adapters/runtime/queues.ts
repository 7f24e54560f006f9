import { requireEnv } from '../../config';
import type { MessageQueue, QueueName } from '../../ports/message-queue';
import { SqsMessageQueue } from '../aws/sqs-queue';
import { adapterSlot } from './slot';

/** Environment variable holding each queue's URL (set by the stack). */
export const QUEUE_URL_ENV: Record<QueueName, string> = {
  'outreach-calls': 'OUTREACH_QUEUE_URL',
  'campaign-sends': 'CAMPAIGN_SENDS_QUEUE_URL',
};

export const queues = adapterSlot<QueueName, MessageQueue>((name) => new SqsMessageQueue(requireEnv(QUEUE_URL_ENV[name])));

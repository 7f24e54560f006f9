import { SqsMessageQueue } from '#shared/adapters/aws/sqs-queue';
import { requireEnv } from '#shared/config';
import type { MessageQueue, QueueName } from '#shared/ports/message-queue';
import { QUEUE_URL_ENV } from './queue-env';
import { adapterSlot } from './slot';

export const queues = adapterSlot<QueueName, MessageQueue>(
  (name) => name,
  (name) => new SqsMessageQueue(requireEnv(QUEUE_URL_ENV[name])),
);

import { requireEnv } from '../../config';
import type { MessageQueue, QueueName } from '../../ports/message-queue';
import { SqsMessageQueue } from '../aws/sqs-queue';
import { QUEUE_URL_ENV } from './queue-env';
import { adapterSlot } from './slot';

export const queues = adapterSlot<QueueName, MessageQueue>(
  (name) => name,
  (name) => new SqsMessageQueue(requireEnv(QUEUE_URL_ENV[name])),
);

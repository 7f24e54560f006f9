import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { MessageQueue, QueueMessage } from '#shared/ports/message-queue';

const MAX_BATCH = 10;

/** SQS: messages go in batches of ten; entries SQS refuses are retried, then reported. */
export class SqsMessageQueue implements MessageQueue {
  constructor(
    private readonly queueUrl: string,
    private readonly client: SQSClient = new SQSClient({}),
  ) {}

  async send(messages: readonly QueueMessage[]): Promise<void> {
    for (let i = 0; i < messages.length; i += MAX_BATCH) {
      let entries = messages.slice(i, i + MAX_BATCH).map((m, j) => ({
        Id: String(j),
        MessageBody: JSON.stringify(m.body),
        DelaySeconds: m.delaySeconds,
      }));
      for (let attempt = 0; entries.length > 0; attempt++) {
        const result = await this.client.send(new SendMessageBatchCommand({ QueueUrl: this.queueUrl, Entries: entries }));
        const failed = new Set((result.Failed ?? []).map((f) => f.Id));
        entries = entries.filter((e) => failed.has(e.Id));
        if (entries.length > 0 && attempt >= 3) {
          throw new Error(`SQS refused ${entries.length} message(s): ${(result.Failed ?? []).map((f) => f.Code).join(', ')}`);
        }
      }
    }
  }
}

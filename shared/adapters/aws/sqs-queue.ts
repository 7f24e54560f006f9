import type { SQSClient } from '@aws-sdk/client-sqs';
import { lazy } from '#shared/lazy';
import { currentCorrelationId } from '#shared/logging/logger';
import { CORRELATION_ID_ATTRIBUTE, type MessageQueue, type QueueMessage } from '#shared/ports/message-queue';

const MAX_BATCH = 10;

/** The SDK's SQS client, loaded on the first send, not at cold start (docs/benchmarks.md: cold import). */
const sdk = lazy(() => import('@aws-sdk/client-sqs'));

/** SQS: messages go in batches of ten; entries SQS refuses are retried, then reported. */
export class SqsMessageQueue implements MessageQueue {
  constructor(
    private readonly queueUrl: string,
    /** @default a new SQSClient, built on the first send */
    private client?: SQSClient,
  ) {}

  async send(messages: readonly QueueMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const { SQSClient, SendMessageBatchCommand } = await sdk();
    this.client ??= new SQSClient({});
    const correlationId = currentCorrelationId();
    const attributes = correlationId ? { [CORRELATION_ID_ATTRIBUTE]: { DataType: 'String', StringValue: correlationId } } : undefined;
    for (let i = 0; i < messages.length; i += MAX_BATCH) {
      let entries = messages.slice(i, i + MAX_BATCH).map((m, j) => ({
        Id: String(j),
        MessageBody: JSON.stringify(m.body),
        DelaySeconds: m.delaySeconds,
        MessageAttributes: attributes,
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

import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { MessageQueue, QueueMessage, QueueName } from '../shared/ports/message-queue';

/**
 * An in-process SQS: messages wait for their delay, are delivered in batches to the worker with a
 * real SQS event envelope, come back after the visibility timeout when the worker reports them as
 * failed (or throws), and move to the dead-letter queue after maxReceiveCount receives. Dead
 * letters are appended to `<dataDir>/dlq-<queue>.jsonl`. Messages in flight live in memory only.
 */
export type SqsConsumer = (event: SQSEvent) => Promise<SQSBatchResponse | undefined | undefined>;

export interface LocalQueueOptions {
  readonly name: QueueName;
  readonly batchSize: number;
  readonly maxReceiveCount: number;
  /** Seconds a failed message stays invisible before it is retried. @default 1 */
  readonly visibilityTimeoutSeconds?: number;
  readonly dataDir?: string;
  /** Loaded lazily, like a cold Lambda. */
  readonly consumer: () => Promise<SqsConsumer>;
}

interface StoredMessage {
  id: string;
  body: string;
  visibleAt: number;
  receiveCount: number;
  sentAt: number;
}

export class LocalQueue implements MessageQueue {
  private readonly messages: StoredMessage[] = [];
  readonly deadLetters: StoredMessage[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];
  private consumer: SqsConsumer | undefined;

  constructor(private readonly options: LocalQueueOptions) {}

  async send(messages: readonly QueueMessage[]): Promise<void> {
    const now = Date.now();
    for (const m of messages) {
      this.messages.push({
        id: randomUUID(),
        body: JSON.stringify(m.body),
        visibleAt: now + (m.delaySeconds ?? 0) * 1000,
        receiveCount: 0,
        sentAt: now,
      });
    }
    this.wake(0);
  }

  /** Messages not yet deleted (waiting, delayed or in flight). */
  get depth(): number {
    return this.messages.length;
  }

  /** Resolves when no message is waiting or in flight (delayed messages count as waiting). */
  drained(): Promise<void> {
    if (this.messages.length === 0 && !this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private wake(delayMs: number): void {
    if (this.stopped || this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.pump(), Math.max(0, delayMs));
    this.timer.unref?.();
  }

  private async pump(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    try {
      for (;;) {
        const now = Date.now();
        const batch = this.messages.filter((m) => m.visibleAt <= now).slice(0, this.options.batchSize);
        if (batch.length === 0) break;
        await this.deliver(batch);
      }
    } finally {
      this.running = false;
    }
    if (this.messages.length === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
      return;
    }
    const next = Math.min(...this.messages.map((m) => m.visibleAt));
    this.wake(next - Date.now());
  }

  private async deliver(batch: StoredMessage[]): Promise<void> {
    const visibilityMs = (this.options.visibilityTimeoutSeconds ?? 1) * 1000;
    for (const m of batch) {
      m.receiveCount++;
      m.visibleAt = Date.now() + visibilityMs;
    }
    const event: SQSEvent = { Records: batch.map((m) => this.record(m)) };
    let failed: Set<string>;
    try {
      this.consumer ??= await this.options.consumer();
      const response = await this.consumer(event);
      failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch {
      failed = new Set(batch.map((m) => m.id));
    }
    for (const m of batch) {
      if (!failed.has(m.id)) this.remove(m);
      else if (m.receiveCount >= this.options.maxReceiveCount) this.deadLetter(m);
    }
  }

  private remove(m: StoredMessage): void {
    const i = this.messages.indexOf(m);
    if (i >= 0) this.messages.splice(i, 1);
  }

  private deadLetter(m: StoredMessage): void {
    this.remove(m);
    this.deadLetters.push(m);
    if (this.options.dataDir) {
      mkdirSync(this.options.dataDir, { recursive: true });
      appendFileSync(
        path.join(this.options.dataDir, `dlq-${this.options.name}.jsonl`),
        `${JSON.stringify({ messageId: m.id, receiveCount: m.receiveCount, body: JSON.parse(m.body), deadLetteredAt: new Date().toISOString() })}\n`,
      );
    }
  }

  private record(m: StoredMessage): SQSRecord {
    return {
      messageId: m.id,
      receiptHandle: `${m.id}#${m.receiveCount}`,
      body: m.body,
      attributes: {
        ApproximateReceiveCount: String(m.receiveCount),
        SentTimestamp: String(m.sentAt),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:local:000000000000:${this.options.name}`,
      awsRegion: 'local',
    };
  }
}

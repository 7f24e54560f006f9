import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { log } from '../shared/http/logger';
import type { MessageQueue, QueueMessage, QueueName } from '../shared/ports/message-queue';

/**
 * An in-process SQS: messages wait for their delay, are delivered in batches to the worker with a
 * real SQS event envelope, come back after the visibility timeout when the worker reports them as
 * failed (or throws), and move to the dead-letter queue after maxReceiveCount receives. Dead
 * letters are appended to `<dataDir>/dlq-<queue>.jsonl` (`body`, or `rawBody` when it is not JSON).
 * Messages in flight live in memory only.
 */
export type SqsConsumer = (event: SQSEvent) => Promise<SQSBatchResponse | undefined>;

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
  private pumping: Promise<void> | undefined;

  constructor(private readonly options: LocalQueueOptions) {}

  async send(messages: readonly QueueMessage[]): Promise<void> {
    for (const m of messages) this.enqueue(JSON.stringify(m.body), m.delaySeconds ?? 0);
    this.wake(0);
  }

  /** Sends a body as is, even one that is not JSON (tests use it for poison messages). */
  async sendRaw(body: string, delaySeconds = 0): Promise<void> {
    this.enqueue(body, delaySeconds);
    this.wake(0);
  }

  private enqueue(body: string, delaySeconds: number): void {
    const now = Date.now();
    this.messages.push({ id: randomUUID(), body, visibleAt: now + delaySeconds * 1000, receiveCount: 0, sentAt: now });
  }

  /** Messages not yet deleted (waiting, delayed or in flight). */
  get depth(): number {
    return this.messages.length;
  }

  /** Resolves when no message is waiting or in flight (delayed messages count as waiting). */
  drained(): Promise<void> {
    if (this.stopped || (this.messages.length === 0 && !this.running)) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Stops delivering; resolves once the batch being delivered (if any) is done. Messages still
   * waiting are dropped (in-flight messages live in memory only), and drained() waiters are released.
   */
  stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
    return this.pumping ?? Promise.resolve();
  }

  private wake(delayMs: number): void {
    if (this.stopped || this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.pumping = this.pump()
          .catch((error: unknown) => log('error', 'local queue failure', { queue: this.options.name, error: describe(error) }))
          .finally(() => {
            this.pumping = undefined;
          });
      },
      Math.max(0, delayMs),
    );
    this.timer.unref?.();
  }

  private async pump(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    try {
      for (;;) {
        const now = Date.now();
        const batch = this.messages.filter((m) => m.visibleAt <= now).slice(0, this.options.batchSize);
        if (batch.length === 0 || this.stopped) break;
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
      // The body as JSON when it is JSON; a poison body that is not goes in as the raw string.
      let body: { body: unknown } | { rawBody: string };
      try {
        body = { body: JSON.parse(m.body) as unknown };
      } catch {
        body = { rawBody: m.body };
      }
      try {
        appendFileSync(
          path.join(this.options.dataDir, `dlq-${this.options.name}.jsonl`),
          `${JSON.stringify({ messageId: m.id, receiveCount: m.receiveCount, ...body, deadLetteredAt: new Date().toISOString() })}\n`,
        );
      } catch (error) {
        // The dead letter stays in `deadLetters`; a full disk must not stop the queue.
        log('error', 'dead letter not written', { queue: this.options.name, messageId: m.id, error: describe(error) });
      }
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

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

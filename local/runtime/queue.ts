import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { log } from '#shared/logging/logger';
import type { MessageQueue, QueueMessage, QueueName } from '#shared/ports/message-queue';
import type { RuntimeStateStore, StateRow } from './state';

/**
 * A local SQS: messages wait for their delay, are delivered in batches to the worker with a real
 * SQS event envelope, come back after the visibility timeout when the worker reports them as
 * failed (or throws, or the process dies while it runs), and move to the dead-letter queue after
 * maxReceiveCount receives. Dead letters are appended to `<dataDir>/dlq-<queue>.jsonl` (`body`, or
 * `rawBody` when it is not JSON).
 *
 * With a state store, SQS's guarantees hold across a crash: `send` resolves only once the messages
 * are stored, a receive is stored (count and visibility) before the worker sees the batch, and a
 * message is deleted only after the worker succeeded; `restore()` loads what a previous process
 * left, so in-flight work is delivered again after its visibility timeout. Without a store
 * (unit tests) messages live in memory only.
 *
 * One batch is delivered at a time, so a message is never redelivered while its worker still runs.
 */
export type SqsConsumer = (event: SQSEvent) => Promise<SQSBatchResponse | undefined>;

export interface LocalQueueOptions {
  readonly name: QueueName;
  readonly batchSize: number;
  readonly maxReceiveCount: number;
  /** Seconds a received message stays invisible before it is delivered again. @default 1 */
  readonly visibilityTimeoutSeconds?: number;
  readonly dataDir?: string;
  /** Where messages are kept so that they survive a crash; memory only when omitted. */
  readonly state?: RuntimeStateStore;
  /** Loaded lazily, like a cold Lambda. */
  readonly consumer: () => Promise<SqsConsumer>;
}

export interface StoredMessage {
  readonly id: string;
  readonly body: string;
  visibleAt: number;
  receiveCount: number;
  readonly sentAt: number;
  /** Send order within one millisecond. */
  readonly seq: number;
  firstReceivedAt: number | null;
}

/** How long the queue waits before trying again when its store fails. */
const STORE_RETRY_MS = 1000;

export class LocalQueue implements MessageQueue {
  private messages: StoredMessage[] = [];
  readonly deadLetters: StoredMessage[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];
  private consumer: SqsConsumer | undefined;
  private pumping: Promise<void> | undefined;
  private seq = 0;

  constructor(private readonly options: LocalQueueOptions) {}

  private get statePk(): string {
    return `QUEUE#${this.options.name}`;
  }

  /** Loads the messages a previous process stored (in flight ones keep their receive count). */
  async restore(): Promise<number> {
    const { state } = this.options;
    if (!state) return 0;
    const rows = await state.list(this.statePk);
    const known = new Set(this.messages.map((m) => m.id));
    for (const row of rows) {
      const message = fromRow(row);
      if (message && !known.has(message.id)) this.messages.push(message);
    }
    this.messages.sort((a, b) => a.sentAt - b.sentAt || a.seq - b.seq);
    this.wake(0);
    return rows.length;
  }

  async send(messages: readonly QueueMessage[]): Promise<void> {
    await this.enqueue(messages.map((m) => ({ body: JSON.stringify(m.body), delaySeconds: m.delaySeconds ?? 0 })));
  }

  /** Sends a body as is, even one that is not JSON (tests use it for poison messages). */
  async sendRaw(body: string, delaySeconds = 0): Promise<void> {
    await this.enqueue([{ body, delaySeconds }]);
  }

  private async enqueue(entries: readonly { body: string; delaySeconds: number }[]): Promise<void> {
    const now = Date.now();
    const stored = entries.map(
      ({ body, delaySeconds }): StoredMessage => ({
        id: randomUUID(),
        body,
        visibleAt: now + delaySeconds * 1000,
        receiveCount: 0,
        sentAt: now,
        seq: this.seq++,
        firstReceivedAt: null,
      }),
    );
    // Stored before the send is acknowledged, like SQS: an acknowledged message is never lost.
    await this.options.state?.put(this.statePk, stored.map(toRow));
    this.messages.push(...stored);
    this.wake(0);
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
   * Stops delivering; resolves once the batch being delivered (if any) is done, and releases
   * drained() waiters. Messages not yet delivered stay in the store for the next start.
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
        this.pumping = this.pump().finally(() => {
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
    let retryAfterMs: number | null = null;
    try {
      for (;;) {
        const now = Date.now();
        const batch = this.messages.filter((m) => m.visibleAt <= now).slice(0, this.options.batchSize);
        if (batch.length === 0 || this.stopped) break;
        await this.deliver(batch);
      }
    } catch (error) {
      log('error', 'local queue failure', { queue: this.options.name, error: describe(error) });
      retryAfterMs = STORE_RETRY_MS;
    } finally {
      this.running = false;
    }
    if (this.messages.length === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
      return;
    }
    let next = Number.POSITIVE_INFINITY;
    for (const m of this.messages) next = Math.min(next, m.visibleAt);
    this.wake(Math.max(next - Date.now(), retryAfterMs ?? 0));
  }

  private async deliver(batch: StoredMessage[]): Promise<void> {
    const visibilityMs = (this.options.visibilityTimeoutSeconds ?? 1) * 1000;
    const now = Date.now();
    for (const m of batch) {
      m.receiveCount++;
      m.visibleAt = now + visibilityMs;
      m.firstReceivedAt ??= now;
    }
    // The receive is stored before the worker sees the batch, so a receive count never goes back
    // and a crash mid-batch makes the messages visible again after the timeout.
    await this.options.state?.put(this.statePk, batch.map(toRow));
    const event: SQSEvent = { Records: batch.map((m) => this.record(m)) };
    let failed: Set<string>;
    try {
      this.consumer ??= await this.options.consumer();
      const response = await this.consumer(event);
      failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch {
      failed = new Set(batch.map((m) => m.id));
    }
    const finished: StoredMessage[] = [];
    for (const m of batch) {
      if (!failed.has(m.id)) finished.push(m);
      else if (m.receiveCount >= this.options.maxReceiveCount) {
        this.deadLetter(m);
        finished.push(m);
      }
    }
    await this.options.state?.delete(
      this.statePk,
      finished.map((m) => m.id),
    );
    const gone = new Set(finished);
    this.messages = this.messages.filter((m) => !gone.has(m));
  }

  private deadLetter(m: StoredMessage): void {
    this.deadLetters.push(m);
    if (!this.options.dataDir) return;
    mkdirSync(this.options.dataDir, { recursive: true });
    // The body as JSON when it is JSON; a poison body that is not goes in as the raw string.
    let body: { body: unknown } | { rawBody: string };
    try {
      body = { body: JSON.parse(m.body) as unknown };
    } catch {
      body = { rawBody: m.body };
    }
    try {
      // Written (synchronously) before the message leaves the queue's store: a crash in between
      // can write a dead letter twice, never lose one.
      appendFileSync(
        path.join(this.options.dataDir, `dlq-${this.options.name}.jsonl`),
        `${JSON.stringify({ messageId: m.id, receiveCount: m.receiveCount, ...body, deadLetteredAt: new Date().toISOString() })}\n`,
      );
    } catch (error) {
      // The dead letter stays in `deadLetters`; a full disk must not stop the queue.
      log('error', 'dead letter not written', { queue: this.options.name, messageId: m.id, error: describe(error) });
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
        ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt ?? Date.now()),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:local:000000000000:${this.options.name}`,
      awsRegion: 'local',
    };
  }
}

function toRow(m: StoredMessage): StateRow {
  return {
    sk: m.id,
    body: m.body,
    visibleAt: m.visibleAt,
    receiveCount: m.receiveCount,
    sentAt: m.sentAt,
    seq: m.seq,
    firstReceivedAt: m.firstReceivedAt,
  };
}

function fromRow(row: StateRow): StoredMessage | null {
  const { sk, body, visibleAt, receiveCount, sentAt, seq, firstReceivedAt } = row;
  if (typeof body !== 'string' || typeof visibleAt !== 'number' || typeof receiveCount !== 'number' || typeof sentAt !== 'number') {
    log('error', 'local queue row unreadable; skipped', { id: sk });
    return null;
  }
  return {
    id: sk,
    body,
    visibleAt,
    receiveCount,
    sentAt,
    seq: typeof seq === 'number' ? seq : 0,
    firstReceivedAt: typeof firstReceivedAt === 'number' ? firstReceivedAt : null,
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

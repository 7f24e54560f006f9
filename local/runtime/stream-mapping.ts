import { appendFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import {
  type _Record,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  ListStreamsCommand,
  TrimmedDataAccessException,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { log } from '#shared/logging/logger';
import type { RuntimeStateStore } from './state';
import { failureRecord, lambdaRecord, type StreamFailureRecord } from './stream-event';

/**
 * A local Lambda event source mapping on a DynamoDB stream: it polls the embedded DynamoDB's
 * stream through the Streams API (the real client) and invokes the consumer with a
 * `DynamoDBStreamEvent`, with the mapping's rules in AWS:
 * - records in sequence order, one batch at a time (one shard, parallelization factor 1);
 * - a batch is up to `batchSize` records gathered for up to the batching window (the first record's
 *   arrival starts it);
 * - `batchItemFailures` (ReportBatchItemFailures): the records before the lowest failed sequence
 *   number are done; the rest is retried on its own (bisected at the failure); an empty, missing
 *   or unknown `itemIdentifier` fails the whole batch;
 * - a thrown error splits the batch in two (BisectBatchOnFunctionError) and retries the halves in
 *   order, each a range of its own; a range that fails more than `retryAttempts` times is given
 *   up (so a record that fails alone is tried 1 + retryAttempts times, and with retryAttempts 0 a
 *   failing batch is given up at once, unsplit): its
 *   description (Lambda's on-failure invocation record) goes to the on-failure destination, here
 *   `deadLetters` and `<dataDir>/dlq-stream-<function>.jsonl`, and processing goes on after it;
 * - the position is checkpointed in the runtime state table (`STREAM#<function>`) only after the
 *   handler succeeded with the records (or they were dead-lettered, the dead letter written
 *   first), so after a crash processing resumes after the last checkpoint: records are delivered
 *   at least once, and a record handled just before a crash is delivered again.
 * Without a checkpoint (or when the table's stream was replaced) it starts at TRIM_HORIZON.
 */
export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;

export interface LocalStreamConsumerOptions {
  readonly functionName: string;
  /** The embedded DynamoDB (its Streams API). */
  readonly endpoint: string;
  /** The physical name of the table whose stream is read. */
  readonly tableName: string;
  readonly batchSize: number;
  readonly maxBatchingWindowMs: number;
  readonly retryAttempts: number;
  /** Where the checkpoint is kept; memory only when omitted. */
  readonly state?: RuntimeStateStore;
  /** Where dead letters are appended; memory only when omitted. */
  readonly dataDir?: string;
  /** Loaded lazily, like a cold Lambda. */
  readonly handler: () => Promise<StreamHandler>;
  /** How often an idle shard is polled (Lambda: four times a second). @default 250 */
  readonly pollIntervalMs?: number;
  /** Pause before a failed batch is retried. @default 100 */
  readonly retryDelayMs?: number;
}

/** Where a consumer started: after its checkpoint, or at the trim horizon. */
export interface StreamStart {
  readonly streamArn: string;
  readonly resumedAfter: string | null;
}

const MAX_RECORDS_PER_READ = 1000;
const FAILURE_PAUSE_MS = 1000;

export class LocalStreamConsumer {
  readonly deadLetters: StreamFailureRecord[] = [];
  /** Invocations that returned, successful or not. */
  invocations = 0;
  private readonly client: DynamoDBStreamsClient;
  private stream: { arn: string; shardId: string } | undefined;
  private iterator: string | undefined;
  /** The sequence number of the last record read from the stream (or of the checkpoint). */
  private readThrough: string | null = null;
  private buffer: _Record[] = [];
  private firstArrival = 0;
  /** Sizes of the sub-batches (from a bisect or a partial failure) at the head of the buffer, delivered as they are. */
  private forced: number[] = [];
  /** The range failing now (its first record and length) and how often it failed; a bisect's halves are new ranges. */
  private failing: { sequence: string; length: number; attempts: number } | null = null;
  private handlerFn: StreamHandler | undefined;
  private polls = 0;
  private lastEmptyPoll = 0;
  private waiters: { afterPoll: number; resolve: () => void }[] = [];
  private stopped = false;
  private running: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  start: StreamStart | undefined;

  constructor(private readonly options: LocalStreamConsumerOptions) {
    this.client = new DynamoDBStreamsClient({
      endpoint: options.endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  }

  private get statePk(): string {
    return `STREAM#${this.options.functionName}`;
  }

  /** Finds the table's stream and its checkpoint, then polls until stopped. */
  async begin(): Promise<StreamStart> {
    const { Streams: streams = [] } = await this.client.send(new ListStreamsCommand({ TableName: this.options.tableName }));
    const arn = streams[streams.length - 1]?.StreamArn;
    if (!arn) throw new Error(`table ${this.options.tableName} has no stream for ${this.options.functionName}`);
    const shard = (await this.client.send(new DescribeStreamCommand({ StreamArn: arn }))).StreamDescription?.Shards?.[0]?.ShardId;
    if (!shard) throw new Error(`the stream of ${this.options.tableName} has no shard`);
    this.stream = { arn, shardId: shard };
    const rows = (await this.options.state?.list(this.statePk)) ?? [];
    const checkpoint = rows.find((row) => row.sk === 'checkpoint' && row.streamArn === arn)?.sequenceNumber;
    this.readThrough = typeof checkpoint === 'string' ? checkpoint : null;
    await this.position();
    this.start = { streamArn: arn, resumedAfter: this.readThrough };
    this.running = this.loop();
    return this.start;
  }

  /** Resolves once every record written before the call has been handled (or dead-lettered); skips the batching window meanwhile. */
  catchUp(): Promise<void> {
    if (this.stopped || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push({ afterPoll: this.polls + 1, resolve });
      this.wakeUp?.();
    });
  }

  /** Stops polling once the batch being handled (if any) is done; the checkpoint stays for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    for (const waiter of this.waiters.splice(0)) waiter.resolve();
    await this.running;
    this.client.destroy();
  }

  /** Points the iterator after `readThrough` (at the trim horizon without one, or when it was trimmed). */
  private async position(): Promise<void> {
    const { arn, shardId } = this.stream as { arn: string; shardId: string };
    const at = this.readThrough;
    try {
      const answer = await this.client.send(
        new GetShardIteratorCommand({
          StreamArn: arn,
          ShardId: shardId,
          ...(at ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: at } : { ShardIteratorType: 'TRIM_HORIZON' }),
        }),
      );
      this.iterator = answer.ShardIterator;
    } catch (error) {
      if (!(error instanceof TrimmedDataAccessException)) throw error;
      log('warn', 'stream records trimmed before they were handled; continuing at the trim horizon', {
        function: this.options.functionName,
        after: at,
      });
      this.readThrough = null;
      await this.position();
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.step();
      } catch (error) {
        log('error', 'local stream consumer failure', { function: this.options.functionName, error: describe(error) });
        await this.sleep(FAILURE_PAUSE_MS);
      }
    }
  }

  private async step(): Promise<void> {
    if (this.forced.length === 0 && this.buffer.length < this.options.batchSize) await this.poll();
    const batch = this.nextBatch();
    if (batch) {
      await this.deliver(batch);
      return;
    }
    if (this.buffer.length === 0) {
      const caughtUp = this.waiters.filter((w) => w.afterPoll <= this.lastEmptyPoll);
      this.waiters = this.waiters.filter((w) => w.afterPoll > this.lastEmptyPoll);
      for (const waiter of caughtUp) waiter.resolve();
    }
    const pollMs = this.options.pollIntervalMs ?? 250;
    const windowLeft = this.buffer.length > 0 ? this.firstArrival + this.options.maxBatchingWindowMs - Date.now() : pollMs;
    await this.sleep(Math.max(0, Math.min(pollMs, windowLeft)));
  }

  private async poll(): Promise<void> {
    const id = ++this.polls;
    if (!this.iterator) {
      this.lastEmptyPoll = id;
      return;
    }
    let answer: GetRecordsCommandOutput;
    try {
      answer = await this.client.send(
        new GetRecordsCommand({
          ShardIterator: this.iterator,
          Limit: Math.min(MAX_RECORDS_PER_READ, this.options.batchSize - this.buffer.length),
        }),
      );
    } catch (error) {
      if (!(error instanceof ExpiredIteratorException || error instanceof TrimmedDataAccessException)) throw error;
      await this.position();
      return;
    }
    const records = answer.Records ?? [];
    // No next iterator: the stream was disabled and its shard read to the end.
    this.iterator = answer.NextShardIterator;
    if (records.length === 0) {
      this.lastEmptyPoll = id;
      return;
    }
    if (this.buffer.length === 0) this.firstArrival = Date.now();
    this.buffer.push(...records);
    this.readThrough = records[records.length - 1]?.dynamodb?.SequenceNumber ?? this.readThrough;
  }

  private nextBatch(): _Record[] | null {
    const [forced] = this.forced;
    if (forced !== undefined) return this.buffer.slice(0, forced);
    if (this.buffer.length === 0) return null;
    const full = this.buffer.length >= this.options.batchSize;
    const windowOver = Date.now() - this.firstArrival >= this.options.maxBatchingWindowMs;
    if (!full && !windowOver && this.waiters.length === 0) return null;
    return this.buffer.slice(0, this.options.batchSize);
  }

  private async deliver(batch: _Record[]): Promise<void> {
    const { arn } = this.stream as { arn: string };
    const event: DynamoDBStreamEvent = { Records: batch.map((record) => lambdaRecord(record, arn)) };
    let failedAt: number | null = null;
    let threw = false;
    try {
      this.handlerFn ??= await this.options.handler();
      failedAt = firstFailure(await this.handlerFn(event), batch);
    } catch (error) {
      threw = true;
      failedAt = 0;
      log('warn', 'stream consumer failed a batch', { function: this.options.functionName, records: batch.length, error: describe(error) });
    }
    this.invocations++;
    if (failedAt === null) {
      await this.commit(batch.length);
      return;
    }
    if (failedAt > 0) await this.commit(failedAt);
    const rest = batch.slice(failedAt);
    const head = rest[0]?.dynamodb?.SequenceNumber ?? '';
    const again = this.failing?.sequence === head && this.failing.length === rest.length;
    const attempts = again && this.failing ? this.failing.attempts + 1 : 1;
    this.failing = { sequence: head, length: rest.length, attempts };
    if (attempts > this.options.retryAttempts) {
      await this.giveUp(rest, attempts, threw);
      return;
    }
    // Retried on its own: a thrown batch in two halves, a partial failure from its first failed record.
    const parts = threw && rest.length > 1 ? [Math.ceil(rest.length / 2), Math.floor(rest.length / 2)] : [rest.length];
    if (this.forced.length > 0) this.forced.splice(0, 1, ...parts);
    else this.forced.unshift(...parts);
    await this.sleep(this.options.retryDelayMs ?? 100);
  }

  /** Sends the range's description to the on-failure destination, then moves past it. */
  private async giveUp(records: _Record[], invocations: number, threw: boolean): Promise<void> {
    const { arn, shardId } = this.stream as { arn: string; shardId: string };
    const failure = failureRecord({ functionName: this.options.functionName, streamArn: arn, shardId, records, invocations, threw });
    // Written before the checkpoint moves past the records: a crash in between can write it twice, never lose it.
    if (this.options.dataDir) {
      try {
        mkdirSync(this.options.dataDir, { recursive: true });
        appendFileSync(path.join(this.options.dataDir, `dlq-stream-${this.options.functionName}.jsonl`), `${JSON.stringify(failure)}\n`);
      } catch (error) {
        log('error', 'stream dead letter not written', { function: this.options.functionName, error: describe(error) });
      }
    }
    this.deadLetters.push(failure);
    this.failing = null;
    await this.commit(records.length);
  }

  /** Checkpoints the first `count` records of the buffer, then drops them. */
  private async commit(count: number): Promise<void> {
    const last = this.buffer[count - 1]?.dynamodb?.SequenceNumber;
    if (!last) return;
    const { arn, shardId } = this.stream as { arn: string; shardId: string };
    await this.options.state?.put(this.statePk, [
      { sk: 'checkpoint', streamArn: arn, shardId, sequenceNumber: last, checkpointedAt: new Date().toISOString() },
    ]);
    this.buffer.splice(0, count);
    if (this.buffer.length > 0) this.firstArrival = Date.now();
    const [forced] = this.forced;
    if (forced !== undefined) {
      if (forced > count) this.forced[0] = forced - count;
      else this.forced.shift();
    }
    if (this.failing && BigInt(this.failing.sequence) <= BigInt(last)) this.failing = null;
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0 || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }
}

/** Index of the first record the response reports as failed; null when the batch succeeded; 0 when the response is malformed. */
function firstFailure(response: DynamoDBBatchResponse | undefined, batch: readonly _Record[]): number | null {
  const failures = response?.batchItemFailures;
  if (!failures || failures.length === 0) return null;
  let first = batch.length;
  for (const failure of failures) {
    const index = batch.findIndex((r) => r.dynamodb?.SequenceNumber === failure?.itemIdentifier);
    if (index === -1) return 0;
    first = Math.min(first, index);
  }
  return first;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

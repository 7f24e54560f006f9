import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { ensureLocalTable, ensureTables, type LocalDynamo, localDynamoClient, startLocalDynamo } from '../../../../local/dynamodb/embedded';
import { RUNTIME_STATE_TABLE, RuntimeStateStore, runtimeStateTableName } from '../../../../local/runtime/state';
import { LocalStreamConsumer, type LocalStreamConsumerOptions, type StreamHandler } from '../../../../local/runtime/stream-mapping';

/**
 * The local event source mapping on the sessions stream: order, batching, partial batch
 * responses, bisect on error with the on-failure destination, and the checkpoint in the runtime
 * state table (resume after a restart). Handlers are the tests' own.
 */
const S = (value: string) => ({ S: value });

describe('local stream consumer', () => {
  let dataDir: string;
  let dynamo: LocalDynamo;
  let client: ReturnType<typeof localDynamoClient>;
  let documents: DynamoDBDocumentClient;
  let state: RuntimeStateStore;
  let item = 0;
  const consumers: LocalStreamConsumer[] = [];
  const keysOf = (event: DynamoDBStreamEvent) => event.Records.map((r) => r.dynamodb?.NewImage?.sk?.S ?? '');
  const ok: StreamHandler = async () => ({ batchItemFailures: [] });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'local-streams-'));
    dynamo = await startLocalDynamo({ dataDir });
    await ensureTables(dynamo.endpoint, 'ls');
    await ensureLocalTable(dynamo.endpoint, runtimeStateTableName('ls'), RUNTIME_STATE_TABLE);
    client = localDynamoClient(dynamo.endpoint);
    documents = DynamoDBDocumentClient.from(localDynamoClient(dynamo.endpoint));
    state = new RuntimeStateStore(documents, runtimeStateTableName('ls'));
  });
  afterEach(async () => {
    for (const consumer of consumers.splice(0)) await consumer.stop();
  });
  afterAll(async () => {
    client.destroy();
    documents.destroy();
    await dynamo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Writes sessions `count` items and returns their sort keys, in write order. */
  async function write(count: number, extra: Record<string, unknown> = {}): Promise<string[]> {
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      const sk = `s-${String(++item).padStart(5, '0')}`;
      await client.send(new PutItemCommand({ TableName: 'ls-sessions', Item: { pk: S('TEAM#1'), sk: S(sk), ...extra } }));
      keys.push(sk);
    }
    return keys;
  }

  /**
   * A consumer of its own (function name, so its own checkpoint). It starts at the trim horizon;
   * `handler` sees only the records written after it caught up with the earlier ones.
   */
  async function consumer(functionName: string, handler: StreamHandler, options: Partial<LocalStreamConsumerOptions> = {}) {
    let armed = false;
    const started = new LocalStreamConsumer({
      functionName,
      endpoint: dynamo.endpoint,
      tableName: 'ls-sessions',
      batchSize: 5,
      // Longer than a loaded machine takes to write a batch's records one by one, so the tests'
      // batches hold what they wrote; a full batch goes at once, so a quick machine waits nothing.
      maxBatchingWindowMs: 2000,
      retryAttempts: 2,
      state,
      dataDir,
      pollIntervalMs: 20,
      retryDelayMs: 0,
      handler: async () => (event) => (armed ? handler(event) : ok(event)),
      ...options,
    });
    consumers.push(started);
    await started.begin();
    await started.catchUp();
    armed = true;
    return started;
  }

  it('delivers every record once, in order, in batches of at most batchSize, as Lambda shapes them', async () => {
    const batches: DynamoDBStreamEvent[] = [];
    const handled = await consumer('order', async (event) => {
      batches.push(event);
      return { batchItemFailures: [] };
    });
    const written = await write(12, { bin: { B: Buffer.from('hi') } });
    await handled.catchUp();

    expect(batches.flatMap(keysOf)).toEqual(written);
    expect(Math.max(...batches.map((b) => b.Records.length))).toBeLessThanOrEqual(5);
    const [first] = batches[0]?.Records ?? [];
    expect(first).toEqual({
      eventID: expect.stringMatching(/^[0-9a-f]{32}$/),
      eventName: 'INSERT',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: expect.any(String),
      eventSourceARN: expect.stringMatching(/^arn:aws:dynamodb:[^:]+:\d+:table\/ls-sessions\/stream\/\d{4}-/),
      dynamodb: {
        ApproximateCreationDateTime: expect.any(Number),
        Keys: { pk: S('TEAM#1'), sk: S(written[0] ?? '') },
        NewImage: { pk: S('TEAM#1'), sk: S(written[0] ?? ''), bin: { B: Buffer.from('hi').toString('base64') } },
        SequenceNumber: expect.stringMatching(/^\d{21}$/),
        SizeBytes: expect.any(Number),
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    });
  });

  it('gathers records for the batching window, and reaches the handler within the window and a poll', async () => {
    const arrivals: { keys: string[]; at: number }[] = [];
    const handled = await consumer(
      'window',
      async (event) => {
        arrivals.push({ keys: keysOf(event), at: Date.now() });
        return undefined;
      },
      { batchSize: 500, maxBatchingWindowMs: 1000, pollIntervalMs: 250 },
    );
    const writtenAt = Date.now();
    const written = await write(3);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(arrivals.map((a) => a.keys)).toEqual([written]);
    expect((arrivals[0]?.at ?? 0) - writtenAt).toBeGreaterThanOrEqual(900);
    expect((arrivals[0]?.at ?? 0) - writtenAt).toBeLessThan(2000);
    await handled.catchUp();
  });

  it('retries from the first record a partial batch response names, and only the rest of the batch', async () => {
    const batches: string[][] = [];
    let failOnce = true;
    const handled = await consumer('partial', async (event) => {
      batches.push(keysOf(event));
      const third = event.Records[2];
      if (failOnce && third) {
        failOnce = false;
        // Two failures reported: the lowest sequence number is where the retry starts.
        return {
          batchItemFailures: [
            { itemIdentifier: event.Records[3]?.dynamodb?.SequenceNumber ?? '' },
            { itemIdentifier: third.dynamodb?.SequenceNumber ?? '' },
          ],
        };
      }
      return { batchItemFailures: [] };
    });
    const written = await write(5);
    await handled.catchUp();
    expect(batches).toEqual([written, written.slice(2)]);
  });

  it('retries the whole batch when the response names no record of it', async () => {
    const batches: string[][] = [];
    const handled = await consumer('malformed', async (event): Promise<DynamoDBBatchResponse> => {
      batches.push(keysOf(event));
      return { batchItemFailures: batches.length === 1 ? [{ itemIdentifier: '' }] : [] };
    });
    const written = await write(3);
    await handled.catchUp();
    expect(batches).toEqual([written, written]);
  });

  it('bisects a batch whose handler throws, retries each half, and sends a record that keeps failing to the on-failure destination', async () => {
    const batches: string[][] = [];
    const handled = await consumer('bisect', async (event) => {
      const keys = keysOf(event);
      batches.push(keys);
      if (event.Records.some((r) => r.dynamodb?.NewImage?.poison)) throw new Error('cannot handle this record');
      return { batchItemFailures: [] };
    });
    const before = await write(1);
    const [poison] = await write(1, { poison: { BOOL: true } });
    const after = await write(3);
    const all = [...before, poison, ...after] as string[];
    await handled.catchUp();

    // [5] throws → [3] throws → [2] throws → [1] ok, then the poison alone: tried, retried twice, given up; then the rest.
    expect(batches).toEqual([
      all,
      all.slice(0, 3),
      all.slice(0, 2),
      all.slice(0, 1),
      [poison],
      [poison],
      [poison],
      all.slice(2, 3),
      all.slice(3),
    ]);
    expect(handled.deadLetters).toHaveLength(1);
    const poisonSequence = handled.deadLetters[0]?.DDBStreamBatchInfo.startSequenceNumber;
    expect(handled.deadLetters[0]).toEqual({
      requestContext: {
        requestId: expect.any(String),
        functionArn: expect.stringMatching(/:function:bisect$/),
        condition: 'RetryAttemptsExhausted',
        approximateInvokeCount: 3,
      },
      responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
      version: '1.0',
      timestamp: expect.any(String),
      DDBStreamBatchInfo: {
        shardId: expect.stringMatching(/^shardId-/),
        startSequenceNumber: poisonSequence,
        endSequenceNumber: poisonSequence,
        approximateArrivalOfFirstRecord: expect.stringMatching(/Z$/),
        approximateArrivalOfLastRecord: expect.stringMatching(/Z$/),
        batchSize: 1,
        streamArn: expect.stringContaining('table/ls-sessions/stream/'),
      },
    });
    const file = path.join(dataDir, 'dlq-stream-bisect.jsonl');
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8').trim())).toEqual(handled.deadLetters[0]);
  });

  it('gives up a range whose records are reported failed more than retryAttempts times, from the failed record to the end of its batch', async () => {
    const batches: string[][] = [];
    const handled = await consumer('partial-exhausted', async (event) => {
      batches.push(keysOf(event));
      const bad = event.Records.find((r) => r.dynamodb?.NewImage?.bad);
      return { batchItemFailures: bad ? [{ itemIdentifier: bad.dynamodb?.SequenceNumber ?? '' }] : [] };
    });
    const good = await write(1);
    const bad = await write(1, { bad: { BOOL: true } });
    const tail = await write(1);
    await handled.catchUp();
    const rest = [...bad, ...tail];
    expect(batches).toEqual([[...good, ...rest], rest, rest]);
    expect(handled.deadLetters.map((d) => [d.DDBStreamBatchInfo.batchSize, d.responseContext.functionError])).toEqual([[2, undefined]]);
  });

  it('checkpoints after each handled batch and resumes after the checkpoint when started again', async () => {
    const first: string[] = [];
    const one = await consumer('resume', async (event) => {
      first.push(...keysOf(event));
      return undefined;
    });
    const before = await write(4);
    await one.catchUp();
    const checkpoint = (await state.list('STREAM#resume')).find((row) => row.sk === 'checkpoint');
    expect(checkpoint?.sequenceNumber).toEqual(expect.stringMatching(/^\d{21}$/));
    await one.stop();
    const meanwhile = await write(3);

    const second: string[] = [];
    const two = new LocalStreamConsumer({
      functionName: 'resume',
      endpoint: dynamo.endpoint,
      tableName: 'ls-sessions',
      batchSize: 5,
      // Longer than a loaded machine takes to write a batch's records one by one, so the tests'
      // batches hold what they wrote; a full batch goes at once, so a quick machine waits nothing.
      maxBatchingWindowMs: 2000,
      retryAttempts: 2,
      state,
      pollIntervalMs: 20,
      handler: async () => async (event) => {
        second.push(...keysOf(event));
        return undefined;
      },
    });
    consumers.push(two);
    expect((await two.begin()).resumedAfter).toBe(checkpoint?.sequenceNumber);
    await two.catchUp();
    expect(first).toEqual(before);
    expect(second).toEqual(meanwhile);
  });

  it('starts at the trim horizon without a checkpoint, and catches up at once when there is nothing to do', async () => {
    const seen: string[] = [];
    const handled = new LocalStreamConsumer({
      functionName: 'horizon',
      endpoint: dynamo.endpoint,
      tableName: 'ls-sessions',
      batchSize: 500,
      maxBatchingWindowMs: 60_000,
      retryAttempts: 2,
      state,
      pollIntervalMs: 20,
      handler: async () => async (event) => {
        seen.push(...keysOf(event));
        return undefined;
      },
    });
    consumers.push(handled);
    expect((await handled.begin()).resumedAfter).toBeNull();
    // Catching up skips the batching window.
    await handled.catchUp();
    expect(seen).toHaveLength(item);
    const started = Date.now();
    await handled.catchUp();
    expect(Date.now() - started).toBeLessThan(500);
  });
});

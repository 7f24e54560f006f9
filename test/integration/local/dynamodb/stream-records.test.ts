import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteItemCommand,
  DescribeTableCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import type { _Record, DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { TABLES } from '#shared/adapters/dynamodb/tables';
import { ensureLocalTable, ensureTables, type LocalDynamo, localDynamoClient, startLocalDynamo } from '../../../../local/dynamodb/embedded';
import { iteratorOf, readFrom, recordsOf, startStreamEmulator, streamArnOf, streamsClient } from '../../../support/streams';

/**
 * The embedded DynamoDB writes DynamoDB Streams records as DynamoDB does, read back through the
 * real Streams client: one record per item change, with DynamoDB's event names, keys, images and
 * sizes; none for a write that changes nothing or fails its condition.
 */
const S = (value: string) => ({ S: value });
const sessionKey = (id: string) => ({ pk: S('TEAM#1'), sk: S(id) });

describe('DynamoDB Streams records of the embedded DynamoDB', () => {
  let dynamo: LocalDynamo;
  let client: ReturnType<typeof localDynamoClient>;
  let streams: DynamoDBStreamsClient;
  let sessionsArn: string;
  const sessions = 'rec-sessions';
  const records = (writes: () => Promise<unknown>) => recordsOf(streams, sessionsArn, writes);

  beforeAll(async () => {
    dynamo = await startLocalDynamo();
    client = localDynamoClient(dynamo.endpoint);
    streams = streamsClient(dynamo.endpoint);
    await ensureTables(dynamo.endpoint, 'rec');
    sessionsArn = await streamArnOf(client, sessions);
  });
  afterAll(async () => {
    streams.destroy();
    client.destroy();
    await dynamo.stop();
  });

  it('gives the tables whose definition declares a stream their stream, as DescribeTable reports it', async () => {
    const { Table: table } = await client.send(new DescribeTableCommand({ TableName: sessions }));
    expect(table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(table?.LatestStreamLabel).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
    expect(table?.LatestStreamArn).toBe(`${table?.TableArn}/stream/${table?.LatestStreamLabel}`);
    const { Table: teams } = await client.send(new DescribeTableCommand({ TableName: 'rec-teams' }));
    expect([teams?.StreamSpecification, teams?.LatestStreamArn]).toEqual([undefined, undefined]);
  });

  it("writes INSERT, MODIFY and REMOVE records exactly like AWS's sample stream event", async () => {
    // The table and items of the sample event in the Lambda and DynamoDB documentation.
    const created = await client.send(
      new CreateTableCommand({
        TableName: 'ExampleTableWithStream',
        AttributeDefinitions: [{ AttributeName: 'Id', AttributeType: 'N' }],
        KeySchema: [{ AttributeName: 'Id', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
    const arn = await streamArnOf(client, 'ExampleTableWithStream');
    expect(created.TableDescription?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(created.TableDescription?.LatestStreamArn).toBe(arn);
    const Key = { Id: { N: '101' } };
    const written = await recordsOf(streams, arn, async () => {
      await client.send(new PutItemCommand({ TableName: 'ExampleTableWithStream', Item: { ...Key, Message: S('New item!') } }));
      await client.send(
        new UpdateItemCommand({
          TableName: 'ExampleTableWithStream',
          Key,
          UpdateExpression: 'SET Message = :m',
          ExpressionAttributeValues: { ':m': S('This item has changed') },
        }),
      );
      await client.send(new DeleteItemCommand({ TableName: 'ExampleTableWithStream', Key }));
    });

    const common = {
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: expect.any(String),
      eventID: expect.stringMatching(/^[0-9a-f]{32}$/),
    };
    const stream = {
      SequenceNumber: expect.stringMatching(/^\d{21}$/),
      ApproximateCreationDateTime: expect.any(Date),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    };
    expect(written).toEqual([
      { ...common, eventName: 'INSERT', dynamodb: { ...stream, Keys: Key, NewImage: { ...Key, Message: S('New item!') }, SizeBytes: 26 } },
      {
        ...common,
        eventName: 'MODIFY',
        dynamodb: {
          ...stream,
          Keys: Key,
          NewImage: { ...Key, Message: S('This item has changed') },
          OldImage: { ...Key, Message: S('New item!') },
          SizeBytes: 59,
        },
      },
      {
        ...common,
        eventName: 'REMOVE',
        dynamodb: { ...stream, Keys: Key, OldImage: { ...Key, Message: S('This item has changed') }, SizeBytes: 38 },
      },
    ]);
    // ApproximateCreationDateTime is a whole second, within the last minute.
    const at = written[0]?.dynamodb?.ApproximateCreationDateTime?.getTime() ?? 0;
    expect(at % 1000).toBe(0);
    expect(Math.abs(Date.now() - at)).toBeLessThan(60_000);
  });

  it('writes no record for a write that changes nothing: the same item again, an update to the same values, a delete of an absent item', async () => {
    const Item = { ...sessionKey('same'), n: { N: '1.50' }, tags: { SS: ['a', 'b'] }, m: { M: { x: { L: [S('y')] } } } };
    await client.send(new PutItemCommand({ TableName: sessions, Item }));
    const none = await records(async () => {
      await client.send(new PutItemCommand({ TableName: sessions, Item }));
      await client.send(new PutItemCommand({ TableName: sessions, Item: { ...Item, n: { N: '1.5' }, tags: { SS: ['b', 'a'] } } }));
      await client.send(
        new UpdateItemCommand({
          TableName: sessions,
          Key: sessionKey('same'),
          UpdateExpression: 'SET n = :n',
          ExpressionAttributeValues: { ':n': { N: '015e-1' } },
        }),
      );
      await client.send(new DeleteItemCommand({ TableName: sessions, Key: sessionKey('never-written') }));
    });
    expect(none).toEqual([]);
  });

  it('writes no record for a write whose condition fails, and nothing of the write', async () => {
    await client.send(new PutItemCommand({ TableName: sessions, Item: { ...sessionKey('guarded'), v: S('1') } }));
    const failed = await records(async () => {
      const conditional = { TableName: sessions, ConditionExpression: 'attribute_not_exists(pk)' };
      const attempts = [
        client.send(new PutItemCommand({ ...conditional, Item: { ...sessionKey('guarded'), v: S('2') } })),
        client.send(
          new UpdateItemCommand({
            ...conditional,
            Key: sessionKey('guarded'),
            UpdateExpression: 'SET v = :v',
            ExpressionAttributeValues: { ':v': S('3') },
          }),
        ),
        client.send(new DeleteItemCommand({ ...conditional, Key: sessionKey('guarded') })),
      ];
      for (const attempt of attempts) await expect(attempt).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    });
    expect(failed).toEqual([]);
  });

  it('writes one record per item of a BatchWriteItem, only for the tables with a stream', async () => {
    await client.send(new PutItemCommand({ TableName: sessions, Item: { ...sessionKey('batch-gone'), v: S('old') } }));
    const written = await records(() =>
      client.send(
        new BatchWriteItemCommand({
          RequestItems: {
            [sessions]: [
              { PutRequest: { Item: { ...sessionKey('batch-1'), v: S('1') } } },
              { PutRequest: { Item: { ...sessionKey('batch-2'), v: S('2') } } },
              { DeleteRequest: { Key: sessionKey('batch-gone') } },
            ],
            'rec-teams': [{ PutRequest: { Item: { pk: S('T'), sk: S('META') } } }],
          },
        }),
      ),
    );
    const summary = written.map((r) => `${r.eventName} ${r.dynamodb?.Keys?.sk?.S}`).sort();
    expect(summary).toEqual(['INSERT batch-1', 'INSERT batch-2', 'REMOVE batch-gone']);
    expect(written.find((r) => r.eventName === 'REMOVE')?.dynamodb?.OldImage).toEqual({ ...sessionKey('batch-gone'), v: S('old') });
  });

  it('writes a record per written item of a transaction, none for its ConditionCheck, and none at all when it is cancelled', async () => {
    await client.send(new PutItemCommand({ TableName: sessions, Item: { ...sessionKey('tx-kept'), v: S('1') } }));
    const committed = await records(() =>
      client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: sessions, Item: { ...sessionKey('tx-new'), v: S('n') } } },
            {
              Update: {
                TableName: sessions,
                Key: sessionKey('tx-kept'),
                UpdateExpression: 'SET v = :v',
                ExpressionAttributeValues: { ':v': S('2') },
              },
            },
            {
              ConditionCheck: {
                TableName: 'rec-teams',
                Key: { pk: S('nobody'), sk: S('META') },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      ),
    );
    expect(committed.map((r) => [r.eventName, r.dynamodb?.Keys?.sk?.S])).toEqual([
      ['INSERT', 'tx-new'],
      ['MODIFY', 'tx-kept'],
    ]);
    expect(committed[1]?.dynamodb?.OldImage?.v).toEqual(S('1'));

    const cancelled = await records(async () => {
      const attempt = client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: sessions, Item: { ...sessionKey('tx-never'), v: S('n') } } },
            {
              Delete: {
                TableName: sessions,
                Key: sessionKey('tx-kept'),
                ConditionExpression: 'v = :one',
                ExpressionAttributeValues: { ':one': S('1') },
              },
            },
          ],
        }),
      );
      await expect(attempt).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    });
    expect(cancelled).toEqual([]);
  });

  it('numbers records with strictly increasing 21-digit sequence numbers, also under concurrent writes to one item', async () => {
    const written = await records(() =>
      Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          client.send(
            new UpdateItemCommand({
              TableName: sessions,
              Key: sessionKey('counter'),
              UpdateExpression: 'ADD n :one SET #w = :w',
              ExpressionAttributeNames: { '#w': `w${i % 3}` },
              ExpressionAttributeValues: { ':one': { N: '1' }, ':w': S(String(i)) },
            }),
          ),
        ),
      ),
    );
    expect(written).toHaveLength(40);
    const sequences = written.map((r) => BigInt(r.dynamodb?.SequenceNumber ?? '0'));
    for (let i = 1; i < sequences.length; i++) expect(sequences[i]).toBeGreaterThan(sequences[i - 1] as bigint);
    // Each record's old image is the previous record's new image: the records follow the writes' order.
    const counts = written.map((r: _Record) => [r.dynamodb?.OldImage?.n?.N, r.dynamodb?.NewImage?.n?.N]);
    expect(counts).toEqual(Array.from({ length: 40 }, (_, i) => [i === 0 ? undefined : String(i), String(i + 1)]));
  });

  it('keeps only the images of the view type: KEYS_ONLY, NEW_IMAGE, OLD_IMAGE', async () => {
    for (const view of ['KEYS_ONLY', 'NEW_IMAGE', 'OLD_IMAGE'] as const) {
      const TableName = `view-${view}`;
      await client.send(
        new CreateTableCommand({
          TableName,
          AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
          KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
          BillingMode: 'PAY_PER_REQUEST',
          StreamSpecification: { StreamEnabled: true, StreamViewType: view },
        }),
      );
      const written = await recordsOf(streams, await streamArnOf(client, TableName), async () => {
        await client.send(new PutItemCommand({ TableName, Item: { id: S('a'), v: S('1') } }));
        await client.send(new PutItemCommand({ TableName, Item: { id: S('a'), v: S('2') } }));
      });
      const images = written.map((r) => [
        r.dynamodb?.StreamViewType,
        r.dynamodb?.Keys,
        r.dynamodb?.NewImage?.v?.S,
        r.dynamodb?.OldImage?.v?.S,
      ]);
      const expected = {
        KEYS_ONLY: [undefined, undefined, undefined, undefined],
        NEW_IMAGE: ['1', undefined, '2', undefined],
        OLD_IMAGE: [undefined, undefined, undefined, '1'],
      }[view];
      expect(images).toEqual([
        [view, { id: S('a') }, expected[0], expected[1]],
        [view, { id: S('a') }, expected[2], expected[3]],
      ]);
    }
  });

  it('starts a stream on an existing table with UpdateTable, and refuses a second one', async () => {
    await client.send(new PutItemCommand({ TableName: 'rec-leads', Item: { pk: S('before'), sk: S('x') } }));
    await client.send(
      new UpdateTableCommand({
        TableName: 'rec-leads',
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
    const arn = await streamArnOf(client, 'rec-leads');
    await client.send(new PutItemCommand({ TableName: 'rec-leads', Item: { pk: S('after'), sk: S('x') } }));
    const all = await readFrom(streams, await iteratorOf(streams, arn, 'TRIM_HORIZON'));
    expect(all.map((r) => r.dynamodb?.Keys?.pk?.S)).toEqual(['after']);
    await expect(
      client.send(
        new UpdateTableCommand({ TableName: 'rec-leads', StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } }),
      ),
    ).rejects.toMatchObject({ name: 'ValidationException' });
  });
});

describe('a data folder from before the sessions table had a stream', () => {
  it('gets the stream when the tables are ensured at the next start', async () => {
    const dynamo = await startLocalDynamo();
    const client = localDynamoClient(dynamo.endpoint);
    try {
      const { stream: _stream, ...withoutStream } = TABLES.sessions;
      await ensureLocalTable(dynamo.endpoint, 'old-sessions', withoutStream);
      expect((await client.send(new DescribeTableCommand({ TableName: 'old-sessions' }))).Table?.LatestStreamArn).toBeUndefined();
      await ensureTables(dynamo.endpoint, 'old');
      const { Table: table } = await client.send(new DescribeTableCommand({ TableName: 'old-sessions' }));
      expect(table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
      expect(table?.LatestStreamArn).toEqual(expect.stringContaining('table/old-sessions/stream/'));
    } finally {
      client.destroy();
      await dynamo.stop();
    }
  });
});

describe('stream records and their writes are one LevelDB batch', () => {
  it('writes an item, its index entries and its stream record in one batch, for single, batch and transactional writes', async () => {
    const emulator = await startStreamEmulator();
    const client = localDynamoClient(emulator.endpoint);
    try {
      await ensureTables(emulator.endpoint, 'atomic');
      const db = emulator.store.db as unknown as Record<'put' | 'del' | 'batch', (...args: unknown[]) => unknown>;
      const counted = { put: 0, del: 0, batches: [] as { key: string }[][] };
      const { put, del, batch } = db;
      db.put = (...args) => {
        counted.put++;
        return put.apply(emulator.store.db, args);
      };
      db.del = (...args) => {
        counted.del++;
        return del.apply(emulator.store.db, args);
      };
      db.batch = (...args) => {
        counted.batches.push(args[0] as { key: string }[]);
        return batch.apply(emulator.store.db, args);
      };
      const kinds = () => counted.batches.map((ops) => ops.map((op) => op.key.replace(/~.*$/, '').replace(/@.*$/, '')).sort());

      await client.send(
        new PutItemCommand({ TableName: 'atomic-sessions', Item: { ...sessionKey('one'), statusPk: S('TEAM#1#pending') } }),
      );
      expect(kinds()).toEqual([['index-global', 'item-atomic-sessions', 'stream', 'stream-atomic-sessions']]);
      counted.batches = [];
      await client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Delete: { TableName: 'atomic-sessions', Key: sessionKey('one') } },
            { Put: { TableName: 'atomic-teams', Item: { pk: S('T'), sk: S('META') } } },
          ],
        }),
      );
      expect(kinds()).toEqual([['index-global', 'item-atomic-sessions', 'item-atomic-teams', 'stream', 'stream-atomic-sessions']]);
      expect({ put: counted.put, del: counted.del }).toEqual({ put: 0, del: 0 });
    } finally {
      client.destroy();
      await emulator.stop();
    }
  });
});

describe('stream records across a restart', () => {
  it('keeps the records and continues the sequence numbers after the same data folder is opened again', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stream-restart-'));
    const run = async (id: string) => {
      const dynamo = await startLocalDynamo({ dataDir });
      const client = localDynamoClient(dynamo.endpoint);
      const streams = streamsClient(dynamo.endpoint);
      try {
        await ensureTables(dynamo.endpoint, 'restart');
        await client.send(new PutItemCommand({ TableName: 'restart-sessions', Item: sessionKey(id) }));
        const arn = await streamArnOf(client, 'restart-sessions');
        return await readFrom(streams, await iteratorOf(streams, arn, 'TRIM_HORIZON'));
      } finally {
        streams.destroy();
        client.destroy();
        await dynamo.stop();
      }
    };
    try {
      await run('first');
      const after = await run('second');
      expect(after.map((r) => r.dynamodb?.Keys?.sk?.S)).toEqual(['first', 'second']);
      expect(BigInt(after[1]?.dynamodb?.SequenceNumber ?? '0')).toBeGreaterThan(BigInt(after[0]?.dynamodb?.SequenceNumber ?? '0'));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import { PutItemCommand, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  type DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ListStreamsCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { ensureTables, localDynamoClient } from '../../../../local/dynamodb/embedded';
import { iteratorOf, readFrom, shardOf, startStreamEmulator, streamArnOf, streamsClient } from '../../../support/streams';

/**
 * The DynamoDB Streams API of the embedded DynamoDB, through the real `@aws-sdk/client-dynamodb-streams`:
 * listing and describing streams, the four shard iterator types, paging with Limit and
 * NextShardIterator, trimming after 24 hours, iterator expiry and disabled streams.
 */
const S = (value: string) => ({ S: value });

describe('DynamoDB Streams API of the embedded DynamoDB', () => {
  let clock = Date.now();
  let emulator: Awaited<ReturnType<typeof startStreamEmulator>>;
  let client: ReturnType<typeof localDynamoClient>;
  let streams: DynamoDBStreamsClient;
  let arn: string;
  const put = (sk: string, TableName = 'api-sessions') =>
    client.send(new PutItemCommand({ TableName, Item: { pk: S('TEAM#1'), sk: S(sk) } }));
  const keysOf = (records: { dynamodb?: { Keys?: Record<string, { S?: string }> } }[]) => records.map((r) => r.dynamodb?.Keys?.sk?.S);

  beforeAll(async () => {
    emulator = await startStreamEmulator({ now: () => clock });
    client = localDynamoClient(emulator.endpoint);
    streams = streamsClient(emulator.endpoint);
    await ensureTables(emulator.endpoint, 'api');
    arn = await streamArnOf(client, 'api-sessions');
    for (let i = 0; i < 25; i++) await put(`item-${String(i).padStart(2, '0')}`);
  });
  afterAll(async () => {
    streams.destroy();
    client.destroy();
    await emulator.stop();
  });

  it('lists the streams, of every table or of one, page by page', async () => {
    // The tables whose definitions enable a stream: the sessions (rollups) and the outbox (events).
    const outboxArn = await streamArnOf(client, 'api-outbox');
    const all = await streams.send(new ListStreamsCommand({}));
    expect(all.Streams).toEqual([
      { StreamArn: outboxArn, TableName: 'api-outbox', StreamLabel: outboxArn.split('/stream/')[1] },
      { StreamArn: arn, TableName: 'api-sessions', StreamLabel: arn.split('/stream/')[1] },
    ]);
    expect((await streams.send(new ListStreamsCommand({ TableName: 'api-teams' }))).Streams).toEqual([]);
    await expect(streams.send(new ListStreamsCommand({ TableName: 'api-missing' }))).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });

    await client.send(
      new UpdateTableCommand({ TableName: 'api-leads', StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } }),
    );
    const first = await streams.send(new ListStreamsCommand({ Limit: 2 }));
    expect(first.Streams).toHaveLength(2);
    const second = await streams.send(new ListStreamsCommand({ Limit: 2, ExclusiveStartStreamArn: first.LastEvaluatedStreamArn }));
    expect(second.LastEvaluatedStreamArn).toBeUndefined();
    expect([...(first.Streams ?? []), ...(second.Streams ?? [])].map((s) => s.TableName).sort()).toEqual([
      'api-leads',
      'api-outbox',
      'api-sessions',
    ]);
  });

  it('describes a stream with its one open shard', async () => {
    const { StreamDescription: description } = await streams.send(new DescribeStreamCommand({ StreamArn: arn }));
    expect(description).toEqual({
      StreamArn: arn,
      StreamLabel: arn.split('/stream/')[1],
      StreamStatus: 'ENABLED',
      StreamViewType: 'NEW_AND_OLD_IMAGES',
      CreationRequestDateTime: expect.any(Date),
      TableName: 'api-sessions',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      Shards: [
        {
          ShardId: expect.stringMatching(/^shardId-\d{20}-[0-9a-f]{8}$/),
          SequenceNumberRange: { StartingSequenceNumber: expect.stringMatching(/^\d{21}$/) },
        },
      ],
    });
    const missing = arn.replace('api-sessions', 'api-nothing');
    await expect(streams.send(new DescribeStreamCommand({ StreamArn: missing }))).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
  });

  it('pages through the shard with Limit, each page handing the next iterator, and an empty page at the end that still has one', async () => {
    let iterator = await iteratorOf(streams, arn, 'TRIM_HORIZON');
    const sizes: number[] = [];
    const seen: (string | undefined)[] = [];
    for (let page = 0; page < 4; page++) {
      const answer = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 10 }));
      sizes.push(answer.Records?.length ?? 0);
      seen.push(...keysOf(answer.Records ?? []));
      expect(answer.NextShardIterator).toEqual(expect.any(String));
      iterator = answer.NextShardIterator ?? '';
    }
    expect(sizes).toEqual([10, 10, 5, 0]);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `item-${String(i).padStart(2, '0')}`));
    // The end of the shard is not the end of the stream: a later write is read from the same iterator.
    await put('late');
    expect(keysOf((await streams.send(new GetRecordsCommand({ ShardIterator: iterator }))).Records ?? [])).toEqual(['late']);
    await expect(streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1001 }))).rejects.toMatchObject({
      name: 'ValidationException',
    });
  });

  it('positions iterators at the trim horizon, the latest record, at a sequence number or after it', async () => {
    const all = await readFrom(streams, await iteratorOf(streams, arn, 'TRIM_HORIZON'));
    const third = all[2]?.dynamodb?.SequenceNumber ?? '';
    expect(keysOf(await readFrom(streams, await iteratorOf(streams, arn, 'AT_SEQUENCE_NUMBER', third)))).toEqual(keysOf(all.slice(2)));
    expect(keysOf(await readFrom(streams, await iteratorOf(streams, arn, 'AFTER_SEQUENCE_NUMBER', third)))).toEqual(keysOf(all.slice(3)));
    const latest = await iteratorOf(streams, arn, 'LATEST');
    expect(await readFrom(streams, latest)).toEqual([]);
    await put('after-latest');
    expect(keysOf(await readFrom(streams, latest))).toEqual(['after-latest']);
  });

  it('refuses bad iterator requests as DynamoDB Streams does', async () => {
    const ShardId = await shardOf(streams, arn);
    const iterator = (input: Record<string, unknown>) =>
      streams.send(new GetShardIteratorCommand({ StreamArn: arn, ShardId, ShardIteratorType: 'AT_SEQUENCE_NUMBER', ...input }));
    await expect(iterator({ SequenceNumber: undefined })).rejects.toMatchObject({ name: 'ValidationException' });
    await expect(iterator({ SequenceNumber: '12' })).rejects.toMatchObject({ name: 'ValidationException' });
    await expect(iterator({ SequenceNumber: '9'.repeat(30) })).rejects.toMatchObject({ name: 'ValidationException' });
    await expect(iterator({ ShardId: 'shardId-00000000000000000000-00000000', ShardIteratorType: 'LATEST' })).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
    await expect(streams.send(new GetRecordsCommand({ ShardIterator: 'not-an-iterator' }))).rejects.toMatchObject({
      name: 'ValidationException',
    });
  });

  it.each([
    'DynamoDBStreams_20120810.constructor',
    'DynamoDBStreams_20120810.toString',
    'DynamoDB_20120810.constructor',
    'DynamoDB_20120810.__proto__',
  ])('answers the target %s as an unknown operation', async (target) => {
    const answer = await fetch(emulator.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': target,
        authorization: 'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
        'x-amz-date': '20260101T000000Z',
      },
      body: '{}',
    });

    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ __type: expect.stringContaining('UnknownOperationException') });
  });

  it('expires iterators after 15 minutes', async () => {
    const iterator = await iteratorOf(streams, arn, 'LATEST');
    clock += 16 * 60 * 1000;
    await expect(streams.send(new GetRecordsCommand({ ShardIterator: iterator }))).rejects.toMatchObject({
      name: 'ExpiredIteratorException',
    });
  });

  it('trims records older than 24 hours: reading them is TrimmedDataAccessException, TRIM_HORIZON starts after them', async () => {
    // Iterators taken shortly before the records turn 24 hours old, used just after (well within their 15 minutes).
    clock += 24 * 60 * 60 * 1000 - 20 * 60 * 1000; // the records are 23 h 56 min old
    expect(await emulator.log.trim()).toBe(0);
    const before = await readFrom(streams, await iteratorOf(streams, arn, 'TRIM_HORIZON'));
    const oldIterator = await iteratorOf(streams, arn, 'TRIM_HORIZON');
    const atFirst = await iteratorOf(streams, arn, 'AT_SEQUENCE_NUMBER', before[0]?.dynamodb?.SequenceNumber);
    clock += 6 * 60 * 1000;
    await put('young');
    expect(await emulator.log.trim()).toBe(before.length);

    expect(keysOf(await readFrom(streams, await iteratorOf(streams, arn, 'TRIM_HORIZON')))).toEqual(['young']);
    await expect(iteratorOf(streams, arn, 'AT_SEQUENCE_NUMBER', before[0]?.dynamodb?.SequenceNumber)).rejects.toMatchObject({
      name: 'TrimmedDataAccessException',
    });
    // An iterator from before the trim: from the horizon it reads what is left; at a trimmed record it is refused.
    expect(keysOf(await readFrom(streams, oldIterator))).toEqual(['young']);
    await expect(streams.send(new GetRecordsCommand({ ShardIterator: atFirst }))).rejects.toMatchObject({
      name: 'TrimmedDataAccessException',
    });
    const last = before[before.length - 1]?.dynamodb?.SequenceNumber;
    expect(keysOf(await readFrom(streams, await iteratorOf(streams, arn, 'AFTER_SEQUENCE_NUMBER', last)))).toEqual(['young']);
  });

  it('closes the shard of a disabled stream and starts a new stream when it is enabled again', async () => {
    await put('before-disable', 'api-leads');
    const leadsArn = await streamArnOf(client, 'api-leads');
    await client.send(new UpdateTableCommand({ TableName: 'api-leads', StreamSpecification: { StreamEnabled: false } }));
    await put('while-disabled', 'api-leads');

    const { StreamDescription: closed } = await streams.send(new DescribeStreamCommand({ StreamArn: leadsArn }));
    expect(closed?.StreamStatus).toBe('DISABLED');
    expect(closed?.Shards?.[0]?.SequenceNumberRange?.EndingSequenceNumber).toEqual(expect.stringMatching(/^\d{21}$/));
    const first = await streams.send(new GetRecordsCommand({ ShardIterator: await iteratorOf(streams, leadsArn, 'TRIM_HORIZON') }));
    expect(keysOf(first.Records ?? [])).toEqual(['before-disable']);
    const end = await streams.send(new GetRecordsCommand({ ShardIterator: first.NextShardIterator }));
    expect([end.Records, end.NextShardIterator]).toEqual([[], undefined]);

    await client.send(
      new UpdateTableCommand({ TableName: 'api-leads', StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' } }),
    );
    const reopened = await streamArnOf(client, 'api-leads');
    expect(reopened).not.toBe(leadsArn);
    await put('after-enable', 'api-leads');
    expect(keysOf(await readFrom(streams, await iteratorOf(streams, reopened, 'TRIM_HORIZON')))).toEqual(['after-enable']);
  });
});

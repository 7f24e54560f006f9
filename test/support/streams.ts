import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  type _Record,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import { createDynaliteWithStore, type DynaliteStore } from '../../local/dynamodb/dynalite-internals';
import { StreamLog, type StreamLogOptions } from '../../local/dynamodb/stream-log';
import { installStreams } from '../../local/dynamodb/streams';
import { installTransactions } from '../../local/dynamodb/transactions';

/** The real DynamoDB Streams client, pointed at an embedded DynamoDB. */
export function streamsClient(endpoint: string): DynamoDBStreamsClient {
  return new DynamoDBStreamsClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

export async function streamArnOf(client: DynamoDBClient, tableName: string): Promise<string> {
  const arn = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.LatestStreamArn;
  if (!arn) throw new Error(`${tableName} has no stream`);
  return arn;
}

export async function shardOf(streams: DynamoDBStreamsClient, streamArn: string): Promise<string> {
  const shard = (await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }))).StreamDescription?.Shards?.[0]?.ShardId;
  if (!shard) throw new Error(`${streamArn} has no shard`);
  return shard;
}

export async function iteratorOf(
  streams: DynamoDBStreamsClient,
  streamArn: string,
  type: ShardIteratorType,
  sequenceNumber?: string,
): Promise<string> {
  const ShardId = await shardOf(streams, streamArn);
  const answer = await streams.send(
    new GetShardIteratorCommand({ StreamArn: streamArn, ShardId, ShardIteratorType: type, SequenceNumber: sequenceNumber }),
  );
  return answer.ShardIterator ?? '';
}

/** Every record from the iterator on, page by page, until a page comes back empty. */
export async function readFrom(streams: DynamoDBStreamsClient, iterator: string, limit?: number): Promise<_Record[]> {
  const records: _Record[] = [];
  let next: string | undefined = iterator;
  while (next) {
    const page: GetRecordsCommandOutput = await streams.send(new GetRecordsCommand({ ShardIterator: next, Limit: limit }));
    records.push(...(page.Records ?? []));
    if ((page.Records ?? []).length === 0) break;
    next = page.NextShardIterator;
  }
  return records;
}

/** The records the stream gets while `writes` runs. */
export async function recordsOf(streams: DynamoDBStreamsClient, streamArn: string, writes: () => Promise<unknown>): Promise<_Record[]> {
  const from = await iteratorOf(streams, streamArn, 'LATEST');
  await writes();
  return readFrom(streams, from);
}

/**
 * An in-memory embedded DynamoDB on this thread, with its store and stream log in reach (a test
 * clock, LevelDB batches counted).
 */
export async function startStreamEmulator(options: StreamLogOptions = {}): Promise<{
  endpoint: string;
  store: DynaliteStore;
  log: StreamLog;
  stop(): Promise<void>;
}> {
  const { server, store } = createDynaliteWithStore({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const log = await StreamLog.open(store, options);
  installTransactions(server, store, log);
  installStreams(server, store, log);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    store,
    log,
    async stop() {
      log.close();
      await new Promise((resolve) => (server as Server).close(resolve));
    },
  };
}

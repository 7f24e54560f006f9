import { createHash } from 'node:crypto';
import { type DynaliteStore, tableOf } from './dynalite-internals';
import type { StreamLog } from './stream-log';
import { formatSequence, type StreamIdentity } from './stream-records';
import { type OperationHandler, serviceError, validationError } from './wire';

/**
 * The DynamoDB Streams API (`DynamoDBStreams_20120810.*`) on the embedded DynamoDB's endpoint:
 * ListStreams, DescribeStream, GetShardIterator (TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER,
 * AFTER_SEQUENCE_NUMBER) and GetRecords, answered from the records of ./stream-log.ts,
 * with DynamoDB Streams' errors (ResourceNotFoundException, TrimmedDataAccessException,
 * ExpiredIteratorException, ValidationException).
 *
 * Each stream has **one shard**, open as long as the stream is enabled (DynamoDB splits a stream
 * into shards by partition and rolls them over every few hours; a consumer that follows the shard
 * lineage reads one shard the same way). Shard iterators expire after 15 minutes, as DynamoDB's.
 */
const ITERATOR_TTL_MS = 15 * 60 * 1000;
const MAX_RECORDS = 1000;
/** GetRecords answers at most 1 MB of records. */
const MAX_BYTES = 1024 * 1024;
const ITERATOR_TYPES = ['TRIM_HORIZON', 'LATEST', 'AT_SEQUENCE_NUMBER', 'AFTER_SEQUENCE_NUMBER'] as const;
const STREAM_ARN = /^arn:aws[\w-]*:dynamodb:[^:]*:[^:]*:table\/([a-zA-Z0-9_.-]+)\/stream\/(.+)$/;

interface IteratorState {
  /** Stream ARN. */
  readonly a: string;
  /** Read after this sequence number; null: from the oldest record kept. */
  readonly p: string | null;
  /** Expiry, epoch ms. */
  readonly e: number;
}

export function streamsApi(store: DynaliteStore, log: StreamLog): Record<string, OperationHandler> {
  const now = log.now;
  async function streamOf(arn: unknown): Promise<StreamIdentity> {
    if (typeof arn !== 'string' || arn.length < 37 || arn.length > 1024) throw validationError('Invalid StreamArn');
    const match = STREAM_ARN.exec(arn);
    const identity = match ? await log.identityOf(match[1] as string) : null;
    if (!identity || identity.streamArn !== arn)
      throw serviceError('ResourceNotFoundException', `Requested resource not found: Stream: ${arn} not found`);
    return identity;
  }

  const iterator = (stream: StreamIdentity, after: bigint | null): string => {
    const state: IteratorState = { a: stream.streamArn, p: after === null ? null : after.toString(), e: now() + ITERATOR_TTL_MS };
    return `${stream.streamArn}|1|${Buffer.from(JSON.stringify(state)).toString('base64url')}`;
  };

  return {
    async ListStreams(data) {
      const limit = optionalLimit(data.Limit, 100);
      let names: string[];
      if (data.TableName !== undefined) {
        await tableOf(store, String(data.TableName));
        names = [String(data.TableName)];
      } else {
        names = (await store.db.keys({ gt: 'table~', lt: 'table~~' }).all()).map((key) => key.slice('table~'.length));
      }
      const streams = (await Promise.all(names.map((name) => log.identityOf(name))))
        .filter((s): s is StreamIdentity => s !== null)
        .sort((x, y) => (x.streamArn < y.streamArn ? -1 : 1));
      const start =
        typeof data.ExclusiveStartStreamArn === 'string' ? streams.findIndex((s) => s.streamArn > String(data.ExclusiveStartStreamArn)) : 0;
      const page = start === -1 ? [] : streams.slice(start, start + limit);
      const more = start !== -1 && start + limit < streams.length;
      return {
        Streams: page.map((s) => ({ StreamArn: s.streamArn, TableName: s.tableName, StreamLabel: s.label })),
        ...(more ? { LastEvaluatedStreamArn: page[page.length - 1]?.streamArn } : {}),
      };
    },

    async DescribeStream(data) {
      optionalLimit(data.Limit, 100);
      const stream = await streamOf(data.StreamArn);
      const table = await tableOf(store, stream.tableName);
      const oldest = await log.oldestSequence(stream);
      const range: Record<string, string> = {
        StartingSequenceNumber: oldest ?? formatSequence((log.trimmedThrough(stream) ?? log.lastSequence) + 1n),
      };
      if (!stream.enabled) {
        const newest = await log.newestSequence(stream);
        if (newest) range.EndingSequenceNumber = newest;
      }
      const shard = { ShardId: shardId(stream), SequenceNumberRange: range };
      return {
        StreamDescription: {
          StreamArn: stream.streamArn,
          StreamLabel: stream.label,
          StreamStatus: stream.enabled ? 'ENABLED' : 'DISABLED',
          StreamViewType: stream.viewType,
          CreationRequestDateTime: Date.parse(`${stream.label}Z`) / 1000,
          TableName: stream.tableName,
          KeySchema: table.KeySchema,
          Shards: data.ExclusiveStartShardId === shard.ShardId ? [] : [shard],
        },
      };
    },

    async GetShardIterator(data) {
      const stream = await streamOf(data.StreamArn);
      if (data.ShardId !== shardId(stream))
        throw serviceError('ResourceNotFoundException', `Requested resource not found: Shard does not exist`);
      const type = data.ShardIteratorType;
      if (!ITERATOR_TYPES.includes(type as (typeof ITERATOR_TYPES)[number])) {
        throw validationError(
          `1 validation error detected: Value '${String(type)}' at 'shardIteratorType' failed to satisfy constraint: Member must satisfy enum value set: [${ITERATOR_TYPES.join(', ')}]`,
        );
      }
      if (type === 'TRIM_HORIZON') return { ShardIterator: iterator(stream, null) };
      if (type === 'LATEST') return { ShardIterator: iterator(stream, log.lastSequence) };
      const text = data.SequenceNumber;
      if (typeof text !== 'string' || !/^\d{21,40}$/.test(text)) throw validationError('Invalid SequenceNumber');
      const sequence = BigInt(text);
      if (sequence > log.lastSequence) throw validationError(`Invalid SequenceNumber: ${text} is beyond the end of the shard`);
      const after = type === 'AT_SEQUENCE_NUMBER' ? sequence - 1n : sequence;
      const trimmed = log.trimmedThrough(stream);
      if (trimmed !== null && after < trimmed) throw trimmedError(text);
      return { ShardIterator: iterator(stream, after) };
    },

    async GetRecords(data) {
      const limit = optionalLimit(data.Limit, MAX_RECORDS);
      const state = decode(data.ShardIterator);
      if (state.e < now())
        throw serviceError('ExpiredIteratorException', 'Iterator expired. The iterator was created over 15 minutes ago.');
      const stream = await streamOf(state.a);
      const after = state.p === null ? null : BigInt(state.p);
      const trimmed = log.trimmedThrough(stream);
      if (after !== null && trimmed !== null && after < trimmed) throw trimmedError(formatSequence(after + 1n));
      const records = await log.read(stream, after, limit, MAX_BYTES);
      const last = records[records.length - 1];
      const next = last ? BigInt(last.dynamodb.SequenceNumber) : after;
      // A disabled stream's shard is closed: once it is read to its end there is no next iterator.
      const closed = !stream.enabled && records.length === 0;
      return { Records: records, ...(closed ? {} : { NextShardIterator: iterator(stream, next) }) };
    },
  };
}

/** `shardId-<20 digits: the stream's creation, epoch ms>-<8 hex digits>`, the shape of DynamoDB's shard ids. */
function shardId(stream: StreamIdentity): string {
  const created = String(Date.parse(`${stream.label}Z`)).padStart(20, '0');
  return `shardId-${created}-${createHash('sha1').update(stream.streamArn).digest('hex').slice(0, 8)}`;
}

function decode(token: unknown): IteratorState {
  if (typeof token !== 'string' || token.length < 1 || token.length > 2048) throw validationError('Invalid ShardIterator');
  try {
    const state = JSON.parse(Buffer.from(token.slice(token.lastIndexOf('|') + 1), 'base64url').toString('utf8')) as IteratorState;
    if (typeof state.a === 'string' && typeof state.e === 'number' && (state.p === null || /^\d+$/.test(String(state.p)))) return state;
  } catch {
    // answered below
  }
  throw validationError('Invalid ShardIterator');
}

function optionalLimit(value: unknown, max: number): number {
  if (value === undefined) return max;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw validationError(
      `1 validation error detected: Value '${String(value)}' at 'limit' failed to satisfy constraint: Member must have value between 1 and ${max}`,
    );
  }
  return value;
}

function trimmedError(sequence: string): Error {
  return serviceError(
    'TrimmedDataAccessException',
    `Attempted to access data that has been trimmed: sequence number ${sequence} is beyond the trim horizon of the stream`,
  );
}

import { randomUUID } from 'node:crypto';
import {
  type AttributeValue,
  BatchWriteItemCommand,
  ConditionalCheckFailedException,
  DeleteItemCommand,
  type DynamoDBClient,
  PutItemCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import {
  type _Record,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ListStreamsCommand,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import { TABLES } from '#shared/adapters/dynamodb/tables';
import { ensureLocalTable, localDynamoClient } from '../../local/dynamodb/embedded';

/**
 * The DynamoDB Streams scenarios: against any endpoint serving the DynamoDB and DynamoDB Streams
 * APIs, create the sessions table as the stack defines it (TABLES.sessions: NEW_AND_OLD_IMAGES,
 * seven GSIs), make a fixed list of writes (STEPS), read back every stream record and return them
 * normalized, so two implementations (Amazon's DynamoDB Local, the embedded dynalite with its
 * stream emitter) can be compared record for record. The records DynamoDB Local writes are in
 * ./dynamodb-local-stream-records.ts.
 *
 * Each step is followed by a marker PutItem (partition MARKER_PK), and the records are split at
 * the markers' INSERTs, so each step's records (or their absence) are attributed to it. That needs
 * the implementation's records in write order across items, which holds for one shard (DynamoDB
 * Local, the emitter) and is checked: markers out of order throw.
 *
 * Normalized means: values that differ from run to run (eventID, awsRegion, eventSourceARN,
 * SequenceNumber, ApproximateCreationDateTime) replaced by their shape, the members of string,
 * number and binary sets sorted (a set has no order), and within one step the records ordered by
 * item key, keeping each item's own order: DynamoDB orders a stream per item and promises no order
 * across the items of one BatchWriteItem or transaction. The raw records keep everything.
 */

/** Partition key of the marker items written after each step. */
export const MARKER_PK = 'STREAM-SCENARIO#MARKER';

/** A stream record with the values that differ from run to run replaced by their shape. */
export interface NormalizedStreamRecord {
  readonly eventID?: Shape;
  readonly eventName?: string;
  readonly eventVersion?: string;
  readonly eventSource?: string;
  readonly awsRegion?: Shape;
  readonly eventSourceARN?: Shape;
  readonly dynamodb?: {
    readonly ApproximateCreationDateTime?: Shape;
    readonly Keys?: Record<string, unknown>;
    readonly NewImage?: Record<string, unknown>;
    readonly OldImage?: Record<string, unknown>;
    readonly SequenceNumber?: Shape;
    readonly SizeBytes?: number;
    readonly StreamViewType?: string;
    readonly [field: string]: unknown;
  };
  readonly [field: string]: unknown;
}

/** What a dropped value was: '<Date>', '<digits>' (a string of decimal digits), '<string>', '<number>'… */
export type Shape = `<${string}>`;

export interface StepRecords {
  readonly step: StepName;
  readonly records: readonly NormalizedStreamRecord[];
}

export interface StreamScenarioResult {
  /** StreamViewType of DescribeStream's StreamDescription. */
  readonly streamViewType: string | undefined;
  /** Each step's records, normalized (within a step ordered by item key, see above), markers left out. */
  readonly steps: readonly StepRecords[];
  /** Every record read, normalized, in stream order, markers included. */
  readonly records: readonly NormalizedStreamRecord[];
  /** Every record read as the Streams API answered it (through the SDK), in stream order. */
  readonly raw: readonly _Record[];
  /** Whether each record's SequenceNumber (a decimal string) is greater than the one before. */
  readonly sequenceNumbersIncrease: boolean;
  /** Whether no two records share an eventID. */
  readonly eventIdsDistinct: boolean;
}

export const STEP_NAMES = [
  'PutItem new',
  'PutItem overwrite, changed',
  'PutItem overwrite, identical',
  'UpdateItem SET and REMOVE',
  'UpdateItem of a missing item (creates it)',
  'UpdateItem to identical values',
  'BatchWriteItem puts and deletes',
  'DeleteItem',
  'DeleteItem of a missing item',
  'PutItem failing its condition',
  'TransactWriteItems Put, Update, Delete, ConditionCheck',
  'TransactWriteItems canceled by its ConditionCheck',
] as const;
export type StepName = (typeof STEP_NAMES)[number];

// ---------------------------------------------------------------------------------------------
// The items. Session-like: the team partition, GSI key attributes, and one attribute of each type.

export const TEAM_PK = 'TEAM#7';
export const sessionKey = (n: number) => ({ pk: { S: TEAM_PK }, sk: { S: `SESSION#2024-05-0${n}T10:00:00.000Z#s${n}` } });

/** Session 1 as first written: every attribute type DynamoDB has. */
export const SESSION_1_NEW = {
  ...sessionKey(1),
  statusPk: { S: `${TEAM_PK}#STATUS#started` },
  status: { S: 'started' },
  visits: { N: '1' },
  score: { N: '-12.50' },
  booked: { BOOL: false },
  notes: { NULL: true },
  tags: { SS: ['web', 'ads'] },
  slots: { NS: ['10', '11'] },
  blob: { B: Uint8Array.from([0, 1, 2, 253, 254, 255]) },
  blobs: { BS: [Uint8Array.from([1]), Uint8Array.from([2, 3])] },
  answers: { M: { service: { S: 'plumbing' }, urgent: { BOOL: true }, rooms: { L: [{ N: '1' }, { S: 'attic' }] } } },
  steps: { L: [{ S: 'zip' }, { M: { at: { S: '2024-05-01T10:00:00.000Z' } } }] },
} satisfies Record<string, AttributeValue>;

/** Session 1 overwritten: booked, indexed by the bookings GSI, the map changed. */
export const SESSION_1_BOOKED = {
  ...SESSION_1_NEW,
  statusPk: { S: `${TEAM_PK}#STATUS#booked` },
  status: { S: 'booked' },
  booked: { BOOL: true },
  bookedPk: { S: TEAM_PK },
  bookedSk: { S: '2024-05-03T09:00:00.000Z#s1' },
  answers: { M: { service: { S: 'plumbing' }, urgent: { BOOL: false } } },
} satisfies Record<string, AttributeValue>;

export const SESSION_3 = {
  ...sessionKey(3),
  statusPk: { S: `${TEAM_PK}#STATUS#started` },
  status: { S: 'started' },
  visits: { N: '1' },
} satisfies Record<string, AttributeValue>;

export const SESSION_4 = {
  ...sessionKey(4),
  statusPk: { S: `${TEAM_PK}#STATUS#started` },
  status: { S: 'started' },
} satisfies Record<string, AttributeValue>;

export const SESSION_5 = {
  ...sessionKey(5),
  statusPk: { S: `${TEAM_PK}#STATUS#abandoned` },
  status: { S: 'abandoned' },
} satisfies Record<string, AttributeValue>;

export const SESSION_6 = { ...sessionKey(6), status: { S: 'started' } } satisfies Record<string, AttributeValue>;

// ---------------------------------------------------------------------------------------------
// The writes.

type Step = (client: DynamoDBClient, table: string) => Promise<void>;

const STEPS: Record<StepName, Step> = {
  'PutItem new': async (client, table) => {
    await client.send(new PutItemCommand({ TableName: table, Item: SESSION_1_NEW }));
  },
  'PutItem overwrite, changed': async (client, table) => {
    await client.send(new PutItemCommand({ TableName: table, Item: SESSION_1_BOOKED }));
  },
  'PutItem overwrite, identical': async (client, table) => {
    await client.send(new PutItemCommand({ TableName: table, Item: SESSION_1_BOOKED }));
  },
  'UpdateItem SET and REMOVE': async (client, table) => {
    await client.send(
      new UpdateItemCommand({
        TableName: table,
        Key: sessionKey(1),
        UpdateExpression: 'SET visits = visits + :one, activityPk = :activityPk, activitySk = :activitySk REMOVE tags, notes',
        ExpressionAttributeValues: {
          ':one': { N: '1' },
          ':activityPk': { S: `${TEAM_PK}#ACTIVITY` },
          ':activitySk': { S: '2024-05-01T10:05:00.000Z#s1' },
        },
      }),
    );
  },
  'UpdateItem of a missing item (creates it)': async (client, table) => {
    await client.send(
      new UpdateItemCommand({
        TableName: table,
        Key: sessionKey(2),
        UpdateExpression: 'SET #status = :status, statusPk = :statusPk',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': { S: 'started' }, ':statusPk': { S: `${TEAM_PK}#STATUS#started` } },
      }),
    );
  },
  'UpdateItem to identical values': async (client, table) => {
    await client.send(
      new UpdateItemCommand({
        TableName: table,
        Key: sessionKey(2),
        UpdateExpression: 'SET #status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': { S: 'started' } },
      }),
    );
  },
  'BatchWriteItem puts and deletes': async (client, table) => {
    const output = await client.send(
      new BatchWriteItemCommand({
        RequestItems: {
          [table]: [
            { PutRequest: { Item: SESSION_3 } },
            { DeleteRequest: { Key: sessionKey(1) } },
            { PutRequest: { Item: { ...sessionKey(2), status: { S: 'abandoned' } } } },
            { PutRequest: { Item: SESSION_5 } },
            { DeleteRequest: { Key: sessionKey(9) } },
          ],
        },
      }),
    );
    if (Object.keys(output.UnprocessedItems ?? {}).length > 0) throw new Error('BatchWriteItem left unprocessed items');
  },
  DeleteItem: async (client, table) => {
    await client.send(new DeleteItemCommand({ TableName: table, Key: sessionKey(2) }));
  },
  'DeleteItem of a missing item': async (client, table) => {
    await client.send(new DeleteItemCommand({ TableName: table, Key: sessionKey(2) }));
  },
  'PutItem failing its condition': async (client, table) => {
    await expectFailure(
      client.send(new PutItemCommand({ TableName: table, Item: SESSION_3, ConditionExpression: 'attribute_not_exists(pk)' })),
      ConditionalCheckFailedException,
    );
  },
  'TransactWriteItems Put, Update, Delete, ConditionCheck': async (client, table) => {
    await client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          { Put: { TableName: table, Item: SESSION_4 } },
          {
            Update: {
              TableName: table,
              Key: sessionKey(3),
              UpdateExpression: 'SET visits = visits + :one, statusPk = :statusPk, #status = :status',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':one': { N: '1' }, ':statusPk': { S: `${TEAM_PK}#STATUS#booked` }, ':status': { S: 'booked' } },
            },
          },
          { Delete: { TableName: table, Key: sessionKey(5) } },
          { ConditionCheck: { TableName: table, Key: sessionKey(1), ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
  },
  'TransactWriteItems canceled by its ConditionCheck': async (client, table) => {
    await expectFailure(
      client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: table, Item: SESSION_6 } },
            { Delete: { TableName: table, Key: sessionKey(4) } },
            { ConditionCheck: { TableName: table, Key: sessionKey(1), ConditionExpression: 'attribute_exists(pk)' } },
          ],
        }),
      ),
      TransactionCanceledException,
    );
  },
};

async function expectFailure(write: Promise<unknown>, expected: new (...args: never[]) => Error): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (error instanceof expected) return;
    throw error;
  }
  throw new Error(`the write succeeded; expected ${expected.name}`);
}

// ---------------------------------------------------------------------------------------------
// Running and reading.

export interface StreamScenarioOptions {
  /** @default `stream-scenarios-sessions-<random>` */
  readonly tableName?: string;
  /** How long to wait for the last marker's record. @default 10_000 */
  readonly readTimeoutMs?: number;
}

/** Creates the sessions table on `endpoint`, makes every write of STEP_NAMES and reads the stream back. */
export async function runStreamScenarios(endpoint: string, options: StreamScenarioOptions = {}): Promise<StreamScenarioResult> {
  const table = options.tableName ?? `stream-scenarios-sessions-${randomUUID().slice(0, 8)}`;
  await ensureLocalTable(endpoint, table, TABLES.sessions);
  const client = localDynamoClient(endpoint);
  const streams = new DynamoDBStreamsClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    for (const [index, name] of STEP_NAMES.entries()) {
      await STEPS[name](client, table);
      await client.send(new PutItemCommand({ TableName: table, Item: marker(index) }));
    }
    const { streamArn, streamViewType } = await findStream(streams, table);
    const raw = await readUntil(streams, streamArn, (record) => isMarker(record, STEP_NAMES.length - 1), options.readTimeoutMs ?? 10_000);
    return {
      streamViewType,
      steps: splitAtMarkers(raw),
      records: raw.map(normalizeRecord),
      raw,
      sequenceNumbersIncrease: raw.every(
        (record, i) => i === 0 || BigInt(record.dynamodb?.SequenceNumber ?? 0) > BigInt(raw[i - 1]?.dynamodb?.SequenceNumber ?? 0),
      ),
      eventIdsDistinct: new Set(raw.map((record) => record.eventID)).size === raw.length,
    };
  } finally {
    client.destroy();
    streams.destroy();
  }
}

const marker = (index: number) => ({ pk: { S: MARKER_PK }, sk: { S: `after#${String(index).padStart(2, '0')}` } });

function isMarker(record: _Record, index?: number): boolean {
  const keys = record.dynamodb?.Keys;
  if (keys?.pk?.S !== MARKER_PK) return false;
  return index === undefined || keys.sk?.S === marker(index).sk.S;
}

function splitAtMarkers(raw: readonly _Record[]): StepRecords[] {
  const steps: StepRecords[] = [];
  let pending: NormalizedStreamRecord[] = [];
  for (const record of raw) {
    if (!isMarker(record)) {
      pending.push(normalizeRecord(record));
      continue;
    }
    const index = steps.length;
    if (!isMarker(record, index) || record.eventName !== 'INSERT') {
      throw new Error(
        `stream out of order: expected the INSERT of marker ${marker(index).sk.S}, got ${JSON.stringify(record.dynamodb?.Keys)}`,
      );
    }
    steps.push({ step: STEP_NAMES[index] as StepName, records: pending.sort(byItemKey) });
    pending = [];
  }
  if (pending.length > 0) throw new Error(`${pending.length} records after the last marker`);
  return steps;
}

async function findStream(streams: DynamoDBStreamsClient, table: string): Promise<{ streamArn: string; streamViewType?: string }> {
  const listed = await streams.send(new ListStreamsCommand({ TableName: table }));
  const streamArn = listed.Streams?.[0]?.StreamArn;
  if (!streamArn) throw new Error(`ListStreams lists no stream for table ${table}`);
  const described = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
  return { streamArn, streamViewType: described.StreamDescription?.StreamViewType };
}

/**
 * Reads every shard from TRIM_HORIZON, a child shard only after its parent is closed and read, until
 * a record satisfies `last` (the records are then complete: the last write's is in hand).
 */
async function readUntil(streams: DynamoDBStreamsClient, streamArn: string, last: (record: _Record) => boolean, timeoutMs: number) {
  const records: _Record[] = [];
  const iterators = new Map<string, string | undefined>();
  const closed = new Set<string>();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shards = await listShards(streams, streamArn);
    const known = new Set(shards.map((shard) => shard.ShardId));
    for (const shard of shards) {
      const id = shard.ShardId as string;
      if (closed.has(id)) continue;
      if (shard.ParentShardId && known.has(shard.ParentShardId) && !closed.has(shard.ParentShardId)) continue;
      for (;;) {
        let iterator = iterators.get(id);
        if (iterator === undefined) {
          const output = await streams.send(
            new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: 'TRIM_HORIZON' }),
          );
          iterator = output.ShardIterator as string;
        }
        const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
        records.push(...(page.Records ?? []));
        iterators.set(id, page.NextShardIterator);
        if (page.NextShardIterator === undefined) {
          closed.add(id);
          break;
        }
        if ((page.Records ?? []).length === 0) break;
      }
    }
    if (records.some(last)) return records;
    if (Date.now() > deadline)
      throw new Error(`the stream did not deliver the last write's record within ${timeoutMs} ms (${records.length} records read)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function listShards(streams: DynamoDBStreamsClient, streamArn: string): Promise<Shard[]> {
  const shards: Shard[] = [];
  let start: string | undefined;
  do {
    const output = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
    shards.push(...(output.StreamDescription?.Shards ?? []));
    start = output.StreamDescription?.LastEvaluatedShardId;
  } while (start);
  return shards;
}

// ---------------------------------------------------------------------------------------------
// Normalizing.

/** The record with eventID, awsRegion, eventSourceARN, SequenceNumber and ApproximateCreationDateTime replaced by their shapes. */
export function normalizeRecord(record: _Record): NormalizedStreamRecord {
  const { dynamodb, ...top } = record as _Record & Record<string, unknown>;
  const normalized: Record<string, unknown> = definedOnly(top);
  for (const field of ['eventID', 'awsRegion', 'eventSourceARN'] as const) {
    if (field in normalized) normalized[field] = shape(normalized[field]);
  }
  if (dynamodb !== undefined) {
    const inner: Record<string, unknown> = definedOnly(dynamodb as Record<string, unknown>);
    for (const field of ['SequenceNumber', 'ApproximateCreationDateTime'] as const) {
      if (field in inner) inner[field] = shape(inner[field]);
    }
    for (const field of ['Keys', 'NewImage', 'OldImage'] as const) {
      if (field in inner) inner[field] = sortSetsInMap(inner[field] as Record<string, unknown>);
    }
    normalized.dynamodb = inner;
  }
  return normalized as NormalizedStreamRecord;
}

/** Orders records by their item's key; Array.prototype.sort is stable, so an item's records keep their order. */
function byItemKey(a: NormalizedStreamRecord, b: NormalizedStreamRecord): number {
  const key = (record: NormalizedStreamRecord) =>
    JSON.stringify(Object.entries(record.dynamodb?.Keys ?? {}).sort(([x], [y]) => (x < y ? -1 : 1)));
  const [x, y] = [key(a), key(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

function definedOnly(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

function shape(value: unknown): Shape {
  if (value instanceof Date) return '<Date>';
  if (typeof value === 'string' && /^\d+$/.test(value)) return '<digits>';
  return `<${value === null ? 'null' : typeof value}>`;
}

type Value = Record<string, unknown>;

function sortSetsInMap(map: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(map).map(([name, value]) => [name, sortSets(value as Value)]));
}

function sortSets(value: Value): Value {
  if (Array.isArray(value.SS)) return { ...value, SS: [...(value.SS as string[])].sort() };
  if (Array.isArray(value.NS))
    return { ...value, NS: [...(value.NS as string[])].sort((a, b) => Number(a) - Number(b) || (a < b ? -1 : 1)) };
  if (Array.isArray(value.BS)) return { ...value, BS: [...(value.BS as Uint8Array[])].sort((a, b) => Buffer.compare(a, b)) };
  if (Array.isArray(value.L)) return { ...value, L: (value.L as Value[]).map(sortSets) };
  if (value.M && typeof value.M === 'object') return { ...value, M: sortSetsInMap(value.M as Record<string, unknown>) };
  return value;
}

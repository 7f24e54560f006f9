import type { Server } from 'node:http';
import { acquireLock, type DynaliteStore, dynalite, type TableDescription, tableOf, validatedRequest } from './dynalite-internals';
import type { StreamLog } from './stream-log';
import { STREAM_VIEW_TYPES, streamLabel } from './stream-records';
import { batchWriteItem, type ItemOperation, writeItem } from './stream-writes';
import { streamsApi } from './streams-api';
import { interceptTargets, type OperationHandler, promisify, validationError } from './wire';

/**
 * DynamoDB Streams for dynalite, which has none:
 * - CreateTable takes a `StreamSpecification` (dynalite dropped it), UpdateTable enables or
 *   disables a table's stream, and DescribeTable reports `StreamSpecification`, `LatestStreamLabel`
 *   and `LatestStreamArn`;
 * - every write to a table with an enabled stream (PutItem, UpdateItem, DeleteItem, BatchWriteItem
 *   here, TransactWriteItems in ./transactions.ts) commits its stream records in the same
 *   LevelDB batch as the item (./stream-writes.ts, ./stream-log.ts);
 * - the Streams API answers on the same endpoint (./streams-api.ts).
 */
const DYNAMODB = 'DynamoDB_20120810.';
const STREAMS = 'DynamoDBStreams_20120810.';
/** Maps, not objects: the operation is the client's X-Amz-Target, and `constructor` names no operation. */
const ITEM_OPERATIONS: ReadonlyMap<string, ItemOperation> = new Map([
  ['PutItem', 'putItem'],
  ['UpdateItem', 'updateItem'],
  ['DeleteItem', 'deleteItem'],
]);

export function installStreams(server: Server, store: DynaliteStore, log: StreamLog): void {
  acceptStreamSpecification();
  const api = new Map(Object.entries(streamsApi(store, log)));
  interceptTargets(server, (target): OperationHandler | undefined => {
    if (target.startsWith(STREAMS)) return api.get(target.slice(STREAMS.length));
    if (!target.startsWith(DYNAMODB)) return undefined;
    const operation = target.slice(DYNAMODB.length);
    const item = ITEM_OPERATIONS.get(operation);
    if (item) return (raw) => writeItem(store, log, item, validatedRequest(item, raw, store));
    if (operation === 'BatchWriteItem') return (raw) => batchWriteItem(store, log, validatedRequest('batchWriteItem', raw, store));
    if (operation === 'UpdateTable') return (raw) => updateTable(store, raw);
    return undefined;
  });
}

let accepted = false;

/** Teaches dynalite's CreateTable validation the StreamSpecification member (the table keeps it; ./stream-log.ts names the stream). */
function acceptStreamSpecification(): void {
  if (accepted) return;
  accepted = true;
  const validation = require('dynalite/validations/createTable') as {
    types: Record<string, unknown>;
    custom: (data: Record<string, unknown>, ...rest: unknown[]) => string | undefined;
  };
  validation.types.StreamSpecification = {
    type: 'FieldStruct<StreamSpecification>',
    children: {
      StreamEnabled: { type: 'Boolean', notNull: true },
      StreamViewType: { type: 'String', enum: [...STREAM_VIEW_TYPES] },
    },
  };
  const custom = validation.custom;
  validation.custom = (data, ...rest) => streamSpecificationProblem(data.StreamSpecification) ?? custom(data, ...rest);
}

function streamSpecificationProblem(spec: unknown): string | undefined {
  if (spec === undefined) return undefined;
  const { StreamEnabled: enabled, StreamViewType: viewType } = spec as { StreamEnabled?: unknown; StreamViewType?: unknown };
  if (typeof enabled !== 'boolean') return 'One or more parameter values were invalid: StreamEnabled is required';
  if (enabled && viewType === undefined) {
    return 'One or more parameter values were invalid: You must specify a StreamViewType when enabling a stream';
  }
  if (!enabled && viewType !== undefined) {
    return 'One or more parameter values were invalid: You cannot specify a StreamViewType when disabling a stream';
  }
  return undefined;
}

/**
 * UpdateTable: a StreamSpecification enables or disables the table's stream (DynamoDB changes one
 * thing per UpdateTable, so it comes alone); anything else goes to dynalite's action. Enabling
 * starts a new stream (new label and ARN); a disabled stream stays readable until it is trimmed.
 */
async function updateTable(store: DynaliteStore, raw: Record<string, unknown>): Promise<unknown> {
  if (raw.StreamSpecification === undefined) {
    const data = validatedRequest('updateTable', raw, store);
    return promisify((cb) => dynalite().action.updateTable(store, data, cb));
  }
  const others = Object.keys(raw).filter((k) => k !== 'TableName' && k !== 'StreamSpecification' && raw[k] !== undefined);
  if (others.length > 0) {
    throw validationError(
      'One or more parameter values were invalid: a stream can only be enabled or disabled on its own (UpdateTable changes one thing at a time)',
    );
  }
  const problem = streamSpecificationProblem(raw.StreamSpecification);
  if (problem) throw validationError(problem);
  const spec = raw.StreamSpecification as { StreamEnabled: boolean; StreamViewType?: string };
  if (spec.StreamViewType !== undefined && !(STREAM_VIEW_TYPES as readonly string[]).includes(spec.StreamViewType)) {
    throw validationError(`Invalid StreamViewType: ${spec.StreamViewType}`);
  }
  const tableName = String(raw.TableName);
  const release = await acquireLock(store.tableDb, tableName);
  try {
    const table: TableDescription = await tableOf(store, tableName);
    if (spec.StreamEnabled) {
      if (table.StreamSpecification?.StreamEnabled) throw validationError(`Table already has an enabled stream: TableName: ${tableName}`);
      let ms = Date.now();
      if (table.LatestStreamLabel && streamLabel(ms) <= table.LatestStreamLabel) ms = Date.parse(`${table.LatestStreamLabel}Z`) + 1;
      table.StreamSpecification = { StreamEnabled: true, StreamViewType: spec.StreamViewType };
      table.LatestStreamLabel = streamLabel(ms);
      table.LatestStreamArn = `${table.TableArn}/stream/${table.LatestStreamLabel}`;
    } else {
      if (!table.StreamSpecification?.StreamEnabled) throw validationError(`Table already has no enabled stream: TableName: ${tableName}`);
      delete table.StreamSpecification;
    }
    await promisify<void>((cb) => store.tableDb.put(tableName, table, cb));
    return { TableDescription: table };
  } finally {
    release();
  }
}

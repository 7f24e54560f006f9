import { type AttributeMap, acquireLock, type DynaliteStore, dynalite, type TableDescription, WriteRecorder } from './dynalite-internals';
import type { StreamLog } from './stream-log';
import { type DynaliteError, promisify, validationError } from './wire';

/**
 * PutItem, UpdateItem, DeleteItem and BatchWriteItem on a table with an enabled stream. dynalite's
 * own actions do the work (validation, condition, update expression, index entries), run under the
 * item's lock against a WriteRecorder; the recorded item and index writes and the item's stream
 * record then go to LevelDB as one batch before the lock is released. So the record exists exactly
 * when the write does (a failed condition writes and records nothing; a write that changes nothing
 * writes and records nothing new), and concurrent writes to one item are recorded in the order
 * they were applied. Writes to other tables go to dynalite's actions unchanged.
 */
export type ItemOperation = 'putItem' | 'updateItem' | 'deleteItem';

export async function writeItem(
  store: DynaliteStore,
  log: StreamLog,
  operation: ItemOperation,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { db, action } = dynalite();
  const tableName = String(data.TableName);
  if (!(await log.enabledStreamOf(tableName))) {
    return promisify<Record<string, unknown>>((cb) => action[operation](store, data, cb));
  }
  const table = await promisify<TableDescription>((cb) => store.getTable(tableName, cb));
  const source = (operation === 'putItem' ? data.Item : data.Key) as AttributeMap;
  const invalid = operation === 'putItem' ? db.validateItem(source, table) : db.validateKey(source, table);
  if (invalid) throw invalid;
  const release = await acquireLock(store.getItemDb(tableName), db.createKey(source, table));
  try {
    const recorder = new WriteRecorder(store);
    const result = await promisify<Record<string, unknown>>((cb) => action[operation](recorder.store, data, cb));
    await log.commit(recorder.batch, recorder.writes());
    return result;
  } finally {
    release();
  }
}

interface WriteRequest {
  readonly PutRequest?: { readonly Item: AttributeMap };
  readonly DeleteRequest?: { readonly Key: AttributeMap };
}

interface ConsumedCapacity {
  readonly TableName: string;
  readonly CapacityUnits: number;
}

/**
 * BatchWriteItem as dynalite's action does it (every key checked before anything is written,
 * duplicates refused, then each put and delete on its own, UnprocessedItems always empty), each
 * write through writeItem. Only used when one of the tables has a stream.
 */
export async function batchWriteItem(
  store: DynaliteStore,
  log: StreamLog,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { db, action } = dynalite();
  const requestItems = data.RequestItems as Record<string, WriteRequest[]>;
  const tableNames = Object.keys(requestItems);
  const streams = await Promise.all(tableNames.map((name) => log.enabledStreamOf(name)));
  if (streams.every((s) => !s)) return promisify<Record<string, unknown>>((cb) => action.batchWriteItem(store, data, cb));

  const writes: [ItemOperation, Record<string, unknown>][] = [];
  try {
    for (const tableName of tableNames) {
      const table = await promisify<TableDescription>((cb) => store.getTable(tableName, cb));
      const seen = new Set<string>();
      for (const request of requestItems[tableName] ?? []) {
        const options: Record<string, unknown> = { TableName: tableName };
        if (data.ReturnConsumedCapacity) options.ReturnConsumedCapacity = data.ReturnConsumedCapacity;
        let key: string;
        if (request.PutRequest) {
          const invalid = db.validateItem(request.PutRequest.Item, table);
          if (invalid) throw invalid;
          options.Item = request.PutRequest.Item;
          writes.push(['putItem', options]);
          key = db.createKey(request.PutRequest.Item, table);
        } else {
          const deleteKey = (request.DeleteRequest as { Key: AttributeMap }).Key;
          const invalid = db.validateKey(deleteKey, table);
          if (invalid) throw invalid;
          options.Key = deleteKey;
          writes.push(['deleteItem', options]);
          key = db.createKey(deleteKey, table);
        }
        if (seen.has(key)) throw validationError('Provided list of item keys contains duplicates');
        seen.add(key);
      }
    }
  } catch (error) {
    // dynalite words key errors of a batch this way.
    const body = (error as DynaliteError).body;
    if (typeof body?.message === 'string' && /Missing the key|Type mismatch for key/.test(body.message)) {
      body.message = 'The provided key element does not match the schema';
    }
    throw error;
  }

  const results = await Promise.all(writes.map(([operation, options]) => writeItem(store, log, operation, options)));
  const response: Record<string, unknown> = { UnprocessedItems: {} };
  if (data.ReturnConsumedCapacity === 'TOTAL' || data.ReturnConsumedCapacity === 'INDEXES') {
    const units = new Map<string, number>();
    for (const result of results) {
      const consumed = result.ConsumedCapacity as ConsumedCapacity | undefined;
      if (consumed) units.set(consumed.TableName, (units.get(consumed.TableName) ?? 0) + consumed.CapacityUnits);
    }
    response.ConsumedCapacity = [...units].map(([TableName, CapacityUnits]) => ({
      CapacityUnits,
      TableName,
      ...(data.ReturnConsumedCapacity === 'INDEXES' ? { Table: { CapacityUnits } } : {}),
    }));
  }
  return response;
}

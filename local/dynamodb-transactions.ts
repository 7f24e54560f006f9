import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';

/**
 * TransactWriteItems and TransactGetItems for dynalite, which implements neither. The repositories
 * use transactions (e.g. creating a team writes its record, its workspace pointer and its
 * enterprise membership together), so the embedded DynamoDB must answer them on the wire like
 * DynamoDB does, including `TransactionCanceledException` with per-item `CancellationReasons`.
 *
 * Every action is validated and its condition evaluated by dynalite's own code (validators,
 * `checkConditional`, the PutItem/UpdateItem/DeleteItem actions), so expressions behave exactly as
 * in single-item writes. Transactions are serialized among themselves; all conditions are checked
 * before any write. The actions then run against a store that records their item and index writes
 * instead of making them, and the recorded writes go to LevelDB as **one batch**, which LevelDB
 * applies atomically (one log record): a process killed mid-transaction leaves all of it or none
 * (the local runtime's crash guarantees depend on this: a campaign's recipient outcomes and its
 * counters are settled in one transaction). A plain write racing a transaction between its check
 * and its batch is not isolated — acceptable for a local emulator, not a substitute for
 * DynamoDB's guarantees. ClientRequestToken idempotency and ConsumedCapacity are not emulated.
 */

type AttributeMap = Record<string, Record<string, unknown>>;
type Callback<T> = (error: DynaliteError | null, result?: T) => void;

interface DynaliteError extends Error {
  statusCode?: number;
  body?: Record<string, unknown>;
}

interface TableDescription {
  readonly KeySchema: readonly { readonly AttributeName: string; readonly KeyType: string }[];
}

/** One of dynalite's key-prefixed views of its LevelDB (db/index.js `createPrefixedDbWrapper`). */
interface SubDb {
  get(key: string, cb: Callback<AttributeMap | undefined>): void;
  put(key: string, value: unknown, cb: Callback<void>): void;
  del(key: string, cb: Callback<void>): void;
  lock: unknown;
}

type BatchOperation = { type: 'put'; key: string; value: unknown } | { type: 'del'; key: string };

/** The slice of dynalite's store (db/index.js `create`) this module uses. */
export interface DynaliteStore {
  /** The one LevelDB every table, item and index view is a key prefix of. */
  readonly db: { batch(operations: BatchOperation[], cb: Callback<void>): void };
  getTable(name: string, cb: Callback<TableDescription>): void;
  getItemDb(name: string): SubDb;
  getIndexDb(indexType: string, tableName: string, indexName: string): SubDb;
}

interface Validation {
  types: Record<string, unknown>;
  custom?: (data: Record<string, unknown>, store: DynaliteStore) => string | undefined;
}

type Action = (store: DynaliteStore, data: Record<string, unknown>, cb: Callback<Record<string, unknown>>) => void;

interface DynaliteInternals {
  db: {
    createKey(item: AttributeMap, table: TableDescription): string;
    validateKey(key: AttributeMap, table: TableDescription): DynaliteError | null | undefined;
    validateItem(item: AttributeMap, table: TableDescription): DynaliteError | null | undefined;
    checkConditional(data: Record<string, unknown>, existing: AttributeMap | undefined): DynaliteError | null | undefined;
  };
  checkTypes(data: unknown, types: Record<string, unknown>): Record<string, unknown>;
  checkValidations(data: Record<string, unknown>, types: Record<string, unknown>, custom: Validation['custom'], store: DynaliteStore): void;
  validation: Record<'putItem' | 'updateItem' | 'deleteItem' | 'getItem', Validation>;
  action: Record<'putItem' | 'updateItem' | 'deleteItem' | 'getItem', Action>;
}

let internals: DynaliteInternals | undefined;

function dynalite(): DynaliteInternals {
  if (!internals) {
    const validations = require('dynalite/validations');
    internals = {
      db: require('dynalite/db'),
      checkTypes: validations.checkTypes,
      checkValidations: validations.checkValidations,
      validation: {
        putItem: require('dynalite/validations/putItem'),
        updateItem: require('dynalite/validations/updateItem'),
        deleteItem: require('dynalite/validations/deleteItem'),
        getItem: require('dynalite/validations/getItem'),
      },
      action: {
        putItem: require('dynalite/actions/putItem'),
        updateItem: require('dynalite/actions/updateItem'),
        deleteItem: require('dynalite/actions/deleteItem'),
        getItem: require('dynalite/actions/getItem'),
      },
    };
  }
  return internals;
}

/**
 * Creates a dynalite server and hands back the store it built, by wrapping `db.create` for the
 * duration of the call (dynalite does not expose its store).
 */
export function createDynaliteWithStore(options: Record<string, unknown>): { server: Server; store: DynaliteStore } {
  const db = require('dynalite/db') as { create: (o: Record<string, unknown>) => DynaliteStore };
  const create = db.create;
  let store: DynaliteStore | undefined;
  db.create = (o) => {
    store = create(o);
    return store;
  };
  try {
    const server = (require('dynalite') as (o: Record<string, unknown>) => Server)(options);
    if (!store) throw new Error('dynalite did not create its store through db.create');
    return { server, store };
  } finally {
    db.create = create;
  }
}

const TARGET_PREFIX = 'DynamoDB_20120810.';
const MAX_TRANSACT_ITEMS = 100;

/** Puts a handler for the Transact* operations in front of dynalite's own request listener. */
export function installTransactions(server: Server, store: DynaliteStore): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  let queue: Promise<unknown> = Promise.resolve();
  /** Transactions run one at a time. */
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const target = req.headers['x-amz-target'];
    const operation = typeof target === 'string' && target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    if (operation !== 'TransactWriteItems' && operation !== 'TransactGetItems') {
      for (const listener of listeners) listener.call(server, req, res);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let data: Record<string, unknown>;
      try {
        data = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        send(res, 400, { __type: 'com.amazon.coral.service#SerializationException' });
        return;
      }
      const work = operation === 'TransactWriteItems' ? () => transactWrite(store, data) : () => transactGet(store, data);
      serialized(work).then(
        (body) => send(res, 200, body),
        (error: DynaliteError) => {
          if (error.statusCode && error.body) send(res, error.statusCode, error.body);
          else send(res, 500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: error.message });
        },
      );
    });
  });
}

function send(res: ServerResponse, statusCode: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(statusCode, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': Buffer.byteLength(text),
    'x-amz-crc32': String(crc32(text)),
    'x-amzn-requestid': Math.random().toString(36).slice(2).toUpperCase().padEnd(12, '0'),
  });
  res.end(text);
}

function validationError(message: string): DynaliteError {
  return Object.assign(new Error(message), {
    statusCode: 400,
    body: { __type: 'com.amazon.coral.validate#ValidationException', message },
  });
}

function promisify<T>(fn: (cb: Callback<T>) => void): Promise<T> {
  return new Promise((resolve, reject) => fn((error, result) => (error ? reject(error) : resolve(result as T))));
}

type Kind = 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
const VALIDATION_OF: Record<Kind, 'putItem' | 'updateItem' | 'deleteItem'> = {
  Put: 'putItem',
  Update: 'updateItem',
  Delete: 'deleteItem',
  ConditionCheck: 'deleteItem',
};

interface PreparedAction {
  readonly kind: Kind;
  readonly data: Record<string, unknown>;
  readonly table: TableDescription;
  readonly tableName: string;
  readonly key: string;
  readonly returnOldOnFailure: boolean;
  existing?: AttributeMap;
}

function validated(kind: Kind, raw: unknown): { data: Record<string, unknown>; returnOldOnFailure: boolean } {
  const { validation, checkTypes } = dynalite();
  if (typeof raw !== 'object' || raw === null) throw validationError(`Invalid ${kind} action`);
  const { ReturnValuesOnConditionCheckFailure: onFailure, ...rest } = raw as Record<string, unknown>;
  if (kind === 'ConditionCheck' && typeof rest.ConditionExpression !== 'string') {
    throw validationError('ConditionCheck requires a ConditionExpression');
  }
  const v = validation[VALIDATION_OF[kind]];
  const data = checkTypes(rest, v.types);
  return { data, returnOldOnFailure: onFailure === 'ALL_OLD' };
}

async function prepare(store: DynaliteStore, raw: unknown): Promise<PreparedAction> {
  const { db, validation, checkValidations } = dynalite();
  if (typeof raw !== 'object' || raw === null) throw validationError('Invalid TransactItem');
  const kinds = (['Put', 'Update', 'Delete', 'ConditionCheck'] as const).filter((k) => (raw as Record<string, unknown>)[k] !== undefined);
  const kind = kinds[0];
  if (kinds.length !== 1 || !kind)
    throw validationError('Each TransactItem must specify exactly one of Put, Update, Delete or ConditionCheck');
  const { data, returnOldOnFailure } = validated(kind, (raw as Record<string, unknown>)[kind]);
  const v = validation[VALIDATION_OF[kind]];
  checkValidations(data, v.types, v.custom, store);
  const tableName = String(data.TableName);
  const table = await promisify<TableDescription>((cb) => store.getTable(tableName, cb));
  const keySource = (kind === 'Put' ? data.Item : data.Key) as AttributeMap;
  const invalid = kind === 'Put' ? db.validateItem(keySource, table) : db.validateKey(keySource, table);
  if (invalid) throw invalid;
  return { kind, data, table, tableName, key: db.createKey(keySource, table), returnOldOnFailure };
}

async function transactWrite(store: DynaliteStore, request: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { db, action } = dynalite();
  const items = request.TransactItems;
  if (!Array.isArray(items) || items.length === 0) throw validationError('TransactItems must contain at least one item');
  if (items.length > MAX_TRANSACT_ITEMS) throw validationError(`Member must have length less than or equal to ${MAX_TRANSACT_ITEMS}`);

  const prepared: PreparedAction[] = [];
  for (const raw of items) prepared.push(await prepare(store, raw));
  const seen = new Set<string>();
  for (const p of prepared) {
    const id = `${p.tableName}\u0000${p.key}`;
    if (seen.has(id)) throw validationError('Transaction request cannot include multiple operations on one item');
    seen.add(id);
  }

  // Check every condition before writing anything.
  for (const p of prepared) {
    p.existing = (await promisify<AttributeMap | undefined>((cb) =>
      store
        .getItemDb(p.tableName)
        .get(p.key, (error, item) => cb(error && error.name !== 'NotFoundError' ? error : null, item ?? undefined)),
    )) as AttributeMap | undefined;
  }
  const reasons = prepared.map((p) => {
    if (!db.checkConditional(p.data, p.existing)) return { Code: 'None' };
    return {
      Code: 'ConditionalCheckFailed',
      Message: 'The conditional request failed',
      ...(p.returnOldOnFailure && p.existing ? { Item: p.existing } : {}),
    };
  });
  if (reasons.some((r) => r.Code !== 'None')) {
    throw Object.assign(new Error('Transaction cancelled'), {
      statusCode: 400,
      body: {
        __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
        message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
        CancellationReasons: reasons,
      },
    });
  }

  const batch: BatchOperation[] = [];
  const recording = recordingStore(store, batch);
  for (const p of prepared) {
    if (p.kind === 'ConditionCheck') continue;
    const { _condition: _c, Expected: _e, ConditionExpression: _ce, ...unconditional } = p.data;
    const write = p.kind === 'Put' ? action.putItem : p.kind === 'Update' ? action.updateItem : action.deleteItem;
    await promisify((cb) => write(recording, unconditional, cb));
  }
  await promisify<void>((cb) => store.db.batch(batch, cb));
  return {};
}

/**
 * The store as dynalite's actions see it, except that item and index writes are appended to
 * `batch` (with the key prefix dynalite's view would add) instead of being made. Reads go to the
 * real views: the items of one transaction are distinct, so no action reads another's write.
 */
function recordingStore(store: DynaliteStore, batch: BatchOperation[]): DynaliteStore {
  const recording = (view: SubDb, prefix: string): SubDb => ({
    get: (key, cb) => view.get(key, cb),
    put: (key, value, cb) => {
      batch.push({ type: 'put', key: prefix + key, value });
      setImmediate(cb, null);
    },
    del: (key, cb) => {
      batch.push({ type: 'del', key: prefix + key });
      setImmediate(cb, null);
    },
    lock: view.lock,
  });
  // Prefixes as db/index.js `getItemDb`, `getIndexDb` and `getSubDb` build them.
  return Object.assign(Object.create(store) as DynaliteStore, {
    getItemDb: (name: string) => recording(store.getItemDb(name), `item-${name}~`),
    getIndexDb: (indexType: string, tableName: string, indexName: string) =>
      recording(store.getIndexDb(indexType, tableName, indexName), `index-${indexType.toLowerCase()}~${tableName}~${indexName}~`),
  });
}

async function transactGet(store: DynaliteStore, request: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { action, validation, checkTypes, checkValidations } = dynalite();
  const items = request.TransactItems;
  if (!Array.isArray(items) || items.length === 0) throw validationError('TransactItems must contain at least one item');
  if (items.length > MAX_TRANSACT_ITEMS) throw validationError(`Member must have length less than or equal to ${MAX_TRANSACT_ITEMS}`);
  const responses: Record<string, unknown>[] = [];
  for (const raw of items) {
    const get = (raw as { Get?: unknown } | null)?.Get;
    if (typeof get !== 'object' || get === null) throw validationError('Each TransactItem must specify Get');
    const data = checkTypes(get, validation.getItem.types);
    checkValidations(data, validation.getItem.types, validation.getItem.custom, store);
    const result = await promisify<Record<string, unknown>>((cb) => action.getItem(store, { ...data, ConsistentRead: true }, cb));
    responses.push(result.Item ? { Item: result.Item } : {});
  }
  return { Responses: responses };
}

import type { Server } from 'node:http';
import { type Callback, type DynaliteError, promisify } from './wire';

/**
 * The parts of dynalite's internals the emulator's own operations reuse (transactions, writes to
 * tables with a stream, the Streams API): its store (one LevelDB, every table, item and index
 * view a key prefix of it), its validators, condition check and write actions, and a recorder
 * that runs those actions without writing, so their writes can go to LevelDB as one batch.
 */

export type AttributeMap = Record<string, Record<string, unknown>>;

/** A table as dynalite stores it (the DescribeTable answer), with the stream fields this emulator adds. */
export interface TableDescription {
  readonly TableName: string;
  readonly TableArn: string;
  readonly KeySchema: readonly { readonly AttributeName: string; readonly KeyType: string }[];
  readonly CreationDateTime: number;
  StreamSpecification?: { StreamEnabled: boolean; StreamViewType?: string };
  LatestStreamLabel?: string;
  LatestStreamArn?: string;
  readonly LocalSecondaryIndexes?: readonly IndexDescription[];
  readonly GlobalSecondaryIndexes?: readonly IndexDescription[];
}

/** An index of a table as dynalite stores it (what db/index.js `getIndexActions` reads). */
export interface IndexDescription {
  readonly IndexName: string;
  readonly KeySchema: readonly { readonly AttributeName: string; readonly KeyType: string }[];
  readonly Projection: { readonly ProjectionType: string; readonly NonKeyAttributes?: readonly string[] };
}

/** One of dynalite's key-prefixed views of its LevelDB (db/index.js `createPrefixedDbWrapper`). */
export interface SubDb {
  get(key: string, cb: Callback<AttributeMap | undefined>): void;
  put(key: string, value: unknown, cb: Callback<void>): void;
  del(key: string, cb: Callback<void>): void;
  lock: LockFunction;
}

/** The `lock` package's function, one per view: `exec` runs once the key is free and gets a releaser. */
export type LockFunction = (
  key: string,
  exec: (release: (done?: (...args: never[]) => void) => (...args: unknown[]) => void) => void,
) => void;

/** `valueEncoding: 'utf8'`: the value is the JSON text already (the store's values are JSON). */
export type BatchOperation = { type: 'put'; key: string; value: unknown; valueEncoding?: 'utf8' } | { type: 'del'; key: string };

export interface IteratorOptions {
  gt?: string;
  gte?: string;
  lt?: string;
  lte?: string;
  limit?: number;
  reverse?: boolean;
}

/** The slice of dynalite's store (db/index.js `create`) the emulator uses. */
export interface DynaliteStore {
  /** The one LevelDB every table, item and index view is a key prefix of (abstract-level, callbacks added by dynalite). */
  readonly db: {
    batch(operations: BatchOperation[], cb: Callback<void>): void;
    get(key: string, cb: Callback<unknown>): void;
    getMany(keys: readonly string[]): Promise<(AttributeMap | undefined)[]>;
    iterator(options: IteratorOptions): { all(): Promise<[string, unknown][]> };
    keys(options: IteratorOptions): { all(): Promise<string[]> };
  };
  readonly tableDb: SubDb;
  getTable(name: string, cb: Callback<TableDescription>): void;
  getTable(name: string, checkStatus: boolean, cb: Callback<TableDescription>): void;
  getItemDb(name: string): SubDb;
  getIndexDb(indexType: string, tableName: string, indexName: string): SubDb;
}

export interface Validation {
  types: Record<string, unknown>;
  custom?: (data: Record<string, unknown>, store: DynaliteStore) => string | undefined;
}

type Action = (store: DynaliteStore, data: Record<string, unknown>, cb: Callback<Record<string, unknown>>) => void;
type Operation = 'putItem' | 'updateItem' | 'deleteItem' | 'getItem' | 'batchWriteItem' | 'updateTable';

export interface DynaliteInternals {
  db: {
    createKey(item: AttributeMap, table: TableDescription): string;
    validateKey(key: AttributeMap, table: TableDescription): DynaliteError | null | undefined;
    validateItem(item: AttributeMap, table: TableDescription): DynaliteError | null | undefined;
    checkConditional(data: Record<string, unknown>, existing: AttributeMap | undefined): DynaliteError | null | undefined;
    itemSize(item: AttributeMap): number;
    /** The index entries to write and to delete when `existing` becomes `item` (either may be absent). */
    getIndexActions(
      indexes: readonly IndexDescription[],
      existing: AttributeMap | undefined,
      item: AttributeMap | undefined,
      table: TableDescription,
    ): { puts: { index: string; key: string; item: AttributeMap }[]; deletes: { index: string; key: string }[] };
  };
  checkTypes(data: unknown, types: Record<string, unknown>): Record<string, unknown>;
  checkValidations(data: Record<string, unknown>, types: Record<string, unknown>, custom: Validation['custom'], store: DynaliteStore): void;
  validation: Record<Operation, Validation>;
  action: Record<Operation, Action>;
}

let internals: DynaliteInternals | undefined;

export function dynalite(): DynaliteInternals {
  if (!internals) {
    const validations = require('dynalite/validations');
    const operations: Operation[] = ['putItem', 'updateItem', 'deleteItem', 'getItem', 'batchWriteItem', 'updateTable'];
    internals = {
      db: require('dynalite/db'),
      checkTypes: validations.checkTypes,
      checkValidations: validations.checkValidations,
      validation: Object.fromEntries(operations.map((op) => [op, require(`dynalite/validations/${op}`)])) as Record<Operation, Validation>,
      action: Object.fromEntries(operations.map((op) => [op, require(`dynalite/actions/${op}`)])) as Record<Operation, Action>,
    };
  }
  return internals;
}

/** Validates a request body as dynalite's request handler does, returning the typed data. */
export function validatedRequest(operation: Operation, raw: Record<string, unknown>, store: DynaliteStore): Record<string, unknown> {
  const { checkTypes, checkValidations, validation } = dynalite();
  const data = checkTypes(raw, validation[operation].types);
  checkValidations(data, validation[operation].types, validation[operation].custom, store);
  return data;
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

/** The table's description; a missing table is dynalite's ResourceNotFoundException. */
export function tableOf(store: DynaliteStore, tableName: string): Promise<TableDescription> {
  return promisify<TableDescription>((cb) => store.getTable(tableName, false, cb));
}

/** Takes the view's lock on `key` (the one dynalite's own write actions take); resolves with its release. */
export function acquireLock(view: SubDb, key: string): Promise<() => void> {
  return new Promise((resolve) => view.lock(key, (release) => resolve(release())));
}

/** What a recorded run did to one item: the item as first read and as last written (undefined: absent / deleted). */
export interface ItemWrite {
  readonly tableName: string;
  readonly oldItem: AttributeMap | undefined;
  readonly newItem: AttributeMap | undefined;
}

/**
 * A view of the store under which dynalite's write actions record their item and index writes in
 * `batch` (with the key prefix dynalite's view would add) instead of making them, and remember what
 * each item was and became. Reads go to the real views, and the views' locks are no-ops: the caller
 * holds the real locks of the items it writes for the whole run and its batch.
 */
export class WriteRecorder {
  readonly batch: BatchOperation[] = [];
  private readonly items = new Map<
    string,
    { tableName: string; read: boolean; oldItem?: AttributeMap; written: boolean; newItem?: AttributeMap }
  >();
  readonly store: DynaliteStore;

  constructor(real: DynaliteStore) {
    const noLock: LockFunction = (_key, exec) =>
      exec(
        (done) =>
          (...args: unknown[]) =>
            (done as ((...a: unknown[]) => void) | undefined)?.(...args),
      );
    const entry = (tableName: string, key: string) => {
      const id = `${tableName}\u0000${key}`;
      let item = this.items.get(id);
      if (!item) {
        item = { tableName, read: false, written: false };
        this.items.set(id, item);
      }
      return item;
    };
    const recording = (view: SubDb, prefix: string, tableName?: string): SubDb => ({
      get: (key, cb) =>
        view.get(key, (error, value) => {
          if (tableName && !error) {
            const item = entry(tableName, key);
            if (!item.read && !item.written) Object.assign(item, { read: true, oldItem: value ?? undefined });
          }
          cb(error, value);
        }),
      put: (key, value, cb) => {
        this.batch.push({ type: 'put', key: prefix + key, value });
        if (tableName) Object.assign(entry(tableName, key), { written: true, newItem: value as AttributeMap });
        setImmediate(cb, null);
      },
      del: (key, cb) => {
        this.batch.push({ type: 'del', key: prefix + key });
        if (tableName) Object.assign(entry(tableName, key), { written: true, newItem: undefined });
        setImmediate(cb, null);
      },
      lock: noLock,
    });
    // Prefixes as db/index.js `getItemDb`, `getIndexDb` and `getSubDb` build them.
    this.store = Object.assign(Object.create(real) as DynaliteStore, {
      getItemDb: (name: string) => recording(real.getItemDb(name), `item-${name}~`, name),
      getIndexDb: (indexType: string, tableName: string, indexName: string) =>
        recording(real.getIndexDb(indexType, tableName, indexName), `index-${indexType.toLowerCase()}~${tableName}~${indexName}~`),
    });
  }

  /** The items written, each with its state before (as the action read it) and after. */
  writes(): ItemWrite[] {
    return [...this.items.values()]
      .filter((item) => item.written)
      .map(({ tableName, oldItem, newItem }) => ({ tableName, oldItem, newItem }));
  }
}

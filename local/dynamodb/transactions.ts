import type { Server } from 'node:http';
import { transactionConflict } from '../faults/dynamodb';
import type { FaultInjector } from '../faults/injector';
import { type AttributeMap, acquireLock, type DynaliteStore, dynalite, type TableDescription, WriteRecorder } from './dynalite-internals';
import type { StreamLog } from './stream-log';
import { interceptTargets, promisify, validationError } from './wire';

/**
 * TransactWriteItems and TransactGetItems for dynalite, which implements neither. The repositories
 * use transactions (e.g. creating a team writes its record, its workspace pointer and its
 * enterprise membership together), so the embedded DynamoDB must answer them on the wire like
 * DynamoDB does, including `TransactionCanceledException` with per-item `CancellationReasons`.
 *
 * Every action is validated and its condition evaluated by dynalite's own code (validators,
 * `checkConditional`, the PutItem/UpdateItem/DeleteItem actions), so expressions behave exactly as
 * in single-item writes. Transactions are serialized among themselves; all conditions are checked
 * before any write, under the locks dynalite's own writes take on each item (so a plain write
 * cannot slip between a transaction's check and its write). The actions then run against a store
 * that records their item and index writes instead of making them, and the recorded writes — with
 * the stream records of items on tables with a stream (./stream-log.ts) — go to LevelDB
 * as **one batch**, which LevelDB applies atomically (one log record): a process killed
 * mid-transaction leaves all of it or none (the local runtime's crash guarantees depend on this: a
 * campaign's recipient outcomes and its counters are settled in one transaction). ClientRequestToken
 * idempotency and ConsumedCapacity are not emulated.
 */

const TARGET_PREFIX = 'DynamoDB_20120810.';
const MAX_TRANSACT_ITEMS = 100;

/**
 * Answers the Transact* operations in front of dynalite's own request listener. With a stream log,
 * a transaction's items on tables with a stream get their stream records in the transaction's batch.
 */
export function installTransactions(server: Server, store: DynaliteStore, streams?: StreamLog, faults?: FaultInjector): void {
  let queue: Promise<unknown> = Promise.resolve();
  /** Transactions run one at a time. */
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  interceptTargets(server, (target) => {
    if (target === `${TARGET_PREFIX}TransactWriteItems`) {
      return (data) => {
        // FAULTS dynamodb.conflict: cancelled as if another transaction held an item, before anything is written.
        const items = Array.isArray(data.TransactItems) ? data.TransactItems.length : 0;
        if (items > 0 && faults?.draw('dynamodb', ['conflict'], { operation: 'TransactWriteItems' })) {
          return Promise.reject(transactionConflict(items));
        }
        return serialized(() => transactWrite(store, data, streams));
      };
    }
    if (target === `${TARGET_PREFIX}TransactGetItems`) return (data) => serialized(() => transactGet(store, data));
    return undefined;
  });
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

async function transactWrite(
  store: DynaliteStore,
  request: Record<string, unknown>,
  streams?: StreamLog,
): Promise<Record<string, unknown>> {
  const items = request.TransactItems;
  if (!Array.isArray(items) || items.length === 0) throw validationError('TransactItems must contain at least one item');
  if (items.length > MAX_TRANSACT_ITEMS) throw validationError(`Member must have length less than or equal to ${MAX_TRANSACT_ITEMS}`);

  const prepared: PreparedAction[] = [];
  for (const raw of items) prepared.push(await prepare(store, raw));
  const ids = prepared.map((p) => `${p.tableName}\u0000${p.key}`);
  if (new Set(ids).size !== ids.length) throw validationError('Transaction request cannot include multiple operations on one item');

  // The items' locks, in one order (transactions run one at a time and other writes hold one lock, so none waits in a cycle).
  const releases: (() => void)[] = [];
  try {
    for (const p of [...prepared].sort((x, y) => (`${x.tableName}\u0000${x.key}` < `${y.tableName}\u0000${y.key}` ? -1 : 1))) {
      releases.push(await acquireLock(store.getItemDb(p.tableName), p.key));
    }
    await checkConditions(store, prepared);
    await writeAll(store, prepared, streams);
  } finally {
    for (const release of releases) release();
  }
  return {};
}

/** Checks every condition before anything is written; throws TransactionCanceledException naming each failure. */
async function checkConditions(store: DynaliteStore, prepared: PreparedAction[]): Promise<void> {
  const { db } = dynalite();
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
}

/**
 * Runs the writes against a recorder (the items of one transaction are distinct, so no action reads
 * another's write) and commits what they recorded, with any stream records, as one batch.
 */
async function writeAll(store: DynaliteStore, prepared: PreparedAction[], streams: StreamLog | undefined): Promise<void> {
  const { action } = dynalite();
  const recorder = new WriteRecorder(store);
  for (const p of prepared) {
    if (p.kind === 'ConditionCheck') continue;
    const { _condition: _c, Expected: _e, ConditionExpression: _ce, ...unconditional } = p.data;
    const write = p.kind === 'Put' ? action.putItem : p.kind === 'Update' ? action.updateItem : action.deleteItem;
    await promisify((cb) => write(recorder.store, unconditional, cb));
  }
  if (streams) await streams.commit(recorder.batch, recorder.writes());
  else await promisify<void>((cb) => store.db.batch(recorder.batch, cb));
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

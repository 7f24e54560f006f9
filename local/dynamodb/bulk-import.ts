import { type AttributeMap, type BatchOperation, type DynaliteStore, dynalite, tableOf } from './dynalite-internals';
import { promisify } from './wire';

/**
 * Items written straight into a table's LevelDB keys with their index entries, many items to one
 * LevelDB batch, as DynamoDB's import from S3 fills a table: no condition, no consumed capacity,
 * no stream record. The write path (an item lock, a read, one LevelDB batch and one stream record
 * per item) seeds a few hundred items a second; benchmarks that need a million rows in the table
 * before they measure its reads load them here. Reads then go through the wire as any other.
 *
 * An item already stored under the same key is replaced with its index entries, so loading the
 * same items twice leaves one copy. Not for tables being written meanwhile: no item lock is taken.
 */
export async function importItems(store: DynaliteStore, tableName: string, documents: readonly ImportedItem[]): Promise<void> {
  const { db } = dynalite();
  const table = await tableOf(store, tableName);
  const itemPrefix = `item-${tableName}~`;
  const items = documents.map(toAttributeMap);
  const keys = items.map((item) => {
    const invalid = db.validateItem(item, table);
    if (invalid) throw invalid;
    return db.createKey(item, table);
  });
  if (new Set(keys).size !== keys.length) throw new Error('an import holds two items with the same key');
  const existing = await store.db.getMany(keys.map((key) => itemPrefix + key));
  const operations: BatchOperation[] = [];
  items.forEach((item, i) => {
    // The store's values are JSON text. An index projecting every attribute holds the item itself:
    // its text is made once for the item and its index copies, not once for each.
    const text = JSON.stringify(item);
    const put = (key: string, value: AttributeMap) =>
      operations.push({ type: 'put', key, value: value === item ? text : JSON.stringify(value), valueEncoding: 'utf8' });
    for (const indexType of ['Local', 'Global'] as const) {
      const prefix = `index-${indexType.toLowerCase()}~${tableName}~`;
      const actions = db.getIndexActions(table[`${indexType}SecondaryIndexes`] ?? [], existing[i], item, table);
      for (const del of actions.deletes) operations.push({ type: 'del', key: `${prefix}${del.index}~${del.key}` });
      for (const entry of actions.puts) put(`${prefix}${entry.index}~${entry.key}`, entry.item);
    }
    put(itemPrefix + keys[i], item);
  });
  await promisify<void>((cb) => store.db.batch(operations, cb));
}

/** An item as the document client takes it: JSON values (undefined members are left out). */
export type ImportedItem = Readonly<Record<string, unknown>>;

function toAttributeMap(item: ImportedItem): AttributeMap {
  const map: AttributeMap = {};
  for (const [name, value] of Object.entries(item)) if (value !== undefined) map[name] = toAttributeValue(value, name);
  return map;
}

/** A JSON value in DynamoDB's JSON, as the document client writes it. */
function toAttributeValue(value: unknown, name: string): Record<string, unknown> {
  if (value === null) return { NULL: true };
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number' && Number.isFinite(value)) return { N: String(value) };
  if (typeof value === 'boolean') return { BOOL: value };
  if (Array.isArray(value)) return { L: value.map((v) => toAttributeValue(v, name)) };
  if (isPlainObject(value)) return { M: toAttributeMap(value) };
  throw new Error(`attribute ${name}: only JSON values can be imported, not ${typeof value}`);
}

function isPlainObject(value: unknown): value is ImportedItem {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

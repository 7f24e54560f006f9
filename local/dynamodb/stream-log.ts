import type { BatchOperation, DynaliteStore, ItemWrite, IteratorOptions, TableDescription } from './dynalite-internals';
import { formatSequence, type StreamIdentity, type StreamRecordBody, streamIdentity, streamLabel, streamRecord } from './stream-records';
import { promisify } from './wire';

/**
 * The stream records of the embedded DynamoDB, kept in the same LevelDB as the tables:
 * `stream-<table>@<label>~<sequence>` → the record, and `stream~meta` → the last sequence number
 * given out and how far each stream was trimmed.
 *
 * A write to a table with a stream commits its item and index writes **and** its stream records in
 * one LevelDB batch (LevelDB applies a batch as one log record): a killed process keeps the write
 * with its records or neither. Batches that carry stream records are written one group at a time
 * (a group gathers whatever arrived while the previous one was written), each with the meta
 * record, so records become visible in sequence order — a reader never sees record n+1 before n —
 * and the last sequence number survives a restart. Sequence numbers come from one counter for
 * every stream: strictly increasing within each. Records older than the retention (24 hours, as
 * DynamoDB Streams) are trimmed once a minute.
 */
export interface StreamLogOptions {
  /** @default 24 hours */
  readonly retentionMs?: number;
  /** @default 60 s */
  readonly trimIntervalMs?: number;
  /** @default Date.now */
  readonly now?: () => number;
}

interface Meta {
  readonly last: string;
  /** Per stream prefix, the last sequence number trimmed. */
  readonly trimmed: Record<string, string>;
}

const META_KEY = 'stream~meta';
/** Every record key lies in [RECORDS_FROM, RECORDS_TO): `stream-...`; the meta key `stream~meta` does not. */
const RECORDS_FROM = 'stream-';
const RECORDS_TO = 'stream.';
const DAY_MS = 24 * 60 * 60 * 1000;

interface Queued {
  readonly operations: BatchOperation[];
  resolve(): void;
  reject(error: unknown): void;
}

export class StreamLog {
  private last = 0n;
  private readonly trimmed = new Map<string, bigint>();
  private readonly queue: Queued[] = [];
  private writing = false;
  private readonly identities = new Map<string, StreamIdentity | null>();
  private tablesVersion = 0;
  private timer: NodeJS.Timeout | undefined;
  /** The log's clock (record times, trimming, iterator expiry). */
  readonly now: () => number;

  private constructor(
    private readonly store: DynaliteStore,
    private readonly options: StreamLogOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Reads the meta record, keeps the table cache in step with table writes, trims, and trims again every minute. */
  static async open(store: DynaliteStore, options: StreamLogOptions = {}): Promise<StreamLog> {
    const log = new StreamLog(store, options);
    const meta = (await promisify<unknown>((cb) =>
      store.db.get(META_KEY, (error, value) => cb(error?.name === 'NotFoundError' ? null : error, value)),
    )) as Meta | undefined;
    if (meta) {
      log.last = BigInt(meta.last);
      for (const [prefix, sequence] of Object.entries(meta.trimmed)) log.trimmed.set(prefix, BigInt(sequence));
    }
    log.watchTables();
    await log.trim();
    log.timer = setInterval(() => void log.trim().catch(() => undefined), options.trimIntervalMs ?? 60_000);
    log.timer.unref();
    return log;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The last sequence number given out (0 before the first record). */
  get lastSequence(): bigint {
    return this.last;
  }

  /** The table's latest stream, enabled or not; null when it never had one or does not exist. */
  async identityOf(tableName: string): Promise<StreamIdentity | null> {
    if (this.identities.has(tableName)) return this.identities.get(tableName) ?? null;
    const version = this.tablesVersion;
    const table = await promisify<TableDescription>((cb) => this.store.getTable(tableName, false, cb)).catch(() => undefined);
    const identity = table ? streamIdentity(table) : null;
    if (version === this.tablesVersion) this.identities.set(tableName, identity);
    return identity;
  }

  /** The table's stream when it is enabled (writes to it get records). */
  async enabledStreamOf(tableName: string): Promise<StreamIdentity | null> {
    const identity = await this.identityOf(tableName);
    return identity?.enabled ? identity : null;
  }

  /**
   * Writes `batch` (a write's item and index operations) with a stream record for each item write
   * on a table whose stream is enabled, as one LevelDB batch.
   */
  async commit(batch: BatchOperation[], writes: readonly ItemWrite[]): Promise<void> {
    const streams = await Promise.all(writes.map((w) => this.enabledStreamOf(w.tableName)));
    const now = this.now();
    let records = 0;
    writes.forEach((write, i) => {
      const stream = streams[i];
      const record = stream ? streamRecord(stream, write, this.last + 1n, now) : null;
      if (!stream || !record) return;
      this.last += 1n;
      batch.push({ type: 'put', key: `${stream.prefix}~${record.dynamodb.SequenceNumber}`, value: record });
      records++;
    });
    if (records === 0) {
      if (batch.length > 0) await promisify<void>((cb) => this.store.db.batch(batch, cb));
      return;
    }
    await this.enqueue(batch);
  }

  /**
   * Up to `limit` records of the stream after sequence number `after` (from the oldest kept when
   * null), stopping once `maxBytes` of records are gathered (at least one record).
   */
  async read(stream: StreamIdentity, after: bigint | null, limit: number, maxBytes: number): Promise<StreamRecordBody[]> {
    const from: IteratorOptions = after === null ? { gt: `${stream.prefix}~` } : { gt: `${stream.prefix}~${formatSequence(after)}` };
    const entries = await this.store.db.iterator({ ...from, lt: `${stream.prefix}~:`, limit }).all();
    const records: StreamRecordBody[] = [];
    let bytes = 0;
    for (const [, value] of entries) {
      const record = value as StreamRecordBody;
      if (records.length > 0 && bytes + record.dynamodb.SizeBytes > maxBytes) break;
      bytes += record.dynamodb.SizeBytes;
      records.push(record);
    }
    return records;
  }

  /** The sequence number of the oldest record the stream still keeps, if any. */
  async oldestSequence(stream: StreamIdentity): Promise<string | null> {
    const [key] = await this.store.db.keys({ gt: `${stream.prefix}~`, lt: `${stream.prefix}~:`, limit: 1 }).all();
    return key === undefined ? null : key.slice(stream.prefix.length + 1);
  }

  /** The sequence number of the newest record of the stream, if any. */
  async newestSequence(stream: StreamIdentity): Promise<string | null> {
    const [key] = await this.store.db.keys({ gt: `${stream.prefix}~`, lt: `${stream.prefix}~:`, limit: 1, reverse: true }).all();
    return key === undefined ? null : key.slice(stream.prefix.length + 1);
  }

  /** The last sequence number trimmed from the stream (records up to it are gone), if any. */
  trimmedThrough(stream: StreamIdentity): bigint | null {
    return this.trimmed.get(stream.prefix) ?? null;
  }

  /** Deletes every record older than the retention. */
  async trim(): Promise<number> {
    const cutoffSeconds = Math.floor((this.now() - (this.options.retentionMs ?? DAY_MS)) / 1000);
    const operations: BatchOperation[] = [];
    let range: IteratorOptions = { gte: RECORDS_FROM, lt: RECORDS_TO };
    for (;;) {
      const page = await this.store.db.iterator({ ...range, limit: 1000 }).all();
      if (page.length === 0) break;
      let next: IteratorOptions | undefined;
      for (const [key, value] of page) {
        const at = key.lastIndexOf('~');
        const prefix = key.slice(0, at);
        if ((value as StreamRecordBody).dynamodb.ApproximateCreationDateTime >= cutoffSeconds) {
          // Records are in sequence (so time) order: the rest of this stream is younger.
          next = { gt: `${prefix}~:`, lt: RECORDS_TO };
          break;
        }
        operations.push({ type: 'del', key });
        this.trimmed.set(prefix, BigInt(key.slice(at + 1)));
      }
      range = next ?? { gt: (page[page.length - 1] as [string, unknown])[0], lt: RECORDS_TO };
    }
    if (operations.length > 0) await this.enqueue(operations);
    return operations.length;
  }

  private meta(): Meta {
    return {
      last: formatSequence(this.last),
      trimmed: Object.fromEntries([...this.trimmed].map(([prefix, sequence]) => [prefix, formatSequence(sequence)])),
    };
  }

  private enqueue(operations: BatchOperation[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ operations, resolve, reject });
      void this.flush();
    });
  }

  /** Writes the queued batches, a group at a time, each group with the meta record. */
  private async flush(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        const group = this.queue.splice(0);
        const operations = [...group.flatMap((q) => q.operations), { type: 'put' as const, key: META_KEY, value: this.meta() }];
        try {
          await promisify<void>((cb) => this.store.db.batch(operations, cb));
          for (const q of group) q.resolve();
        } catch (error) {
          for (const q of group) q.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }

  /**
   * Keeps the stream cache in step with table writes, and gives a table created (or updated) with
   * an enabled StreamSpecification its stream: LatestStreamLabel and LatestStreamArn, as
   * DescribeTable reports them.
   */
  private watchTables(): void {
    const tableDb = this.store.tableDb;
    const { put, del } = tableDb;
    tableDb.put = (key, value, cb) => {
      const table = value as TableDescription;
      if (table.StreamSpecification?.StreamEnabled && !table.LatestStreamLabel) {
        table.LatestStreamLabel = streamLabel(Math.round(table.CreationDateTime * 1000));
        table.LatestStreamArn = `${table.TableArn}/stream/${table.LatestStreamLabel}`;
      }
      this.forget(key);
      put.call(tableDb, key, value, cb);
    };
    tableDb.del = (key, cb) => {
      this.forget(key);
      del.call(tableDb, key, cb);
    };
  }

  private forget(tableName: string): void {
    this.tablesVersion++;
    this.identities.delete(tableName);
  }
}

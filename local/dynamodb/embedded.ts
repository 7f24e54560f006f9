import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  type AttributeDefinition,
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLES, type TableDefinition, tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import type { TableName } from '#shared/routes';
import type { FaultRule } from '../faults/injector';
import type { ImportedItem } from './bulk-import';
import { type DynaliteServerOptions, listenDynalite } from './server';

/**
 * The embedded DynamoDB: dynalite (LevelDB underneath) speaking the real DynamoDB wire protocol, so
 * repositories run the real AWS SDK code path. dynalite lacks transactions and streams;
 * ./transactions.ts adds TransactWriteItems and TransactGetItems on top of its own code, and
 * ./streams.ts the stream records of tables whose definition declares `stream` and the
 * DynamoDB Streams API on the same endpoint.
 * With a data folder the tables live in `<dataDir>/dynamodb` and survive restarts; without one they
 * live in memory (tests).
 *
 * It runs on its own worker thread by default, like the separate service DynamoDB is: its request
 * parsing, validation and storage then use a second core instead of competing with the handlers'
 * event loop (about +25% requests/s and a lower p99 on DynamoDB-backed routes).
 */
export interface LocalDynamoOptions {
  /** Folder for persistent data; in-memory when omitted. */
  readonly dataDir?: string;
  /** @default 0 (a free port) */
  readonly port?: number;
  /** @default 'worker' ('main' runs dynalite on the calling thread) */
  readonly thread?: 'worker' | 'main';
  /** Seed of the FAULTS `dynamodb.*` draws. @default 0 */
  readonly faultSeed?: number;
}

export interface LocalDynamo {
  /** `http://127.0.0.1:<port>`, the value for DYNAMODB_ENDPOINT. */
  readonly endpoint: string;
  /** Sets the FAULTS `dynamodb.*` rules (local/faults/dynamodb.ts): from now on its data operations fail at those rates. */
  setFaults(rules: readonly FaultRule[]): void;
  /** The faults it injected so far, by `dynamodb.<kind>`. */
  faultCounts(): Promise<Record<string, number>>;
  /**
   * Loads items (JSON values, as the document client takes them) straight into a table with their index entries, without conditions
   * or stream records, as DynamoDB's import from S3 does (./bulk-import.ts): the seed of benchmarks
   * that need a million rows before they measure. Not for tables written meanwhile.
   */
  importItems(tableName: string, items: readonly ImportedItem[]): Promise<void>;
  stop(): Promise<void>;
}

const WORKER_ENTRY = path.join(__dirname, 'worker.ts');
const WORKER_STOP_TIMEOUT_MS = 10_000;
const ACTIVE_WAIT_TIMEOUT_MS = 10_000;

export async function startLocalDynamo(options: LocalDynamoOptions = {}): Promise<LocalDynamo> {
  const serverOptions: DynaliteServerOptions = { dataDir: options.dataDir, port: options.port ?? 0, faultSeed: options.faultSeed };
  if (options.thread === 'main') {
    const server = await listenDynalite(serverOptions);
    return {
      endpoint: `http://127.0.0.1:${server.port}`,
      setFaults: (rules) => server.setFaults(rules),
      faultCounts: async () => server.faultCounts(),
      importItems: (tableName, items) => server.importItems(tableName, items),
      stop: () => server.close(),
    };
  }
  return startWorker(serverOptions);
}

type WorkerMessage = { type: 'listening'; port: number } | { type: 'stopped' } | { type: 'error'; message: string };
type ImportReply = { type?: string; id?: number; error?: string };

async function startWorker(serverOptions: DynaliteServerOptions): Promise<LocalDynamo> {
  // The worker loads TypeScript through tsx's API, so it works the same under tsx and under Jest
  // (whose transform does not reach worker threads).
  const bootstrap = `require('tsx/cjs/api').require(${JSON.stringify(WORKER_ENTRY)}, ${JSON.stringify(__filename)});`;
  // The caller's environment as it is now (under Jest, the test's own process.env): LOG_LEVEL and
  // the like reach the worker's fault log as they reach the rest of the service.
  const worker = new Worker(bootstrap, { eval: true, workerData: serverOptions, execArgv: [], env: { ...process.env } });
  const next = () =>
    new Promise<WorkerMessage>((resolve, reject) => {
      const onMessage = (message: WorkerMessage) => {
        cleanup();
        resolve(message);
      };
      const onError = (error: Error) => {
        cleanup();
        reject(error);
      };
      const onExit = (code: number) => {
        cleanup();
        reject(new Error(`embedded DynamoDB worker exited with code ${code}`));
      };
      const cleanup = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });

  const first = await next().catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  if (first.type !== 'listening') {
    await worker.terminate();
    throw new Error(`embedded DynamoDB failed to start: ${first.type === 'error' ? first.message : first.type}`);
  }
  worker.on('error', (error) => process.stderr.write(`embedded DynamoDB worker failed: ${error.message}\n`));

  let stopped: Promise<void> | undefined;
  let imports = 0;
  return {
    endpoint: `http://127.0.0.1:${first.port}`,
    setFaults(rules) {
      worker.postMessage({ type: 'faults', rules });
    },
    faultCounts() {
      return new Promise<Record<string, number>>((resolve) => {
        const onMessage = (message: { type?: string; counts?: Record<string, number> }) => {
          if (message.type !== 'fault-counts') return;
          worker.off('message', onMessage);
          resolve(message.counts ?? {});
        };
        worker.on('message', onMessage);
        worker.postMessage({ type: 'fault-counts' });
      });
    },
    importItems(tableName, items) {
      const id = ++imports;
      return new Promise<void>((resolve, reject) => {
        const onMessage = (message: ImportReply) => {
          if (message.type !== 'imported' || message.id !== id) return;
          worker.off('message', onMessage);
          if (message.error === undefined) resolve();
          else reject(new Error(`import into ${tableName} failed: ${message.error}`));
        };
        worker.on('message', onMessage);
        worker.postMessage({ type: 'import', id, tableName, items });
      });
    },
    stop() {
      stopped ??= (async () => {
        const reply = next();
        worker.postMessage('stop');
        const timeout = new Promise<WorkerMessage>((resolve) =>
          setTimeout(() => resolve({ type: 'error', message: 'stop timed out' }), WORKER_STOP_TIMEOUT_MS).unref(),
        );
        const result = await Promise.race([reply, timeout]).catch((error: Error) => ({ type: 'error' as const, message: error.message }));
        await worker.terminate();
        if (result.type === 'error') throw new Error(`embedded DynamoDB did not stop cleanly: ${result.message}`);
      })();
      return stopped;
    },
  };
}

/** A low-level client for table management (the handlers use shared/adapters/dynamodb/client.ts). */
export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

/**
 * Creates every table of TABLES that is missing (same keys and indexes as the CDK stack), waits
 * until each is ACTIVE, and points this process's handlers at them: `TABLE_<NAME>` = `<prefix>-<name>`,
 * `DYNAMODB_ENDPOINT` and `AWS_REGION=local`.
 */
export async function ensureTables(endpoint: string, prefix: string): Promise<Record<TableName, string>> {
  const client = localDynamoClient(endpoint);
  try {
    const names = {} as Record<TableName, string>;
    await Promise.all(
      (Object.values(TABLES) as TableDefinition[]).map(async (table) => {
        const physical = `${prefix}-${table.name}`;
        await ensureTable(client, physical, table);
        names[table.name] = physical;
      }),
    );
    for (const [table, physical] of Object.entries(names) as [TableName, string][]) {
      process.env[tableNameEnvVar(table)] = physical;
    }
    process.env.DYNAMODB_ENDPOINT = endpoint;
    process.env.AWS_REGION = 'local';
    return names;
  } finally {
    client.destroy();
  }
}

/** The key schema of a table to create (a stack table, or a table only the local runtime has). */
type KeySchema = Pick<TableDefinition, 'partitionKey' | 'sortKey' | 'indexes' | 'stream'>;

/** Creates one table (with the same key layout rules as the stack's) when it is missing. */
export async function ensureLocalTable(endpoint: string, tableName: string, table: KeySchema): Promise<void> {
  const client = localDynamoClient(endpoint);
  try {
    await ensureTable(client, tableName, table);
  } finally {
    client.destroy();
  }
}

async function ensureTable(client: DynamoDBClient, tableName: string, table: KeySchema): Promise<void> {
  const existing = await describe(client, tableName);
  if (!existing) {
    try {
      await client.send(new CreateTableCommand(createTableInput(tableName, table)));
    } catch (error) {
      // Another process (or a concurrent call) created it first: fine, wait for it below.
      if (!(error instanceof ResourceInUseException)) throw error;
    }
  } else if (missingIndexes(existing, table).length > 0) {
    // dynalite cannot add an index to an existing table (UpdateTable's Create is validated, never done).
    throw new Error(
      `table ${tableName} lacks the index(es) ${missingIndexes(existing, table).join(', ')}: its data folder predates them. ` +
        'Run npm run demo:reset (or move the data folder away, or set DATA_DIR to a new one) and start again: the demo is seeded anew.',
    );
  } else if (table.stream && !existing.StreamSpecification?.StreamEnabled) {
    // A data folder from before the table had a stream: the stream starts now.
    await client.send(
      new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: true, StreamViewType: table.stream } }),
    );
  }
  const deadline = Date.now() + ACTIVE_WAIT_TIMEOUT_MS;
  for (;;) {
    const description = await describe(client, tableName);
    const indexesActive = (description?.GlobalSecondaryIndexes ?? []).every((i) => i.IndexStatus === 'ACTIVE');
    if (description?.TableStatus === 'ACTIVE' && indexesActive) return;
    if (Date.now() > deadline) throw new Error(`table ${tableName} did not become ACTIVE`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function missingIndexes(existing: NonNullable<Awaited<ReturnType<typeof describe>>>, table: KeySchema): string[] {
  const present = new Set((existing.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  return table.indexes.filter((i) => !present.has(i.name)).map((i) => i.name);
}

async function describe(client: DynamoDBClient, tableName: string) {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

function createTableInput(tableName: string, table: KeySchema) {
  const attributes = new Set<string>([table.partitionKey]);
  if (table.sortKey !== undefined) attributes.add(table.sortKey);
  for (const index of table.indexes) {
    attributes.add(index.partitionKey);
    attributes.add(index.sortKey);
  }
  const attributeDefinitions: AttributeDefinition[] = [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' }));
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: attributeDefinitions,
    ...(table.stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: table.stream } } : {}),
    KeySchema: [
      { AttributeName: table.partitionKey, KeyType: 'HASH' as const },
      ...(table.sortKey === undefined ? [] : [{ AttributeName: table.sortKey, KeyType: 'RANGE' as const }]),
    ],
    GlobalSecondaryIndexes:
      table.indexes.length === 0
        ? undefined
        : table.indexes.map((index) => ({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
              { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
            ],
            Projection: { ProjectionType: 'ALL' as const },
          })),
  };
}

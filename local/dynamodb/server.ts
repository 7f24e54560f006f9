import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { installFaults } from '../faults/dynamodb';
import { FaultInjector, type FaultRule } from '../faults/injector';
import { type ImportedItem, importItems } from './bulk-import';
import { createDynaliteWithStore } from './dynalite-internals';
import { installReturnValuesOnConditionCheckFailure } from './return-values';
import { StreamLog } from './stream-log';
import { installStreams } from './streams';
import { installTransactions } from './transactions';

export interface DynaliteServerOptions {
  /** Folder for persistent data (`<dataDir>/dynamodb`); in-memory when omitted. */
  readonly dataDir?: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Seed of the FAULTS `dynamodb.*` draws (see local/faults/dynamodb.ts); the rules are set once the service is up. */
  readonly faultSeed?: number;
}

export interface DynaliteServer {
  readonly port: number;
  /** Sets the FAULTS `dynamodb.*` rules (none at start: tables are made and the demo seeded without faults). */
  setFaults(rules: readonly FaultRule[]): void;
  /** Faults injected so far, by `dynamodb.<kind>`. */
  faultCounts(): Record<string, number>;
  /** Loads items (JSON values, as the document client takes them) straight into a table with their index entries (./bulk-import.ts). */
  importItems(tableName: string, items: readonly ImportedItem[]): Promise<void>;
  close(): Promise<void>;
}

/** Table state changes are immediate: nothing waits for CREATING → ACTIVE locally. */
const TABLE_STATE_DELAY_MS = 0;

/**
 * dynalite with transactions, ReturnValuesOnConditionCheckFailure and DynamoDB Streams (records
 * and the Streams API, ./streams.ts), listening on 127.0.0.1. Runs wherever it is called:
 * on the embedded DynamoDB's worker thread (./worker.ts) or, on request, on the main thread.
 */
export async function listenDynalite(options: DynaliteServerOptions): Promise<DynaliteServer> {
  const storeOptions: Record<string, unknown> = {
    createTableMs: TABLE_STATE_DELAY_MS,
    deleteTableMs: TABLE_STATE_DELAY_MS,
    updateTableMs: TABLE_STATE_DELAY_MS,
  };
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'dynamodb');
    mkdirSync(dir, { recursive: true });
    storeOptions.path = dir;
  }
  installReturnValuesOnConditionCheckFailure();
  const { server, store } = createDynaliteWithStore(storeOptions);
  const streams = await StreamLog.open(store);
  const faults = new FaultInjector([], options.faultSeed ?? 0);
  installTransactions(server, store, streams, faults);
  installStreams(server, store, streams);
  // Outermost: a fault answers before anything else reads the request.
  installFaults(server, faults);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  let closed: Promise<void> | undefined;
  return {
    port: (server.address() as AddressInfo).port,
    setFaults(rules) {
      for (const rule of rules) faults.set(rule.target, rule.kind, rule.rate);
    },
    faultCounts: () => Object.fromEntries(faults.injected),
    importItems: (tableName, items) => importItems(store, tableName, items),
    close() {
      // Closes the HTTP server (idle keep-alive sockets included), then the LevelDB store, which
      // releases its lock so the same folder can be opened again.
      streams.close();
      closed ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      });
      return closed;
    },
  };
}

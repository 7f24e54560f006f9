import { parentPort, workerData } from 'node:worker_threads';
import type { FaultRule } from '../faults/injector';
import type { ImportedItem } from './bulk-import';
import { type DynaliteServerOptions, listenDynalite } from './server';

/**
 * Worker-thread entry of the embedded DynamoDB (started by ./embedded.ts). Protocol:
 * → {type:'listening', port} | {type:'error', message};  ← 'stop' → {type:'stopped'} | {type:'error'};
 * ← {type:'faults', rules} sets the FAULTS `dynamodb.*` rules (no answer);
 * ← {type:'fault-counts'} → {type:'fault-counts', counts};
 * ← {type:'import', id, tableName, items} → {type:'imported', id, error?} (./bulk-import.ts).
 */
const parent = parentPort;
if (!parent) throw new Error('local/dynamodb/worker.ts must run on a worker thread');

interface ImportMessage {
  readonly type: 'import';
  readonly id: number;
  readonly tableName: string;
  readonly items: ImportedItem[];
}

function isImport(message: unknown): message is ImportMessage {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'import';
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

listenDynalite(workerData as DynaliteServerOptions).then(
  (server) => {
    parent.on('message', (message: unknown) => {
      if (typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'faults') {
        server.setFaults((message as { rules: FaultRule[] }).rules);
        return;
      }
      if (typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'fault-counts') {
        parent.postMessage({ type: 'fault-counts', counts: server.faultCounts() });
        return;
      }
      if (isImport(message)) {
        server.importItems(message.tableName, message.items).then(
          () => parent.postMessage({ type: 'imported', id: message.id }),
          (error: unknown) => parent.postMessage({ type: 'imported', id: message.id, error: describe(error) }),
        );
        return;
      }
      if (message !== 'stop') return;
      server.close().then(
        () => parent.postMessage({ type: 'stopped' }),
        (error: unknown) => parent.postMessage({ type: 'error', message: describe(error) }),
      );
    });
    parent.postMessage({ type: 'listening', port: server.port });
  },
  (error: unknown) => parent.postMessage({ type: 'error', message: describe(error) }),
);

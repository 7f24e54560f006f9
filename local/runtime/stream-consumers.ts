import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type { Context } from 'aws-lambda';
import { physicalTableName, TABLES } from '#shared/adapters/dynamodb/tables';
import { STREAM_CONSUMERS } from '#shared/workers/definitions';
import { lambdaContext } from '../gateway/request';
import { runAsFunction } from './function-environment';
import type { RuntimeStateStore } from './state';
import { LocalStreamConsumer, type StreamHandler, type StreamStart } from './stream-mapping';

/**
 * One local event source mapping (./stream-mapping.ts) per row of STREAM_CONSUMERS, each invoking its
 * function's handler (`functions/<name>/handler.ts`, loaded lazily and run in the function's own
 * environment, like the workers) with the row's batch size, batching window and retry attempts.
 * A row whose handler file does not exist yet is listed in `missing` and not polled (its records
 * wait in the stream, and are read from the trim horizon once the handler exists).
 */
export type LoadStreamHandler = (functionName: string) => StreamHandler;

export interface LocalStreamConsumersOptions {
  /** The embedded DynamoDB. */
  readonly endpoint: string;
  /** Where checkpoints are kept; memory only when omitted. */
  readonly state?: RuntimeStateStore;
  /** Where dead letters are appended; memory only when omitted. */
  readonly dataDir?: string;
  /** Handler override, for tests (as the gateway's loadHandler). @default require('functions/<name>/handler.ts').handler */
  readonly loadHandler?: LoadStreamHandler;
  /** Replaces every row's maxBatchingWindowSeconds (tests use a short one). */
  readonly maxBatchingWindowSeconds?: number;
  /** @default 250 */
  readonly pollIntervalMs?: number;
  /** @default 100 */
  readonly retryDelayMs?: number;
}

export interface LocalStreamConsumers {
  /** By function name. */
  readonly consumers: ReadonlyMap<string, LocalStreamConsumer>;
  /** Rows whose handler file does not exist: not polled. */
  readonly missing: readonly string[];
  /** Where each consumer started: after its checkpoint, or at the trim horizon. */
  readonly restored: readonly (StreamStart & { readonly functionName: string })[];
  /** The named consumer, or an error naming the known ones. */
  consumer(functionName: string): LocalStreamConsumer;
  /** Resolves once every consumer has handled every record written before the call. */
  catchUp(): Promise<void>;
  stop(): Promise<void>;
}

const FUNCTIONS_DIR = path.join(__dirname, '..', '..', 'functions');
const handlerFile = (functionName: string) => path.join(FUNCTIONS_DIR, functionName, 'handler.ts');

export async function startStreamConsumers(options: LocalStreamConsumersOptions): Promise<LocalStreamConsumers> {
  const consumers = new Map<string, LocalStreamConsumer>();
  const missing: string[] = [];
  for (const row of STREAM_CONSUMERS) {
    if (!TABLES[row.table].stream)
      throw new Error(`stream consumer ${row.functionName} reads ${row.table}, whose definition declares no stream`);
    if (!options.loadHandler && !existsSync(handlerFile(row.functionName))) {
      missing.push(row.functionName);
      continue;
    }
    consumers.set(
      row.functionName,
      new LocalStreamConsumer({
        functionName: row.functionName,
        endpoint: options.endpoint,
        tableName: physicalTableName(row.table),
        batchSize: row.batchSize,
        maxBatchingWindowMs: (options.maxBatchingWindowSeconds ?? row.maxBatchingWindowSeconds) * 1000,
        retryAttempts: row.retryAttempts,
        state: options.state,
        dataDir: options.dataDir,
        pollIntervalMs: options.pollIntervalMs,
        retryDelayMs: options.retryDelayMs,
        handler: loadConsumer(row.functionName, row.timeoutSeconds, options.loadHandler),
      }),
    );
  }
  const started: LocalStreamConsumer[] = [];
  const restored: (StreamStart & { functionName: string })[] = [];
  try {
    for (const [functionName, consumer] of consumers) {
      restored.push({ functionName, ...(await consumer.begin()) });
      started.push(consumer);
    }
  } catch (error) {
    await Promise.all(started.map((c) => c.stop()));
    throw error;
  }
  let stopped: Promise<void> | undefined;
  return {
    consumers,
    missing,
    restored,
    consumer(functionName) {
      const consumer = consumers.get(functionName);
      if (!consumer) throw new Error(`no local stream consumer ${functionName}; known: ${[...consumers.keys()].join(', ') || 'none'}`);
      return consumer;
    },
    async catchUp() {
      await Promise.all([...consumers.values()].map((c) => c.catchUp()));
    },
    stop() {
      stopped ??= Promise.all([...consumers.values()].map((c) => c.stop())).then(() => undefined);
      return stopped;
    },
  };
}

type ConsumerModule = { handler?: unknown };
type LambdaStreamHandler = (event: Parameters<StreamHandler>[0], context: Context) => ReturnType<StreamHandler>;

/** The consumer's handler, loaded and invoked in the function's own environment (local/runtime/function-environment.ts). */
function loadConsumer(functionName: string, timeoutSeconds: number, override: LoadStreamHandler | undefined): () => Promise<StreamHandler> {
  return async () => {
    const handler = runAsFunction(functionName, () => {
      if (override) return override(functionName);
      const mod = require(handlerFile(functionName)) as ConsumerModule;
      if (typeof mod.handler !== 'function') throw new Error(`functions/${functionName}/handler.ts exports no handler`);
      return mod.handler as StreamHandler;
    }) as LambdaStreamHandler;
    return (event) => runAsFunction(functionName, () => handler(event, lambdaContext(functionName, Date.now() + timeoutSeconds * 1000)));
  };
}

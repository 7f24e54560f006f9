import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoAuthorizerCacheEpoch } from '#shared/adapters/dynamodb/authorizer-cache-epoch';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { CURSOR_SECRET_ENV, PUBLIC_ORIGIN_ENV, RECORDING_HOSTS_ENV } from '#shared/adapters/runtime/resource-env';
import { secretStore } from '#shared/adapters/runtime/secrets';
import { WEBHOOK_SECRET_KEY_ENV } from '#shared/adapters/runtime/webhook-settings';
import type { QueueName } from '#shared/ports/message-queue';
import type { SeedCounts } from '../demo/seed';
import { ensureLocalTable, ensureTables, type LocalDynamo, localDynamoClient, startLocalDynamo } from '../dynamodb/embedded';
import { RUNTIME_CLIENT_HEADER } from '../faults/dynamodb';
import { FaultInjector } from '../faults/injector';
import { type LocalGateway, type LocalGatewayOptions, startLocalGateway } from '../gateway/server';
import { type LocalAdapters, startLocalAdapters } from '../runtime/adapters';
import type { LocalEventBus } from '../runtime/event-bus';
import type { LocalQueue } from '../runtime/queue';
import type { LocalScheduler } from '../runtime/scheduler';
import { LocalSecretStore, localSecretId } from '../runtime/secrets';
import { RUNTIME_STATE_TABLE, RuntimeStateStore, runtimeStateTableName } from '../runtime/state';
import type { LoadStreamHandler, LocalStreamConsumers } from '../runtime/stream-consumers';
import type { SandboxCallReporter } from '../sandbox/call-reports';
import { SANDBOX_RECORDING_HOST } from '../sandbox/recordings';
import type { SandboxSmsProvider } from '../sandbox/sms-provider';
import type { SandboxVoiceProvider } from '../sandbox/voice-provider';

/**
 * The whole local runtime in one call (used by `npm start`, the end-to-end tests and the
 * benchmarks): embedded DynamoDB → tables → optional demo seed → cursor secret → local adapters
 * (queues with their workers, event bus, scheduler, SMS and voice sandboxes, put into the adapter
 * slots; stream consumers polling the tables' streams) → gateway. When it seeded the demo, it
 * returns once the stream consumers have handled the seed's records (what they keep, such as the
 * analytics rollups, then reflects the seed).
 *
 * Handlers read their configuration at module load (each sees only the tables, resources and cursor
 * key its rows declare, see local/runtime/function-environment.ts; the rest from process.env) and share one
 * DynamoDB client per process, so run one local service per process (per Jest test file).
 */
export interface LocalServiceOptions {
  /**
   * The smallest export part but the last (tests lower it to see several parts).
   * @default LOCAL_EXPORT_PART_BYTES, else S3's 5 MiB
   */
  readonly exportPartBytes?: number;
  /** 0 picks a free port. */
  readonly port: number;
  /** Persistent data folder; in-memory DynamoDB when undefined. */
  readonly dataDir: string | undefined;
  /** Seed the demo data when the tables are empty. */
  readonly seed: boolean;
  /** Short lines on the way up (seeding, catching up on the seed's stream records); `npm start` prints them. */
  readonly onProgress?: (line: string) => void;
  /** See LocalGatewayOptions.onRequest (`npm start`'s request log). */
  readonly onRequest?: LocalGatewayOptions['onRequest'];
  /** Port of the embedded DynamoDB. @default 0 (a free port) */
  readonly dynamoPort?: number;
  /** @default '127.0.0.1' */
  readonly host?: string;
  /** @default AUTHORIZER_CACHE_TTL_SECONDS or 300 */
  readonly authorizerCacheTtlSeconds?: number;
  /** Handler override, for tests (see LocalGatewayOptions.loadHandler). */
  readonly loadHandler?: LocalGatewayOptions['loadHandler'];
  /** @default 'local' */
  readonly tablePrefix?: string;
  /** Where the embedded DynamoDB runs (see LocalDynamoOptions.thread). @default 'worker' */
  readonly dynamoThread?: 'worker' | 'main';
  /** Seconds a failed queue message stays invisible before its retry (SQS: 6 × the function timeout). @default 2 */
  readonly queueVisibilityTimeoutSeconds?: number;
  /**
   * POST a simulated end-of-call report to the voice webhook for every call the sandbox voice
   * provider places (see local/sandbox/call-reports.ts). `npm start` turns it on.
   * @default false
   */
  readonly simulateCallReports?: boolean;
  /** Delay between a sandbox call and its simulated report. @default 1500 */
  readonly callReportDelayMs?: number;
  /** Stream consumer handler override, for tests (see LocalStreamConsumersOptions.loadHandler). */
  readonly loadStreamHandler?: LoadStreamHandler;
  /** Replaces each stream consumer's batching window (tests use a short one). @default the row's maxBatchingWindowSeconds */
  readonly streamBatchingWindowSeconds?: number;
  /**
   * FAULTS (local/faults/injector.ts): once the tables are made and the demo seeded, the DynamoDB data
   * operations, the queues, the bus and the providers the handlers use fail as it says.
   * @default none
   */
  readonly faults?: FaultInjector;
}

export interface LocalService {
  readonly url: string;
  readonly dynamoEndpoint: string;
  /** Where the seed wrote the demo keys; null when seeding was off. */
  readonly credentialsPath: string | null;
  /** What this start seeded; null when seeding was off or the demo was already there. */
  readonly seeded: SeedCounts | null;
  readonly gateway: LocalGateway;
  /** The in-process queues, one per worker row of shared/workers/definitions.ts. */
  readonly queues: ReadonlyMap<QueueName, LocalQueue>;
  readonly eventBus: LocalEventBus;
  readonly scheduler: LocalScheduler;
  readonly voice: SandboxVoiceProvider;
  readonly sms: SandboxSmsProvider;
  /** The jobs the sandbox field-service system made. */
  fieldServiceJobs(): ReturnType<LocalAdapters['fieldService']['jobs']>;
  /** The reschedules and cancels asked of the sandbox's jobs, oldest first. */
  fieldServiceChanges(): ReturnType<LocalAdapters['fieldService']['changes']>;
  /** The simulated end-of-call reports; null when they are off. */
  readonly callReports: SandboxCallReporter | null;
  /** Files the local adapters write under the data folder; null when in memory. */
  readonly files: LocalAdapters['files'];
  readonly exportFiles: LocalAdapters['exportFiles'];
  /** The stream consumers (catch-up, dead letters, stop), one per row of STREAM_CONSUMERS. */
  readonly streams: LocalStreamConsumers;
  /** Queue messages and schedules a previous run left, delivered again after this start, and where each stream consumer resumed. */
  readonly restored: LocalAdapters['restored'];
  /** The FAULTS in force (none when the options named none). */
  readonly faults: FaultInjector;
  /** Every fault injected so far, by `target.kind`: the adapters' and the embedded DynamoDB's (drawn on its thread). */
  injectedFaults(): Promise<Record<string, number>>;
  queue(name: QueueName): LocalQueue;
  /** Resolves once every queue is drained, every simulated report delivered and every stream consumer caught up (see LocalAdapters.settle). */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

const ROLLUP_PROGRESS_EVERY_MS = 5000;

/** LOCAL_EXPORT_PART_BYTES: the smallest export part of `npm start` (a crash test makes parts small). */
function localExportPartBytes(): number | undefined {
  const value = Number(process.env.LOCAL_EXPORT_PART_BYTES);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export async function startLocalService(options: LocalServiceOptions): Promise<LocalService> {
  let dynamo: LocalDynamo | undefined;
  let gateway: LocalGateway | undefined;
  let adapters: LocalAdapters | undefined;
  let stateClient: DynamoDBDocumentClient | undefined;
  try {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    const faults = options.faults ?? new FaultInjector([], 0);
    dynamo = await startLocalDynamo({
      dataDir: options.dataDir,
      thread: options.dynamoThread,
      port: options.dynamoPort,
      faultSeed: faults.seed,
    });
    const prefix = options.tablePrefix ?? 'local';
    await ensureTables(dynamo.endpoint, prefix);
    await ensureLocalTable(dynamo.endpoint, runtimeStateTableName(prefix), RUNTIME_STATE_TABLE);
    // A client of this emulator's own: the handlers' shared client is bound to the first endpoint
    // a process used.
    stateClient = DynamoDBDocumentClient.from(runtimeClient(dynamo.endpoint));
    // The secrets, in the local secret store (local/runtime/secrets.ts: this process's environment), and
    // the functions' variables that name them, as the stack names Secrets Manager secrets.
    process.env.CURSOR_SECRET ??= cursorSecret(options.dataDir);
    process.env[CURSOR_SECRET_ENV] ??= localSecretId('CURSOR_SECRET');
    // The key that seals webhook signing secrets: kept with the data, so stored secrets stay readable across restarts.
    process.env.WEBHOOK_SECRET_KEY ??= cursorSecret(options.dataDir, 'webhook-secret-key');
    process.env[WEBHOOK_SECRET_KEY_ENV] ??= localSecretId('WEBHOOK_SECRET_KEY');
    secretStore.use(new LocalSecretStore());
    // The sandbox voice provider's recording host (local/sandbox/recordings.ts), unless a test names others.
    process.env[RECORDING_HOSTS_ENV] ??= SANDBOX_RECORDING_HOST;

    let credentialsPath: string | null = null;
    let seeded = false;
    let counts: SeedCounts | null = null;
    if (options.seed) {
      // Imported only now: the seeder may build stores from the table variables at module load.
      const { seedIfEmpty } = await import('../demo/seed');
      const seedDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'local-service-'));
      ({ credentialsPath, seeded, counts } = await seedIfEmpty(seedDir, { onProgress: options.onProgress }));
    }

    // Before the gateway: no request may reach a handler while the slots still hold AWS adapters.
    let baseUrl: string | undefined;
    adapters = await startLocalAdapters({
      dataDir: options.dataDir,
      state: new RuntimeStateStore(stateClient, runtimeStateTableName(prefix)),
      visibilityTimeoutSeconds: options.queueVisibilityTimeoutSeconds,
      simulateCallReports: options.simulateCallReports ?? false,
      callReportDelayMs: options.callReportDelayMs,
      baseUrl: () => {
        if (!baseUrl) throw new Error('the local gateway is not listening yet');
        return baseUrl;
      },
      dynamoEndpoint: dynamo.endpoint,
      faults: options.faults,
      streams: { loadHandler: options.loadStreamHandler, maxBatchingWindowSeconds: options.streamBatchingWindowSeconds },
      exportPartBytes: options.exportPartBytes ?? localExportPartBytes(),
    });
    // What the consumers keep from the seed (the analytics rollups) is there before the first request.
    if (seeded) {
      // The longest quiet part of a first start (15-20 s on 2 cores): say that it is still going.
      const progress = options.onProgress ?? (() => undefined);
      const step = 'analytics rollups (the stream consumers read the seed)';
      const since = Date.now();
      progress(step);
      const ticker = setInterval(() => progress(`${step}, ${Math.round((Date.now() - since) / 1000)} s`), ROLLUP_PROGRESS_EVERY_MS);
      try {
        await adapters.streams.catchUp();
      } finally {
        clearInterval(ticker);
      }
    }

    // `key revoke` (bin/admin/keys.ts) moves this epoch from its own process; the gateway then forgets its cached policies.
    const epoch = new DynamoAuthorizerCacheEpoch(getDocumentClient(), physicalTableName('teams'));
    gateway = await startLocalGateway({
      port: options.port,
      host: options.host,
      authorizerCacheTtlSeconds: options.authorizerCacheTtlSeconds,
      authorizerCacheEpoch: () => epoch.read(),
      loadHandler: options.loadHandler,
      onRequest: options.onRequest,
      demoCredentialsPath: credentialsPath,
      serveFile: (req, res, pathname, search) => adapters?.exportFiles.serve(req, res, pathname, search) ?? false,
    });
    baseUrl = gateway.url;
    // The manage links in appointment texts point at this gateway (the stack's publicOrigin in AWS).
    // Texts due before it listened (restored messages) fail back to their queue and go once it does.
    process.env[PUBLIC_ORIGIN_ENV] = gateway.url;
    // Last: the tables, the seed and the restored state were made without faults.
    dynamo.setFaults(faults.rulesOf('dynamodb'));
    const started = { dynamo, gateway, adapters, stateClient };
    let stopped: Promise<void> | undefined;
    return {
      url: gateway.url,
      dynamoEndpoint: dynamo.endpoint,
      credentialsPath,
      seeded: counts,
      gateway,
      queues: adapters.queues,
      eventBus: adapters.eventBus,
      scheduler: adapters.scheduler,
      voice: adapters.voice,
      sms: adapters.sms,
      fieldServiceJobs: () => started.adapters.fieldService.jobs(),
      fieldServiceChanges: () => started.adapters.fieldService.changes(),
      callReports: adapters.callReports,
      files: adapters.files,
      exportFiles: adapters.exportFiles,
      streams: adapters.streams,
      restored: adapters.restored,
      faults,
      async injectedFaults() {
        return { ...Object.fromEntries(faults.injected), ...(await started.dynamo.faultCounts()) };
      },
      queue: adapters.queue,
      settle: adapters.settle,
      stop() {
        // Adapters first: simulated reports still being delivered need the gateway, and workers
        // finishing a batch need DynamoDB.
        stopped ??= (async () => {
          await started.adapters.stop();
          secretStore.reset();
          started.stateClient.destroy();
          await started.gateway.stop();
          await started.dynamo.stop();
        })();
        return stopped;
      },
    };
  } catch (error) {
    await adapters?.stop().catch(() => undefined);
    stateClient?.destroy();
    await gateway?.stop().catch(() => undefined);
    await dynamo?.stop().catch(() => undefined);
    throw error;
  }
}

/**
 * The client of the runtime's own state (local queues, schedules, stream checkpoints): its requests
 * are marked so FAULTS never fail them (they stand in for AWS services that do not fail that way).
 */
function runtimeClient(endpoint: string) {
  const client = localDynamoClient(endpoint);
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { headers?: Record<string, string> };
      if (request.headers) request.headers[RUNTIME_CLIENT_HEADER] = '1';
      return next(args);
    },
    { step: 'build', name: 'localRuntimeMark' },
  );
  return client;
}

/**
 * The HMAC secret that signs pagination cursors. Persisted in `<dataDir>/cursor-secret` so cursors
 * stay valid across restarts; random per process when in-memory.
 */
/** A random key kept in the data folder (`fileName`), made on first use; random per process without one. */
function cursorSecret(dataDir: string | undefined, fileName = 'cursor-secret'): string {
  if (!dataDir) return randomBytes(32).toString('hex');
  const file = path.join(dataDir, fileName);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(existing)) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ensureTables, type LocalDynamo, startLocalDynamo } from './dynamodb';
import { type LocalGateway, type LocalGatewayOptions, startLocalGateway } from './gateway';

/**
 * The whole local runtime in one call (used by `npm start`, the end-to-end tests and the
 * benchmarks): embedded DynamoDB → tables → optional demo seed → cursor secret → gateway.
 *
 * Handlers read their configuration from process.env at module load and share one DynamoDB client
 * per process, so run one local service per process (per Jest test file).
 */
export interface LocalServiceOptions {
  /** 0 picks a free port. */
  readonly port: number;
  /** Persistent data folder; in-memory DynamoDB when undefined. */
  readonly dataDir: string | undefined;
  /** Seed the demo data when the tables are empty. */
  readonly seed: boolean;
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
}

export interface LocalService {
  readonly url: string;
  readonly dynamoEndpoint: string;
  /** Where the seed wrote the demo keys; null when seeding was off. */
  readonly credentialsPath: string | null;
  readonly gateway: LocalGateway;
  stop(): Promise<void>;
}

export async function startLocalService(options: LocalServiceOptions): Promise<LocalService> {
  let dynamo: LocalDynamo | undefined;
  let gateway: LocalGateway | undefined;
  try {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    dynamo = await startLocalDynamo({ dataDir: options.dataDir, thread: options.dynamoThread });
    await ensureTables(dynamo.endpoint, options.tablePrefix ?? 'local');
    process.env.CURSOR_SECRET ??= cursorSecret(options.dataDir);

    let credentialsPath: string | null = null;
    if (options.seed) {
      // Imported only now: the seeder may build stores from the table variables at module load.
      const { seedIfEmpty } = await import('./seed');
      const seedDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'local-service-'));
      ({ credentialsPath } = await seedIfEmpty(seedDir));
    }

    gateway = await startLocalGateway({
      port: options.port,
      host: options.host,
      authorizerCacheTtlSeconds: options.authorizerCacheTtlSeconds,
      loadHandler: options.loadHandler,
    });
    const started = { dynamo, gateway };
    return {
      url: gateway.url,
      dynamoEndpoint: dynamo.endpoint,
      credentialsPath,
      gateway,
      async stop() {
        await started.gateway.stop();
        await started.dynamo.stop();
      },
    };
  } catch (error) {
    await gateway?.stop().catch(() => undefined);
    await dynamo?.stop().catch(() => undefined);
    throw error;
  }
}

/**
 * The HMAC secret that signs pagination cursors. Persisted in `<dataDir>/cursor-secret` so cursors
 * stay valid across restarts; random per process when in-memory.
 */
function cursorSecret(dataDir: string | undefined): string {
  if (!dataDir) return randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'cursor-secret');
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

import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ApiGatewayAuthorizerCache, apiStagesFromEnv, type FlushClient } from '#shared/adapters/aws/api-gateway-authorizer-cache';
import { ApiGatewayUsagePlanKeys, type UsagePlanClient } from '#shared/adapters/aws/api-gateway-usage-plan';
import { DynamoAuthorizerCacheEpoch } from '#shared/adapters/dynamodb/authorizer-cache-epoch';
import { createDocumentClient, getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRubricStore } from '#shared/adapters/dynamodb/coach-rubric-store';
import { DynamoFieldServiceConfigStore } from '#shared/adapters/dynamodb/field-service-config-store';
import { DynamoIntakeConfigStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoMessagingConfigStore } from '#shared/adapters/dynamodb/messaging-config-store';
import { DynamoOutboundFeedStore } from '#shared/adapters/dynamodb/outbound-feed-store';
import { DynamoRateLimitStore } from '#shared/adapters/dynamodb/rate-limit-store';
import { DynamoRollupStore } from '#shared/adapters/dynamodb/rollup-store';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { AUTHORIZER_TIMEOUT_SECONDS, USAGE_PLAN_ENV } from '#shared/auth/authorizer-settings';
import type { AuthorizerCache } from '#shared/ports/authorizer-cache';
import type { GoogleLeadFormKeyStore, IntakeConfigStore } from '#shared/ports/intake-store';
import { LocalDataLockedError, UsageError } from './errors';

type Env = Readonly<Record<string, string | undefined>>;

/** The stores of the DynamoDB a command works on: deployed tables, a running emulator, or the local data folder. */
export interface Target {
  readonly store: DynamoTenancyStore;
  readonly configs: IntakeConfigStore & GoogleLeadFormKeyStore;
  readonly messaging: DynamoMessagingConfigStore;
  readonly schedulers: DynamoSchedulerConfigStore;
  /** Each team's field-service system (the widget's jobs), in the teams table. */
  readonly fieldService: DynamoFieldServiceConfigStore;
  readonly campaigns: DynamoCampaignStore;
  /** The outbound feeds (subscription events flagged for review). */
  readonly outbound: DynamoOutboundFeedStore;
  /** Sessions and their analytics rollups (`rollups rebuild`; new teams and enterprises start complete). */
  readonly sessions: DynamoSessionStore;
  readonly rollups: DynamoRollupStore;
  /** Coach rubrics, in the teams table. */
  readonly rubrics: DynamoRubricStore;
  /** Rate-limit counters and key usage (the limits table). */
  readonly limits: DynamoRateLimitStore;
  /** The epoch a local gateway running on this store watches (written on AWS too, where nothing reads it). */
  readonly epoch: DynamoAuthorizerCacheEpoch;
  /** A deployed stack: DynamoDB in AWS, so API Gateway's caches must be named. */
  readonly deployed: boolean;
  close(): Promise<void>;
}

/** How `key revoke` reaches API Gateway, so tests can stand in for it. */
export interface FlushOptions {
  /** The API Gateway client `key revoke` flushes authorizer caches with. @default a new APIGatewayClient */
  readonly apiGateway?: FlushClient;
  /** Waits between the two flushes (ApiGatewayAuthorizerCacheOptions.sleep). @default setTimeout */
  readonly sleep?: (ms: number) => Promise<void>;
  /** The API Gateway client `key create` registers keys in the usage plan with. @default a new APIGatewayClient */
  readonly usagePlanClient?: UsagePlanClient;
}

export async function openTarget(local: boolean, env: Env): Promise<Target> {
  const endpoint = env.DYNAMODB_ENDPOINT;
  if (local || (!endpoint && !env.TABLE_TEAMS)) return openLocalData(path.resolve(env.DATA_DIR ?? '.data'));

  const { documents, release } = documentClientFor(env);
  const tableName = env.TABLE_TEAMS ?? 'local-teams';
  return {
    ...stores(documents, {
      teams: tableName,
      campaigns: env.TABLE_CAMPAIGNS ?? 'local-campaigns',
      sessions: env.TABLE_SESSIONS ?? 'local-sessions',
      rollups: env.TABLE_ROLLUPS ?? 'local-rollups',
      limits: env.TABLE_LIMITS ?? 'local-limits',
      'audit-log': env.TABLE_AUDIT_LOG ?? 'local-audit-log',
    }),
    deployed: !endpoint,
    async close() {
      release();
    },
  };
}

/**
 * The process's own client (what every handler uses) when the run's environment names the same
 * DynamoDB as the process's, which it always does under `npm run admin`; a run handed another
 * environment in-process gets a client of its own, configured the same way, closed with the run.
 * The shared client is never destroyed: the rest of the process may still be using it.
 */
function documentClientFor(env: Env): { documents: DynamoDBDocumentClient; release(): void } {
  if (env.DYNAMODB_ENDPOINT === process.env.DYNAMODB_ENDPOINT && env.AWS_REGION === process.env.AWS_REGION) {
    return { documents: getDocumentClient(), release() {} };
  }
  const documents = createDocumentClient(env);
  return { documents, release: () => documents.destroy() };
}

function stores(
  documents: DynamoDBDocumentClient,
  tables: { teams: string; campaigns: string; sessions: string; rollups: string; limits: string; 'audit-log': string },
): Omit<Target, 'deployed' | 'close'> {
  return {
    store: new DynamoTenancyStore(documents, tables.teams, tables['audit-log']),
    epoch: new DynamoAuthorizerCacheEpoch(documents, tables.teams),
    configs: new DynamoIntakeConfigStore(documents, tables.teams),
    messaging: new DynamoMessagingConfigStore(documents, tables.teams),
    schedulers: new DynamoSchedulerConfigStore(documents, tables.teams),
    fieldService: new DynamoFieldServiceConfigStore(documents, tables.teams),
    campaigns: new DynamoCampaignStore(documents, tables.campaigns),
    outbound: new DynamoOutboundFeedStore(documents, tables.campaigns),
    sessions: new DynamoSessionStore(documents, tables.sessions),
    rollups: new DynamoRollupStore(documents, tables.rollups),
    rubrics: new DynamoRubricStore(documents, tables.teams),
    limits: new DynamoRateLimitStore(documents, tables.limits),
  };
}

/**
 * Opens `<dataDir>/dynamodb` with the embedded emulator, the way `npm start` does (table prefix `local`).
 * Its client is the CLI's own: the emulator, and so the client, lives only as long as this run.
 */
async function openLocalData(dataDir: string): Promise<Target> {
  mkdirSync(dataDir, { recursive: true });
  await assertNotLocked(path.join(dataDir, 'dynamodb'));
  const { ensureTables, startLocalDynamo } = await import('../../local/dynamodb/embedded');
  const dynamo = await startLocalDynamo({ dataDir });
  try {
    const names = await ensureTables(dynamo.endpoint, 'local');
    const documents = createDocumentClient({ DYNAMODB_ENDPOINT: dynamo.endpoint, AWS_REGION: 'local' });
    return {
      ...stores(documents, names),
      deployed: false,
      async close() {
        documents.destroy();
        await dynamo.stop();
      },
    };
  } catch (error) {
    await dynamo.stop().catch(() => undefined);
    throw error;
  }
}

/**
 * LevelDB lets one process open a folder. The emulator reports a held lock only when the first
 * request fails (and then crashes the process), so the folder is probed first with the same LevelDB
 * binding the emulator uses.
 */
async function assertNotLocked(levelDir: string): Promise<void> {
  let Level: typeof import('level').Level;
  try {
    ({ Level } = await import('level'));
  } catch {
    return; // Without the binding there is nothing to probe with; the emulator will report.
  }
  mkdirSync(levelDir, { recursive: true });
  const db = new Level(levelDir);
  try {
    await db.open();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code === 'LEVEL_LOCKED') {
      throw new LocalDataLockedError(
        `the local data folder ${path.dirname(levelDir)} is in use by another process (probably \`npm start\`). ` +
          'Stop the service and run the command again, or point DYNAMODB_ENDPOINT at its DynamoDB endpoint ' +
          '(TABLE_TEAMS defaults to local-teams).',
      );
    }
    throw error;
  } finally {
    await db.close().catch(() => undefined);
  }
}

/**
 * The local gateway's epoch always; the REST API stages' caches when READ_API_ID, PLATFORM_API_ID and
 * INTAKE_API_ID are set, which a deployed stack requires (else the revocation would wait for the TTL).
 */
export function authorizerCachesOf(target: Target, env: Env, flush: FlushOptions): { name: string; cache: AuthorizerCache }[] {
  const caches: { name: string; cache: AuthorizerCache }[] = [{ name: 'local gateway (authorizer-cache epoch)', cache: target.epoch }];
  const { stages, missing } = apiStagesFromEnv(env);
  if (missing.length > 0 && (target.deployed || stages.length > 0)) {
    throw new UsageError(
      `set ${missing.join(', ')} (the stack outputs ReadApiId, PlatformApiId, IntakeApiId): revoking a key flushes the ` +
        'authorizer caches of every REST API stage, or the key would keep working up to 300 s',
    );
  }
  if (stages.length > 0) {
    caches.push({
      name: `API Gateway stages ${stages.map((s) => `${s.restApiId}/${s.stageName}`).join(', ')} (flushed twice, ${AUTHORIZER_TIMEOUT_SECONDS} s apart)`,
      cache: new ApiGatewayAuthorizerCache({ stages, client: flush.apiGateway, sleep: flush.sleep }),
    });
  }
  return caches;
}

/**
 * Where `key create` registers a new key's usage identifier: the stack's usage plan on a deployed
 * stack (USAGE_PLAN_ID, the output UsagePlanId; without it the key would get API Gateway's 403 on
 * every request), nothing locally (the local gateway has no usage plans).
 */
export function usagePlanOf(target: Target, env: Env, options: FlushOptions): ApiGatewayUsagePlanKeys | null {
  const usagePlanId = env[USAGE_PLAN_ENV];
  if (usagePlanId) return new ApiGatewayUsagePlanKeys(usagePlanId, options.usagePlanClient);
  if (target.deployed) {
    throw new UsageError(
      `set ${USAGE_PLAN_ENV} (the stack output UsagePlanId): a deployed stack accepts a key only once it is registered in the usage plan`,
    );
  }
  return null;
}

import { APIGatewayClient, FlushStageAuthorizersCacheCommand } from '@aws-sdk/client-api-gateway';
import { API_ID_ENV, API_STAGE_ENV, AUTHORIZER_TIMEOUT_SECONDS } from '#shared/auth/authorizer-settings';
import type { AuthorizerCache } from '#shared/ports/authorizer-cache';

/** A deployed REST API stage. */
export interface ApiStage {
  readonly restApiId: string;
  readonly stageName: string;
}

/** The slice of the API Gateway client the flush uses (a fake implements it in tests). */
export interface FlushClient {
  send(command: FlushStageAuthorizersCacheCommand): Promise<unknown>;
}

export interface ApiGatewayAuthorizerCacheOptions {
  readonly stages: readonly ApiStage[];
  /** @default a new APIGatewayClient (default credential chain and region) */
  readonly client?: FlushClient;
  /**
   * Wait between the two flushes: the longest an authorization that began before the revocation can
   * take to return (and be cached).
   * @default AUTHORIZER_TIMEOUT_SECONDS, in milliseconds
   */
  readonly settleMs?: number;
  /** @default setTimeout */
  readonly sleep?: (ms: number) => Promise<void>;
}

/**
 * FlushStageAuthorizersCache on every stage, twice: once at once, and again after the authorizer's
 * timeout, because an authorization that read the key just before it was revoked may return after
 * the first flush and be cached (by then it has returned or timed out).
 */
export class ApiGatewayAuthorizerCache implements AuthorizerCache {
  private readonly client: FlushClient;

  constructor(private readonly options: ApiGatewayAuthorizerCacheOptions) {
    this.client = options.client ?? (new APIGatewayClient({}) as FlushClient);
  }

  async flush(): Promise<void> {
    await this.flushStages();
    const settleMs = this.options.settleMs ?? AUTHORIZER_TIMEOUT_SECONDS * 1000;
    await (this.options.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms))))(settleMs);
    await this.flushStages();
  }

  private async flushStages(): Promise<void> {
    for (const stage of this.options.stages) {
      await this.client.send(new FlushStageAuthorizersCacheCommand({ restApiId: stage.restApiId, stageName: stage.stageName }));
    }
  }
}

/**
 * The stages to flush, from READ_API_ID, PLATFORM_API_ID, INTAKE_API_ID and API_STAGE_NAME
 * (default `v1`); `missing` lists the variables not set (all of them when none is).
 */
export function apiStagesFromEnv(env: Readonly<Record<string, string | undefined>>): { stages: ApiStage[]; missing: string[] } {
  const stageName = env[API_STAGE_ENV]?.trim() || 'v1';
  const stages: ApiStage[] = [];
  const missing: string[] = [];
  for (const name of Object.values(API_ID_ENV)) {
    const restApiId = env[name]?.trim();
    if (restApiId) stages.push({ restApiId, stageName });
    else missing.push(name);
  }
  return { stages, missing };
}

import type { Surface, TableName } from '#shared/routes';

/**
 * How API Gateway runs the shared REQUEST authorizer on each surface. The CDK stack (lib/api.ts)
 * and the local gateway (local/gateway/server.ts) both read this, so the cache the local gateway keeps is
 * the one API Gateway keeps.
 */
export interface AuthorizerSettings {
  /**
   * The headers the authorizer's result is cached under (API Gateway's identity sources). API
   * Gateway answers 401 without invoking the authorizer when one of them is missing or empty.
   * None: the authorizer runs on every request and nothing is cached.
   */
  readonly identityHeaders: readonly string[];
  /** How long a result is cached; 0 when there are no identity headers. */
  readonly cacheTtlSeconds: number;
}

/**
 * Read and platform: the key travels in Authorization, the cache key; a policy is cached for 300
 * seconds, and revoking a key flushes the stages' caches (bin/admin/keys.ts `key revoke`).
 *
 * Intake: the key may come in Authorization or in X-API-Key. API
 * Gateway answers 401 when any declared identity source is missing (the sources are ANDed), so
 * neither header can be declared, and a cached REQUEST authorizer must declare at least one: the
 * intake authorizer declares none and caches nothing.
 */
export const AUTHORIZER_SETTINGS: Readonly<Record<Surface, AuthorizerSettings>> = {
  read: { identityHeaders: ['Authorization'], cacheTtlSeconds: 300 },
  platform: { identityHeaders: ['Authorization'], cacheTtlSeconds: 300 },
  intake: { identityHeaders: [], cacheTtlSeconds: 0 },
};

/**
 * The tables of the authorizer function, as a route row declares them: it reads keys and records
 * their lastUsedAt (UpdateItem), hence readwrite. The stack binds them; the local runtime gives
 * the authorizer only these.
 */
export const AUTHORIZER_TABLES: readonly { readonly table: TableName; readonly access: 'read' | 'readwrite' }[] = [
  { table: 'teams', access: 'readwrite' },
];

/**
 * The authorizer function's timeout. An authorization that read a key just before its revocation
 * can still be cached up to this long after it; revocation flushes the caches a second time once
 * it has passed.
 */
export const AUTHORIZER_TIMEOUT_SECONDS = 10;

/**
 * The operator CLI's variables naming each REST API (the stack outputs ReadApiId, PlatformApiId,
 * IntakeApiId), whose stage caches `key revoke` flushes.
 */
export const API_ID_ENV: Readonly<Record<Surface, string>> = {
  read: 'READ_API_ID',
  platform: 'PLATFORM_API_ID',
  intake: 'INTAKE_API_ID',
};
/** The operator CLI's variable naming the APIs' stage (the stack output ApiStageName). */
export const API_STAGE_ENV = 'API_STAGE_NAME';
/** The operator CLI's variable naming the usage plan `key create` registers keys in (the stack output UsagePlanId). */
export const USAGE_PLAN_ENV = 'USAGE_PLAN_ID';

import { hashApiKey, isWellFormedKey, sameKeyHash } from '#shared/auth/api-key';
import type { Identity } from '#shared/auth/identity';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import type { ApiKeyRecord } from './tenancy';

/** What resolving a key by its id reads. */
export type KeyResolverStore = Pick<TenancyStore, 'getApiKeyById' | 'getTeam' | 'listEnterpriseTeamIds' | 'listPortfolioEnterpriseIds'>;

export type AuthenticationResult =
  | { readonly ok: true; readonly identity: Identity; readonly record: ApiKeyRecord }
  | { readonly ok: false; readonly reason: 'malformed' | 'unknown' | 'revoked' | 'expired' | 'orphaned' };

/**
 * Authenticates a plaintext key and resolves everything the handlers need to know about it: the
 * teams it reaches (with their test flag) and its permissions. A malformed key is refused before
 * any database read.
 */
export async function authenticateApiKey(store: TenancyStore, key: string, now: Date = new Date()): Promise<AuthenticationResult> {
  if (!isWellFormedKey(key)) return { ok: false, reason: 'malformed' };
  const keyHash = hashApiKey(key);
  const record = await store.getApiKeyByHash(keyHash);
  if (!record || !sameKeyHash(record.keyHash, keyHash)) return { ok: false, reason: 'unknown' };
  return resolveKeyRecord(store, record, now);
}

/** Whether the key's optional expiry has passed: an expired key is refused like a revoked one. */
export function isExpired(expiresAt: string | null | undefined, now: Date): boolean {
  return typeof expiresAt === 'string' && expiresAt !== '' && Date.parse(expiresAt) <= now.getTime();
}

/**
 * Re-resolves a key by its public id (a signed recording link names the key that asked for it):
 * the same checks and identity as authenticateApiKey, read again now, so a key revoked or narrowed
 * since the link was issued no longer reaches anything.
 */
export async function resolveApiKeyById(store: KeyResolverStore, keyId: string, now: Date = new Date()): Promise<AuthenticationResult> {
  const record = await store.getApiKeyById(keyId);
  if (!record) return { ok: false, reason: 'unknown' };
  return resolveKeyRecord(store, record, now);
}

async function resolveKeyRecord(
  store: Omit<KeyResolverStore, 'getApiKeyById'>,
  record: ApiKeyRecord,
  now: Date,
): Promise<AuthenticationResult> {
  if (record.revokedAt) return { ok: false, reason: 'revoked' };
  if (isExpired(record.expiresAt, now)) return { ok: false, reason: 'expired' };

  const anchor = await store.getTeam(record.anchorTeamId);
  if (!anchor) return { ok: false, reason: 'orphaned' };

  let teams: { teamId: number; isTest: boolean }[];
  let portfolioId: number | null = null;
  let enterpriseIds: number[];
  switch (record.scope.kind) {
    case 'team':
      teams = [{ teamId: anchor.id, isTest: anchor.isTest }];
      enterpriseIds = [anchor.enterpriseId];
      break;
    case 'enterprise':
      teams = await store.listEnterpriseTeamIds(record.scope.id);
      enterpriseIds = [record.scope.id];
      break;
    case 'portfolio': {
      portfolioId = record.scope.id;
      enterpriseIds = await store.listPortfolioEnterpriseIds(record.scope.id);
      const lists = await Promise.all(enterpriseIds.map((id) => store.listEnterpriseTeamIds(id)));
      teams = lists.flat();
      break;
    }
  }
  teams.sort((a, b) => a.teamId - b.teamId);

  return {
    ok: true,
    record,
    identity: {
      keyId: record.keyId,
      keyType: record.type,
      scope: record.scope,
      anchorTeamId: record.anchorTeamId,
      enterpriseId: record.scope.kind === 'portfolio' ? null : anchor.enterpriseId,
      portfolioId,
      permissions: record.permissions,
      teamIds: teams.map((t) => t.teamId),
      testTeamIds: teams.filter((t) => t.isTest).map((t) => t.teamId),
      enterpriseIds: [...enterpriseIds].sort((a, b) => a - b),
      keyName: record.name,
      keyPrefix: record.keyPrefix ?? 'service_',
      expiresAt: record.expiresAt ?? null,
      rateLimitPerMinute: record.rateLimitPerMinute ?? null,
      anchorTeamRateLimitPerHour: anchor.rateLimitPerHour ?? null,
      fieldGroups: record.fieldGroups ?? null,
    },
  };
}

import { generateApiKey, hashApiKey, newKeyId } from '#shared/auth/api-key';
import { FIELD_GROUP_NAMES, isFieldGroup } from '#shared/auth/field-groups';
import {
  ALL_PERMISSIONS,
  isKeyType,
  isPermission,
  KEY_TYPES,
  type KeyType,
  type Permission,
  permissionAllowedForKeyType,
} from '#shared/auth/permissions';
import { BadRequestError, NotFoundError } from '#shared/errors';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { type AuditActor, type AuditEntry, newAuditEntry } from './audit-log/entry';
import type { ApiKeyRecord, ApiKeySettings, KeyScope, Team } from './tenancy';

/**
 * Key creation rules, shared by the operator CLI (bin/admin/keys.ts) and the demo seed (local/demo/seed.ts).
 * The plaintext leaves this module once, in the result of createApiKey; only its hash is stored.
 */

/** The slice of the tenancy store key creation needs (a fake implements it in unit tests). */
export type KeyServiceStore = Pick<TenancyStore, 'getTeam' | 'getPortfolio' | 'listPortfolioEnterpriseIds' | 'putApiKey'>;

export interface CreateApiKeyInput {
  /** A label for operators; never used for authorization. */
  readonly name: string;
  /** One of KEY_TYPES; a string so callers can pass raw operator input and get a field-naming error. */
  readonly type: string;
  /** The team the key is created from; a single-team key is locked to it. */
  readonly anchorTeamId: number;
  /** Each one of ALL_PERMISSIONS; duplicates are dropped. */
  readonly permissions: readonly string[];
  /** Required for portfolio_all_teams keys, refused for the other types. */
  readonly portfolioId?: number | null;
  /** ISO instant after which the key is refused (401); must be in the future. Never when absent. */
  readonly expiresAt?: string | null;
  /** The key's own limit per minute instead of the default. */
  readonly rateLimitPerMinute?: number | null;
  /** The field groups the key may see (shared/auth/field-groups.ts); every group when absent. */
  readonly fieldGroups?: readonly string[] | null;
  /** A key the service mints for itself (see ApiKeyRecord.internal); operators' keys never are. */
  readonly internal?: boolean;
}

export interface CreatedApiKey {
  /** `service_` + 64 hex. Shown once: it is not stored and cannot be recovered. */
  readonly plaintext: string;
  readonly record: ApiKeyRecord;
}

const MAX_NAME_LENGTH = 100;

/** Every permission the key type may hold, in the canonical order (what `--permissions all` means). */
export function permissionsAllowedFor(type: KeyType): Permission[] {
  return ALL_PERMISSIONS.filter((permission) => permissionAllowedForKeyType(permission, type));
}

/**
 * Validates the request against the tenancy, then creates and stores the key.
 *
 * Scope follows the type: `enterprise` → the anchor team alone; `enterprise_all_teams` → the anchor
 * team's enterprise; `portfolio_all_teams` → the given portfolio, which must include the anchor
 * team's enterprise. Every refusal is a BadRequestError whose `field` (and message) names the input.
 */
export async function createApiKey(
  store: KeyServiceStore,
  input: CreateApiKeyInput,
  options: KeyChangeOptions = {},
): Promise<CreatedApiKey> {
  const name = input.name.trim();
  if (name === '') throw new BadRequestError('name must not be empty', 'name');
  if (name.length > MAX_NAME_LENGTH) throw new BadRequestError(`name must be at most ${MAX_NAME_LENGTH} characters`, 'name');

  const { type } = input;
  if (!isKeyType(type)) throw new BadRequestError(`type must be one of ${KEY_TYPES.join(', ')}; got '${type}'`, 'type');

  const permissions = validatePermissions(input.permissions, type);

  if (!Number.isInteger(input.anchorTeamId) || input.anchorTeamId <= 0) {
    throw new BadRequestError('anchorTeamId must be a positive integer', 'anchorTeamId');
  }
  const team = await store.getTeam(input.anchorTeamId);
  if (!team) throw new BadRequestError(`anchorTeamId ${input.anchorTeamId} does not name an existing team`, 'anchorTeamId');

  const portfolioId = input.portfolioId ?? null;
  let scope: KeyScope;
  switch (type) {
    case 'enterprise':
      refuseUnusedPortfolio(portfolioId, type);
      scope = { kind: 'team', id: team.id };
      break;
    case 'enterprise_all_teams':
      refuseUnusedPortfolio(portfolioId, type);
      scope = { kind: 'enterprise', id: team.enterpriseId };
      break;
    case 'portfolio_all_teams': {
      if (portfolioId === null) throw new BadRequestError('portfolioId is required for portfolio_all_teams keys', 'portfolioId');
      if (!Number.isInteger(portfolioId) || portfolioId <= 0) {
        throw new BadRequestError('portfolioId must be a positive integer', 'portfolioId');
      }
      if (!(await store.getPortfolio(portfolioId))) {
        throw new BadRequestError(`portfolioId ${portfolioId} does not name an existing portfolio`, 'portfolioId');
      }
      const enterpriseIds = await store.listPortfolioEnterpriseIds(portfolioId);
      if (!enterpriseIds.includes(team.enterpriseId)) {
        throw new BadRequestError(
          `portfolioId ${portfolioId} does not include enterprise ${team.enterpriseId} of anchor team ${team.id}`,
          'portfolioId',
        );
      }
      scope = { kind: 'portfolio', id: portfolioId };
      break;
    }
  }

  const now = options.now ?? new Date();
  const settings = validateKeySettings(
    { expiresAt: input.expiresAt ?? null, rateLimitPerMinute: input.rateLimitPerMinute ?? null, fieldGroups: input.fieldGroups ?? null },
    now,
  );
  const plaintext = generateApiKey();
  const record: ApiKeyRecord = {
    keyId: newKeyId(),
    keyHash: hashApiKey(plaintext),
    name,
    type,
    scope,
    anchorTeamId: team.id,
    permissions,
    createdAt: now.toISOString(),
    lastUsedAt: null,
    revokedAt: null,
    keyPrefix: maskedPrefix(plaintext),
    expiresAt: settings.expiresAt ?? null,
    rateLimitPerMinute: settings.rateLimitPerMinute ?? null,
    fieldGroups: settings.fieldGroups ?? null,
    ...(input.internal === true ? { internal: true } : {}),
  };
  await store.putApiKey(record, keyAuditEntry('key.created', record, team, options.actor, now));
  return { plaintext, record };
}

/** Who changes a key and when; an unnamed actor is the service itself (demo seeds, internal keys). */
export interface KeyChangeOptions {
  readonly now?: Date;
  readonly actor?: AuditActor;
}

function keyAuditEntry(
  action: 'key.created' | 'key.revoked',
  record: ApiKeyRecord,
  team: Team,
  actor: AuditActor | undefined,
  now: Date,
): AuditEntry {
  return newAuditEntry(
    {
      enterpriseId: team.enterpriseId,
      teamIds: [team.id],
      action,
      actor: actor ?? { kind: 'system' },
      target: { type: 'api_key', id: record.keyId },
      // The name is an operator's free text, so it stays out; type, scope and permissions say what the key can do.
      detail: { key_type: record.type, scope: record.scope.kind, permissions: [...record.permissions] },
    },
    now,
  );
}

/**
 * Revokes a key by its public id (idempotent: a revoked key keeps its first revocation instant, and
 * only the first revocation is recorded in the audit log).
 */
export async function revokeApiKey(
  store: Pick<TenancyStore, 'revokeApiKey' | 'getApiKeyById' | 'getTeam'>,
  keyId: string,
  options: KeyChangeOptions = {},
): Promise<ApiKeyRecord> {
  if (!/^key_[0-9a-f]{16}$/.test(keyId)) throw new BadRequestError(`keyId must look like key_ followed by 16 hex characters`, 'keyId');
  const now = options.now ?? new Date();
  const key = await store.getApiKeyById(keyId);
  if (!key) throw new NotFoundError(`no key with keyId ${keyId}`);
  // The anchor team names the enterprise whose log records the change.
  const team = await store.getTeam(key.anchorTeamId);
  if (!team) throw new Error(`key ${keyId} names anchor team ${key.anchorTeamId}, which does not exist`);
  const revoked = await store.revokeApiKey(keyId, now.toISOString(), keyAuditEntry('key.revoked', key, team, options.actor, now));
  if (!revoked) throw new NotFoundError(`no key with keyId ${keyId}`);
  // Never report a revocation the store did not record.
  if (!revoked.revokedAt) throw new Error(`the store did not record the revocation of ${keyId}`);
  return revoked;
}

/** `service_` and the first 4 hex characters: 16 of the key's 256 bits, enough to tell keys apart in a list. */
export function maskedPrefix(plaintext: string): string {
  return plaintext.slice(0, 'service_'.length + 4);
}

/** Changes an existing key's expiry, limit or field groups (`admin key set`); each absent member stays as it is. */
export async function updateKeySettings(
  store: Pick<TenancyStore, 'updateApiKeySettings'>,
  keyId: string,
  changes: ApiKeySettings,
  options: { readonly now?: Date } = {},
): Promise<ApiKeyRecord> {
  if (!/^key_[0-9a-f]{16}$/.test(keyId)) throw new BadRequestError(`keyId must look like key_ followed by 16 hex characters`, 'keyId');
  const updated = await store.updateApiKeySettings(keyId, validateKeySettings(changes, options.now ?? new Date()));
  if (!updated) throw new NotFoundError(`no key with keyId ${keyId}`);
  return updated;
}

/** The largest limit an operator may set: one the counters and the headers can still state exactly. */
const MAX_RATE_LIMIT = 100_000_000;

/** Checks a rate-limit override: a positive integer, or null for the default. */
export function validateRateLimit(value: number | null, field: string): number | null {
  if (value === null) return null;
  if (!Number.isInteger(value) || value <= 0 || value > MAX_RATE_LIMIT) {
    throw new BadRequestError(`${field} must be a whole number from 1 to ${MAX_RATE_LIMIT}`, field);
  }
  return value;
}

function validateKeySettings(changes: ApiKeySettings, now: Date): ApiKeySettings {
  const out: { -readonly [K in keyof ApiKeySettings]: ApiKeySettings[K] } = {};
  if (changes.expiresAt !== undefined) {
    if (changes.expiresAt !== null) {
      const at = Date.parse(changes.expiresAt);
      if (Number.isNaN(at)) throw new BadRequestError('expiresAt must be an ISO 8601 instant (or never)', 'expiresAt');
      if (at <= now.getTime()) throw new BadRequestError('expiresAt must be in the future', 'expiresAt');
      out.expiresAt = new Date(at).toISOString();
    } else {
      out.expiresAt = null;
    }
  }
  if (changes.rateLimitPerMinute !== undefined)
    out.rateLimitPerMinute = validateRateLimit(changes.rateLimitPerMinute, 'rateLimitPerMinute');
  if (changes.fieldGroups !== undefined) {
    if (changes.fieldGroups !== null) {
      const unknown = changes.fieldGroups.filter((g) => !isFieldGroup(g));
      if (unknown.length > 0) {
        throw new BadRequestError(
          `fieldGroups: unknown field group ${unknown.join(', ')}; known: ${FIELD_GROUP_NAMES.join(', ')}`,
          'fieldGroups',
        );
      }
      out.fieldGroups = FIELD_GROUP_NAMES.filter((g) => changes.fieldGroups?.includes(g));
    } else {
      out.fieldGroups = null;
    }
  }
  return out;
}

function validatePermissions(requested: readonly string[], type: KeyType): Permission[] {
  if (requested.length === 0) throw new BadRequestError('permissions must list at least one permission', 'permissions');
  const unknown = requested.filter((p) => !isPermission(p));
  if (unknown.length > 0) {
    throw new BadRequestError(
      `permissions contains unknown permission${unknown.length > 1 ? 's' : ''} ${unknown.map((p) => `'${p}'`).join(', ')}; known: ${ALL_PERMISSIONS.join(', ')}`,
      'permissions',
    );
  }
  const wanted = new Set(requested);
  const permissions = ALL_PERMISSIONS.filter((p) => wanted.has(p));
  const refused = permissions.filter((p) => !permissionAllowedForKeyType(p, type));
  if (refused.length > 0) {
    throw new BadRequestError(`permissions: ${refused.join(', ')} may not be held by ${type} keys`, 'permissions');
  }
  return permissions;
}

function refuseUnusedPortfolio(portfolioId: number | null, type: KeyType): void {
  if (portfolioId !== null) {
    throw new BadRequestError(`portfolioId applies only to portfolio_all_teams keys, not ${type}`, 'portfolioId');
  }
}

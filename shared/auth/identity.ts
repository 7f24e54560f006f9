import type { KeyType, Permission } from './permissions';

/**
 * Who is calling, as resolved by the authorizer. It travels from the authorizer to the handler in
 * API Gateway's authorizer context, which only holds flat string/number/boolean values, hence the
 * encode/decode pair below.
 */
export interface Identity {
  readonly keyId: string;
  readonly keyType: KeyType;
  readonly scope: { readonly kind: 'team' | 'enterprise' | 'portfolio'; readonly id: number };
  readonly anchorTeamId: number;
  readonly enterpriseId: number | null;
  readonly portfolioId: number | null;
  readonly permissions: readonly Permission[];
  /** Every team the key can reach, test teams included. */
  readonly teamIds: readonly number[];
  /** The subset of teamIds that are internal QA/test teams. */
  readonly testTeamIds: readonly number[];
  /** The enterprises the teams belong to (cross-team indexes and rollups are kept per enterprise). */
  readonly enterpriseIds: readonly number[];
  /** The key's label and masked prefix (`service_` and 4 hex characters), for GET /api/v1/me. */
  readonly keyName: string;
  readonly keyPrefix: string;
  /** ISO instant after which the key is refused (checked by the authorizer and again per request); null: never. */
  readonly expiresAt: string | null;
  /** The key's own per-minute limit, null for the default. */
  readonly rateLimitPerMinute: number | null;
  /** The anchor team's own per-hour limit, null for the default (the workspace of the read and intake surfaces). */
  readonly anchorTeamRateLimitPerHour: number | null;
  /** The field groups the key may see (shared/auth/field-groups.ts); null: every field. */
  readonly fieldGroups: readonly string[] | null;
}

export type AuthorizerContext = Record<string, string>;

export function encodeIdentity(identity: Identity): AuthorizerContext {
  return {
    keyId: identity.keyId,
    keyType: identity.keyType,
    scopeKind: identity.scope.kind,
    scopeId: String(identity.scope.id),
    anchorTeamId: String(identity.anchorTeamId),
    enterpriseId: identity.enterpriseId === null ? '' : String(identity.enterpriseId),
    portfolioId: identity.portfolioId === null ? '' : String(identity.portfolioId),
    permissions: identity.permissions.join(' '),
    teamIds: identity.teamIds.join(','),
    testTeamIds: identity.testTeamIds.join(','),
    enterpriseIds: identity.enterpriseIds.join(','),
    keyName: identity.keyName,
    keyPrefix: identity.keyPrefix,
    expiresAt: identity.expiresAt ?? '',
    rateLimitPerMinute: identity.rateLimitPerMinute === null ? '' : String(identity.rateLimitPerMinute),
    anchorTeamRateLimitPerHour: identity.anchorTeamRateLimitPerHour === null ? '' : String(identity.anchorTeamRateLimitPerHour),
    // '*' is every field; an empty string is the core fields alone.
    fieldGroups: identity.fieldGroups === null ? '*' : identity.fieldGroups.join(','),
  };
}

function optionalNumber(value: string): number | null {
  return value === '' ? null : Number(value);
}

function ids(value: string | undefined): number[] {
  if (!value) return [];
  return value.split(',').map(Number);
}

/** Decodes the context the authorizer produced; throws when it is absent (a wiring fault, not a client error). */
export function decodeIdentity(context: Record<string, unknown> | null | undefined): Identity {
  if (!context || typeof context.keyId !== 'string') {
    throw new Error('authorizer context missing');
  }
  const get = (k: string): string => {
    const v = context[k];
    return v === undefined || v === null ? '' : String(v);
  };
  return {
    keyId: get('keyId'),
    keyType: get('keyType') as KeyType,
    scope: { kind: get('scopeKind') as Identity['scope']['kind'], id: Number(get('scopeId')) },
    anchorTeamId: Number(get('anchorTeamId')),
    enterpriseId: get('enterpriseId') === '' ? null : Number(get('enterpriseId')),
    portfolioId: get('portfolioId') === '' ? null : Number(get('portfolioId')),
    permissions: get('permissions').split(' ').filter(Boolean) as Permission[],
    teamIds: ids(get('teamIds')),
    testTeamIds: ids(get('testTeamIds')),
    enterpriseIds: ids(get('enterpriseIds')),
    keyName: get('keyName'),
    keyPrefix: get('keyPrefix') || 'service_',
    expiresAt: get('expiresAt') || null,
    rateLimitPerMinute: optionalNumber(get('rateLimitPerMinute')),
    anchorTeamRateLimitPerHour: optionalNumber(get('anchorTeamRateLimitPerHour')),
    // Absent (a context from before field groups existed) is every field, as '*'.
    fieldGroups: context.fieldGroups === undefined || get('fieldGroups') === '*' ? null : get('fieldGroups').split(',').filter(Boolean),
  };
}

export function hasPermission(identity: Identity, permission: Permission): boolean {
  return identity.permissions.includes(permission);
}

export function isMultiTeamKey(identity: Identity): boolean {
  return identity.keyType !== 'enterprise';
}

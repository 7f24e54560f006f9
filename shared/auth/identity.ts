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
  };
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
  };
}

export function hasPermission(identity: Identity, permission: Permission): boolean {
  return identity.permissions.includes(permission);
}

export function isMultiTeamKey(identity: Identity): boolean {
  return identity.keyType !== 'enterprise';
}

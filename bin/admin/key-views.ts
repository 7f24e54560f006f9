import type { KeyType } from '#shared/auth/permissions';
import { isExpired } from '#shared/domain/identity-resolver';
import { permissionsAllowedFor } from '#shared/domain/key-service';
import type { ApiKeyRecord } from '#shared/domain/tenancy';

/** How the admin CLI recognises and shows an API key: its id's shape, its status, scope, permissions and field groups. */
export const KEY_ID = /^key_[0-9a-f]{16}$/;
export const SHORT_TYPE: Record<KeyType, string> = { enterprise: 'team', enterprise_all_teams: 'ent-all', portfolio_all_teams: 'port-all' };

export function latest(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}

export function statusText(record: Omit<ApiKeyRecord, 'keyHash'>, now: Date): string {
  if (record.revokedAt) return `revoked ${record.revokedAt.slice(0, 10)}`;
  if (record.expiresAt) return `${isExpired(record.expiresAt, now) ? 'expired' : 'expires'} ${record.expiresAt.slice(0, 10)}`;
  return 'active';
}

export function fieldsText(record: Pick<ApiKeyRecord, 'fieldGroups'>): string {
  return record.fieldGroups == null ? 'all' : ['core', ...record.fieldGroups].join(', ');
}

export function permissionsShort(record: Omit<ApiKeyRecord, 'keyHash'>): string {
  const all = permissionsAllowedFor(record.type);
  return record.permissions.length === all.length ? 'all' : `${record.permissions.length}/${all.length}`;
}

/** What may be shown of a key: everything but its hash (and the plaintext, which is never stored). */
export function keyView(record: ApiKeyRecord): Omit<ApiKeyRecord, 'keyHash'> {
  const { keyHash: _hash, ...view } = record;
  return view;
}

export function scopeText(record: ApiKeyRecord): string {
  return `${record.scope.kind} ${record.scope.id}`;
}

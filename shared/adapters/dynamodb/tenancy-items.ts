import { isKeyType, isPermission } from '#shared/auth/permissions';
import type { ApiKeyRecord, Enterprise, KeyScope, Portfolio, Team } from '#shared/domain/tenancy';
import { teamPk } from './keys';
import { type Item, storedAttributes } from './query';

export const KEY_LIST_PK = 'APIKEYS';

/**
 * Items of the teams table this store writes (the schedulers' and field-service configurations
 * have stores of their own):
 * - `PORTFOLIO#<p>` / `META` and `ENTERPRISE#<e>` / `META` (entity), each mirrored in the directory
 *   `DIRECTORY` / `PORTFOLIO#<p>` or `ENTERPRISE#<e>` that lists them;
 * - `PORTFOLIO#<p>` / `ENTERPRISE#<e>`: an enterprise of the portfolio;
 * - `TEAM#<t>` / `META`: the team; `WORKSPACE#<w>` / `META`: the team a workspace id names;
 *   `ENTERPRISE#<e>` / `TEAM#<t>`: a team of the enterprise, with its test flag;
 * - `APIKEY#<hash>` / `META`: a key, listed by the byKeyId index (keyListPk APIKEYS + keyId).
 */
export type GroupItem = {
  readonly pk: string;
  readonly sk: string;
  readonly entity?: 'portfolio' | 'enterprise';
  readonly id: number;
  readonly name: string;
  readonly createdAt: string;
};

type TeamItem = {
  readonly pk: string;
  readonly sk: 'META';
  readonly entity: 'team';
  readonly id: number;
  readonly name: string;
  readonly timezone: string;
  readonly isTest: boolean;
  readonly enterpriseId: number;
  readonly workspaceId: string;
  readonly createdAt: string;
  readonly rateLimitPerHour?: number | null;
  readonly transcriptRetentionDays?: number | null;
  readonly recordingRetentionDays?: number | null;
};

type ApiKeyItem = {
  readonly pk: string;
  readonly sk: 'META';
  readonly entity: 'apiKey';
  readonly keyListPk: typeof KEY_LIST_PK;
  readonly keyId: string;
  readonly keyHash: string;
  readonly name: string;
  readonly type: ApiKeyRecord['type'];
  readonly scope: ApiKeyRecord['scope'];
  readonly anchorTeamId: number;
  readonly permissions: ApiKeyRecord['permissions'];
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
  readonly keyPrefix?: string;
  readonly expiresAt?: string | null;
  readonly rateLimitPerMinute?: number | null;
  readonly fieldGroups?: readonly string[] | null;
  readonly internal?: boolean;
};

export function toGroupItem(pk: string, sk: string, group: Portfolio | Enterprise, entity?: GroupItem['entity']): GroupItem {
  return { pk, sk, ...(entity ? { entity } : {}), id: group.id, name: group.name, createdAt: group.createdAt };
}

/**
 * The reads below decode attribute by attribute (storedAttributes) rather than through a zod schema:
 * the authorizer reads keys and teams here and bundles no zod (ADR 0172).
 */

/** A portfolio or an enterprise, from its META item or its directory entry. */
export function fromGroupItem(stored: Item): Portfolio & Enterprise {
  const item = storedAttributes(stored, 'portfolio or enterprise');
  return { id: item.number('id'), name: item.string('name'), createdAt: item.string('createdAt') };
}

export function toTeamItem(team: Team): TeamItem {
  return {
    pk: teamPk(team.id),
    sk: 'META',
    entity: 'team',
    id: team.id,
    name: team.name,
    timezone: team.timezone,
    isTest: team.isTest,
    enterpriseId: team.enterpriseId,
    workspaceId: team.workspaceId,
    createdAt: team.createdAt,
    ...optionalTeamMembers(team),
  };
}

export function fromTeamItem(stored: Item): Team {
  const item = storedAttributes(stored, 'team');
  // Teams stored before a member existed lack it: absent stays absent.
  const optional = (name: 'rateLimitPerHour' | 'transcriptRetentionDays' | 'recordingRetentionDays') =>
    item.has(name) ? { [name]: item.nullableNumber(name) ?? null } : {};
  return {
    id: item.number('id'),
    name: item.string('name'),
    timezone: item.string('timezone'),
    isTest: item.boolean('isTest'),
    enterpriseId: item.number('enterpriseId'),
    workspaceId: item.string('workspaceId'),
    createdAt: item.string('createdAt'),
    ...optional('rateLimitPerHour'),
    ...optional('transcriptRetentionDays'),
    ...optional('recordingRetentionDays'),
  };
}

/** The optional members of a team, only those it has. */
function optionalTeamMembers(source: Team): Partial<Team> {
  return {
    ...(source.rateLimitPerHour !== undefined ? { rateLimitPerHour: source.rateLimitPerHour } : {}),
    ...(source.transcriptRetentionDays !== undefined ? { transcriptRetentionDays: source.transcriptRetentionDays } : {}),
    ...(source.recordingRetentionDays !== undefined ? { recordingRetentionDays: source.recordingRetentionDays } : {}),
  };
}

/** The optional members of a key, only those it has (keys created before a member existed lack it). */
function optionalKeyMembers(source: ApiKeyRecord): Partial<ApiKeyRecord> {
  return {
    ...(source.keyPrefix !== undefined ? { keyPrefix: source.keyPrefix } : {}),
    ...(source.expiresAt !== undefined ? { expiresAt: source.expiresAt } : {}),
    ...(source.rateLimitPerMinute !== undefined ? { rateLimitPerMinute: source.rateLimitPerMinute } : {}),
    ...(source.fieldGroups !== undefined ? { fieldGroups: source.fieldGroups } : {}),
    ...(source.internal !== undefined ? { internal: source.internal } : {}),
  };
}

export function toApiKeyItem(record: ApiKeyRecord): ApiKeyItem {
  return {
    pk: `APIKEY#${record.keyHash}`,
    sk: 'META',
    entity: 'apiKey',
    keyListPk: KEY_LIST_PK,
    keyId: record.keyId,
    keyHash: record.keyHash,
    name: record.name,
    type: record.type,
    scope: record.scope,
    anchorTeamId: record.anchorTeamId,
    permissions: record.permissions,
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt,
    revokedAt: record.revokedAt,
    ...optionalKeyMembers(record),
  };
}

export function fromApiKeyItem(stored: Item): ApiKeyRecord {
  const item = storedAttributes(stored, 'API key');
  const type = item.string('type');
  return {
    keyId: item.string('keyId'),
    keyHash: item.string('keyHash'),
    name: item.string('name'),
    type: isKeyType(type) ? type : item.fail('type', 'a key type'),
    scope: scopeOf(stored.scope) ?? item.fail('scope', 'a team, enterprise or portfolio scope'),
    anchorTeamId: item.number('anchorTeamId'),
    // A permission no longer offered stays stored but grants nothing.
    permissions: item.strings('permissions').filter(isPermission),
    createdAt: item.string('createdAt'),
    lastUsedAt: item.nullableString('lastUsedAt') ?? null,
    revokedAt: item.nullableString('revokedAt') ?? null,
    ...(item.has('keyPrefix') ? { keyPrefix: item.string('keyPrefix') } : {}),
    ...(item.has('expiresAt') ? { expiresAt: item.nullableString('expiresAt') ?? null } : {}),
    ...(item.has('rateLimitPerMinute') ? { rateLimitPerMinute: item.nullableNumber('rateLimitPerMinute') ?? null } : {}),
    ...(item.has('fieldGroups') ? { fieldGroups: stored.fieldGroups === null ? null : item.strings('fieldGroups') } : {}),
    ...(item.has('internal') ? { internal: item.boolean('internal') } : {}),
  };
}

function scopeOf(value: unknown): KeyScope | null {
  if (typeof value !== 'object' || value === null || !('kind' in value) || !('id' in value)) return null;
  const { kind, id } = value;
  if (typeof id !== 'number') return null;
  return kind === 'team' || kind === 'enterprise' || kind === 'portfolio' ? { kind, id } : null;
}

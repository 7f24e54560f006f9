import type { ApiKeyRecord, Enterprise, Portfolio, Team } from '#shared/domain/tenancy';
import { teamPk } from './keys';

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

/** A portfolio or an enterprise, from its META item or its directory entry. */
export function fromGroupItem(stored: Record<string, unknown>): Portfolio & Enterprise {
  const item = stored as GroupItem;
  return { id: item.id, name: item.name, createdAt: item.createdAt };
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

export function fromTeamItem(stored: Record<string, unknown>): Team {
  const item = stored as TeamItem;
  return {
    id: item.id,
    name: item.name,
    timezone: item.timezone,
    isTest: item.isTest,
    enterpriseId: item.enterpriseId,
    workspaceId: item.workspaceId,
    createdAt: item.createdAt,
    ...optionalTeamMembers(item),
  };
}

/** The optional members of a team, only those it has (teams stored before a member existed lack it). */
function optionalTeamMembers(source: Team | TeamItem): Partial<Team> {
  return {
    ...(source.rateLimitPerHour !== undefined ? { rateLimitPerHour: source.rateLimitPerHour } : {}),
    ...(source.transcriptRetentionDays !== undefined ? { transcriptRetentionDays: source.transcriptRetentionDays } : {}),
    ...(source.recordingRetentionDays !== undefined ? { recordingRetentionDays: source.recordingRetentionDays } : {}),
  };
}

/** The optional members of a key, only those it has (keys created before a member existed lack it). */
function optionalKeyMembers(source: ApiKeyRecord | ApiKeyItem): Partial<ApiKeyRecord> {
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

export function fromApiKeyItem(stored: Record<string, unknown>): ApiKeyRecord {
  const item = stored as ApiKeyItem;
  return {
    keyId: item.keyId,
    keyHash: item.keyHash,
    name: item.name,
    type: item.type,
    scope: item.scope,
    anchorTeamId: item.anchorTeamId,
    permissions: item.permissions,
    createdAt: item.createdAt,
    lastUsedAt: item.lastUsedAt ?? null,
    revokedAt: item.revokedAt ?? null,
    ...optionalKeyMembers(item),
  };
}

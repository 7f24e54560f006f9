import type { KeyType, Permission } from '#shared/auth/permissions';

export interface Portfolio {
  readonly id: number;
  readonly name: string;
  readonly createdAt: string;
}

export interface Enterprise {
  readonly id: number;
  readonly name: string;
  readonly createdAt: string;
}

/** The longest X-Workspace-ID there can be; a longer one names no team (and never reaches a key in DynamoDB). */
export const WORKSPACE_ID_MAX_LENGTH = 128;

export interface Team {
  readonly id: number;
  readonly name: string;
  /** IANA time zone, e.g. America/Chicago. */
  readonly timezone: string;
  /** Internal QA/test team: left out of multi-team aggregations unless asked for. */
  readonly isTest: boolean;
  readonly enterpriseId: number;
  /** Addresses the team on the platform surface (X-Workspace-ID). */
  readonly workspaceId: string;
  readonly createdAt: string;
  /** Operator override of the per-workspace hourly limit (`admin team limits`); the default when absent. */
  readonly rateLimitPerHour?: number | null;
  /** Days a call's transcript is kept (`admin team set`, ADR 0166); kept as long as the call when absent or null. */
  readonly transcriptRetentionDays?: number | null;
  /** Days a call's recording reference is kept (`admin team set`); kept as long as the call when absent or null. */
  readonly recordingRetentionDays?: number | null;
}

/** Where a team's rows are placed in cross-team indexes and rollups. */
export interface TeamPlacement {
  readonly enterpriseId: number;
  readonly isTest: boolean;
}

export type KeyScope =
  | { readonly kind: 'team'; readonly id: number }
  | { readonly kind: 'enterprise'; readonly id: number }
  | { readonly kind: 'portfolio'; readonly id: number };

export interface ApiKeyRecord {
  readonly keyId: string;
  readonly keyHash: string;
  readonly name: string;
  readonly type: KeyType;
  readonly scope: KeyScope;
  /** The team the key was created from. */
  readonly anchorTeamId: number;
  readonly permissions: readonly Permission[];
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
  /** `service_` and the key's first 4 hex characters: enough to tell keys apart, nothing to guess with (absent on keys created before it was kept). */
  readonly keyPrefix?: string;
  /** After this instant the key answers 401 like a revoked one; never when absent or null. */
  readonly expiresAt?: string | null;
  /** Operator override of the per-key limit per minute; the default when absent or null. */
  readonly rateLimitPerMinute?: number | null;
  /** The field groups the key may see in responses (shared/auth/field-groups.ts); every field when absent or null. */
  readonly fieldGroups?: readonly string[] | null;
  /**
   * Minted by the service for itself, not for a person (the local sandbox's call-report keys):
   * `admin key list` hides it unless `--all`. Absent on every other key.
   */
  readonly internal?: boolean;
}

/** What an operator may change on a key after its creation (`admin key set`). */
export type ApiKeySettings = Partial<Pick<ApiKeyRecord, 'expiresAt' | 'rateLimitPerMinute' | 'fieldGroups'>>;

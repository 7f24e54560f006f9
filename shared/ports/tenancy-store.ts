import type { AuditEntry } from '#shared/domain/audit-log/entry';
import type { ApiKeyRecord, ApiKeySettings, Enterprise, Portfolio, Team } from '#shared/domain/tenancy';

/** Tenancy and key storage. Implemented on DynamoDB (shared/adapters/dynamodb/tenancy-store.ts). */
export interface TenancyStore {
  createPortfolio(input: { name: string }): Promise<Portfolio>;
  createEnterprise(input: { name: string }): Promise<Enterprise>;
  addEnterpriseToPortfolio(portfolioId: number, enterpriseId: number): Promise<void>;
  createTeam(input: Omit<Team, 'id' | 'createdAt'>): Promise<Team>;
  getPortfolio(id: number): Promise<Portfolio | null>;
  getEnterprise(id: number): Promise<Enterprise | null>;
  getTeam(id: number): Promise<Team | null>;
  getTeams(ids: readonly number[]): Promise<Team[]>;
  getTeamByWorkspace(workspaceId: string): Promise<Team | null>;
  listEnterpriseTeamIds(enterpriseId: number): Promise<{ teamId: number; isTest: boolean }[]>;
  listPortfolioEnterpriseIds(portfolioId: number): Promise<number[]>;
  listPortfolios(): Promise<Portfolio[]>;
  listEnterprises(): Promise<Enterprise[]>;
  /**
   * Stores a new key and, in the same transaction, the audit entry of its creation (the key service
   * always passes one; fixtures seeding a store directly may not).
   */
  putApiKey(record: ApiKeyRecord, audit?: AuditEntry): Promise<void>;
  getApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  /** A key by its public id, read consistently (a revocation already written is seen). */
  getApiKeyById(keyId: string): Promise<ApiKeyRecord | null>;
  listApiKeys(): Promise<ApiKeyRecord[]>;
  /** Revokes a key and records `audit` in the same transaction; a key revoked already keeps its first revocation and no entry is written. */
  revokeApiKey(keyId: string, at: string, audit?: AuditEntry): Promise<ApiKeyRecord | null>;
  /** Sets a key's operator settings (each absent member is left as it is); null when there is no such key. */
  updateApiKeySettings(keyId: string, changes: ApiKeySettings): Promise<ApiKeyRecord | null>;
  /** Sets (null: clears) a team's per-workspace hourly limit; null when there is no such team. */
  setTeamRateLimit(teamId: number, perHour: number | null): Promise<Team | null>;
  /** Records use; writes at most once per `minIntervalMs` per key. */
  touchApiKey(keyHash: string, at: string, minIntervalMs: number): Promise<void>;
}

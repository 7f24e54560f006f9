import type { ApiKeyRecord, Enterprise, Portfolio, Team } from '#shared/domain/tenancy';

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
  putApiKey(record: ApiKeyRecord): Promise<void>;
  getApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  /** A key by its public id, read consistently (a revocation already written is seen). */
  getApiKeyById(keyId: string): Promise<ApiKeyRecord | null>;
  listApiKeys(): Promise<ApiKeyRecord[]>;
  revokeApiKey(keyId: string, at: string): Promise<ApiKeyRecord | null>;
  /** Records use; writes at most once per `minIntervalMs` per key. */
  touchApiKey(keyHash: string, at: string, minIntervalMs: number): Promise<void>;
}

import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRollupStore } from '#shared/adapters/dynamodb/rollup-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { generateApiKey, hashApiKey, newKeyId } from '#shared/auth/api-key';
import type { KeyType, Permission } from '#shared/auth/permissions';
import type { ApiKeyRecord, Team } from '#shared/domain/tenancy';

/**
 * A small tenancy for authorization tests: a portfolio spanning enterprises A and B, and an
 * outside enterprise C. `own` is the anchor team; `sibling` shares its enterprise; `foreign` is in
 * the other enterprise of the portfolio; `outsider` is outside the portfolio.
 */
export interface TenancyFixture {
  store: DynamoTenancyStore;
  portfolioId: number;
  enterpriseA: number;
  enterpriseB: number;
  teams: { own: Team; sibling: Team; test: Team; foreign: Team; outsider: Team };
  /** A key anchored on `options.team` (default `own`); an `enterprise` key is locked to that team. */
  createKey(
    type: KeyType,
    permissions: readonly Permission[],
    options?: {
      revoked?: boolean;
      team?: Team;
      settings?: Partial<Pick<ApiKeyRecord, 'name' | 'expiresAt' | 'rateLimitPerMinute' | 'fieldGroups'>>;
    },
  ): Promise<string>;
}

let workspaceCounter = 0;

export async function createTenancyFixture(): Promise<TenancyFixture> {
  const store = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
  const portfolio = await store.createPortfolio({ name: 'Portfolio' });
  const a = await store.createEnterprise({ name: 'A' });
  const b = await store.createEnterprise({ name: 'B' });
  const c = await store.createEnterprise({ name: 'C' });
  await store.addEnterpriseToPortfolio(portfolio.id, a.id);
  await store.addEnterpriseToPortfolio(portfolio.id, b.id);
  const team = (name: string, enterpriseId: number, isTest = false) =>
    store.createTeam({ name, timezone: 'America/New_York', isTest, enterpriseId, workspaceId: `ws_fixture_${++workspaceCounter}` });
  const teams = {
    own: await team('Own', a.id),
    sibling: await team('Sibling', a.id),
    test: await team('QA', a.id, true),
    foreign: await team('Foreign', b.id),
    outsider: await team('Outsider', c.id),
  };
  // New teams and enterprises have no history: their rollups start complete, as `admin team create` marks them.
  const rollups = new DynamoRollupStore(getDocumentClient(), physicalTableName('rollups'));
  for (const enterpriseId of [a.id, b.id, c.id]) await rollups.markComplete({ kind: 'enterprise', enterpriseId });
  for (const t of Object.values(teams)) await rollups.markComplete({ kind: 'team', teamId: t.id });
  return {
    store,
    portfolioId: portfolio.id,
    enterpriseA: a.id,
    enterpriseB: b.id,
    teams,
    async createKey(type, permissions, options = {}) {
      const key = generateApiKey();
      const now = new Date().toISOString();
      const anchor = options.team ?? teams.own;
      await store.putApiKey({
        keyId: newKeyId(),
        keyHash: hashApiKey(key),
        name: `${type} test key`,
        type,
        scope:
          type === 'enterprise'
            ? { kind: 'team', id: anchor.id }
            : type === 'enterprise_all_teams'
              ? { kind: 'enterprise', id: anchor.enterpriseId }
              : { kind: 'portfolio', id: portfolio.id },
        anchorTeamId: anchor.id,
        permissions,
        createdAt: now,
        lastUsedAt: null,
        revokedAt: options.revoked ? now : null,
        keyPrefix: key.slice(0, 12),
        ...options.settings,
      });
      return key;
    },
  };
}

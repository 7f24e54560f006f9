import { hashApiKey, isWellFormedKey } from '#shared/auth/api-key';
import type { Permission } from '#shared/auth/permissions';
import type { AuditEntry } from '#shared/domain/audit-log/entry';
import { createApiKey, type KeyServiceStore, permissionsAllowedFor, revokeApiKey } from '#shared/domain/key-service';
import type { ApiKeyRecord, Portfolio, Team } from '#shared/domain/tenancy';
import { BadRequestError, NotFoundError } from '#shared/errors';
import { toHttpError } from '#shared/http/errors';

/** In-memory tenancy: enterprise 10 (teams 1, 2) and 20 (team 3); portfolio 100 holds enterprise 10 only. */
class FakeTenancy implements KeyServiceStore {
  readonly keys: ApiKeyRecord[] = [];
  private readonly teams = new Map<number, Team>([
    [1, team(1, 10)],
    [2, team(2, 10)],
    [3, team(3, 20)],
  ]);
  private readonly portfolios = new Map<number, { portfolio: Portfolio; enterpriseIds: number[] }>([
    [100, { portfolio: { id: 100, name: 'Holdings', createdAt: '2026-01-01T00:00:00.000Z' }, enterpriseIds: [10] }],
  ]);

  async getTeam(id: number) {
    return this.teams.get(id) ?? null;
  }
  async getPortfolio(id: number) {
    return this.portfolios.get(id)?.portfolio ?? null;
  }
  async listPortfolioEnterpriseIds(id: number) {
    return this.portfolios.get(id)?.enterpriseIds ?? [];
  }
  readonly audit: AuditEntry[] = [];
  async putApiKey(record: ApiKeyRecord, entry?: AuditEntry) {
    this.keys.push(record);
    if (entry) this.audit.push(entry);
  }
  async getApiKeyById(keyId: string) {
    return this.keys.find((k) => k.keyId === keyId) ?? null;
  }
  async revokeApiKey(keyId: string, at: string, entry?: AuditEntry) {
    const index = this.keys.findIndex((k) => k.keyId === keyId);
    const found = this.keys[index];
    if (!found) return null;
    // As the store: the entry is written with the change, so a second revocation records nothing.
    if (found.revokedAt === null && entry) this.audit.push(entry);
    const revoked = { ...found, revokedAt: found.revokedAt ?? at };
    this.keys[index] = revoked;
    return revoked;
  }
}

function team(id: number, enterpriseId: number): Team {
  return {
    id,
    name: `Team ${id}`,
    timezone: 'America/New_York',
    isTest: false,
    enterpriseId,
    workspaceId: `ws_${id}`,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const base = { name: 'Integration key', anchorTeamId: 1, permissions: ['read:leads'] as string[] };

async function expectRefusal(store: FakeTenancy, input: Parameters<typeof createApiKey>[1], field: string): Promise<void> {
  const attempt = createApiKey(store, input);
  await expect(attempt).rejects.toBeInstanceOf(BadRequestError);
  // As the HTTP layer answers it.
  await expect(attempt.catch(toHttpError)).resolves.toMatchObject({ statusCode: 400, field, message: expect.stringContaining(field) });
  expect(store.keys).toHaveLength(0);
}

describe('createApiKey', () => {
  let store: FakeTenancy;

  beforeEach(() => {
    store = new FakeTenancy();
  });

  it('locks an enterprise key to its anchor team and stores only the hash of the key', async () => {
    const { plaintext, record } = await createApiKey(store, { ...base, type: 'enterprise' });

    expect(isWellFormedKey(plaintext)).toBe(true);
    expect(record.scope).toEqual({ kind: 'team', id: 1 });
    expect(record.keyHash).toBe(hashApiKey(plaintext));
    expect(record.keyId).toMatch(/^key_[0-9a-f]{16}$/);
    expect(record).toMatchObject({ anchorTeamId: 1, type: 'enterprise', lastUsedAt: null, revokedAt: null });
    expect(store.keys).toEqual([record]);
    expect(JSON.stringify(store.keys)).not.toContain(plaintext);
  });

  it("scopes an enterprise_all_teams key to the anchor team's enterprise", async () => {
    const { record } = await createApiKey(store, { ...base, anchorTeamId: 2, type: 'enterprise_all_teams' });

    expect(record.scope).toEqual({ kind: 'enterprise', id: 10 });
  });

  it("scopes a portfolio_all_teams key to a portfolio that includes the anchor team's enterprise", async () => {
    const { record } = await createApiKey(store, { ...base, type: 'portfolio_all_teams', portfolioId: 100 });

    expect(record.scope).toEqual({ kind: 'portfolio', id: 100 });
  });

  it('grants read:support_tickets to an enterprise_all_teams key', async () => {
    const { record } = await createApiKey(store, { ...base, type: 'enterprise_all_teams', permissions: ['read:support_tickets'] });

    expect(record.permissions).toEqual(['read:support_tickets']);
  });

  it('drops duplicate permissions and keeps them in the canonical order', async () => {
    const { record } = await createApiKey(store, {
      ...base,
      type: 'enterprise',
      permissions: ['write:leads', 'read:leads', 'read:calls', 'read:leads'],
    });

    expect(record.permissions).toEqual(['read:calls', 'read:leads', 'write:leads']);
  });

  it('returns a different key each time and stamps the creation instant', async () => {
    const now = new Date('2026-03-01T12:00:00.000Z');

    const first = await createApiKey(store, { ...base, type: 'enterprise' }, { now });
    const second = await createApiKey(store, { ...base, type: 'enterprise' }, { now });

    expect(first.plaintext).not.toBe(second.plaintext);
    expect(first.record.createdAt).toBe('2026-03-01T12:00:00.000Z');
  });

  it('refuses an anchor team that does not exist, naming anchorTeamId', async () => {
    await expectRefusal(store, { ...base, anchorTeamId: 999, type: 'enterprise' }, 'anchorTeamId');
  });

  it('refuses an anchor team id that is not a positive integer, naming anchorTeamId', async () => {
    await expectRefusal(store, { ...base, anchorTeamId: 0, type: 'enterprise' }, 'anchorTeamId');
  });

  it('refuses an unknown key type, naming type', async () => {
    await expectRefusal(store, { ...base, type: 'team' }, 'type');
  });

  it('refuses an unknown permission, naming permissions and the permission', async () => {
    const attempt = createApiKey(store, { ...base, type: 'enterprise', permissions: ['read:leads', 'read:everything'] });

    await expect(attempt).rejects.toMatchObject({ field: 'permissions', message: expect.stringContaining("'read:everything'") });
    expect(store.keys).toHaveLength(0);
  });

  it('refuses an empty permission list, naming permissions', async () => {
    await expectRefusal(store, { ...base, type: 'enterprise', permissions: [] }, 'permissions');
  });

  it.each(['enterprise', 'portfolio_all_teams'])('refuses read:support_tickets on a %s key, naming permissions', async (type) => {
    await expectRefusal(
      store,
      { ...base, type, permissions: ['read:support_tickets'], portfolioId: type === 'portfolio_all_teams' ? 100 : undefined },
      'permissions',
    );
  });

  it('refuses a portfolio_all_teams key without a portfolio, naming portfolioId', async () => {
    await expectRefusal(store, { ...base, type: 'portfolio_all_teams' }, 'portfolioId');
  });

  it('refuses a portfolio that does not exist, naming portfolioId', async () => {
    await expectRefusal(store, { ...base, type: 'portfolio_all_teams', portfolioId: 404 }, 'portfolioId');
  });

  it("refuses a portfolio that does not include the anchor team's enterprise, naming portfolioId", async () => {
    await expectRefusal(store, { ...base, anchorTeamId: 3, type: 'portfolio_all_teams', portfolioId: 100 }, 'portfolioId');
  });

  it.each(['enterprise', 'enterprise_all_teams'])('refuses a portfolio on a %s key, naming portfolioId', async (type) => {
    await expectRefusal(store, { ...base, type, portfolioId: 100 }, 'portfolioId');
  });

  it('refuses an empty name, naming name', async () => {
    await expectRefusal(store, { ...base, name: '  ', type: 'enterprise' }, 'name');
  });
});

describe('permissionsAllowedFor', () => {
  it('gives read:support_tickets to enterprise_all_teams keys only', () => {
    const has = (permissions: Permission[]) => permissions.includes('read:support_tickets');

    expect(has(permissionsAllowedFor('enterprise_all_teams'))).toBe(true);
    expect(has(permissionsAllowedFor('enterprise'))).toBe(false);
    expect(has(permissionsAllowedFor('portfolio_all_teams'))).toBe(false);
    expect(permissionsAllowedFor('enterprise')).toContain('write:leads');
  });
});

describe('createApiKey audit entry', () => {
  it('records key.created with the actor, the anchor team and what the key may do, never its name', async () => {
    const store = new FakeTenancy();
    const now = new Date('2026-02-01T00:00:00.000Z');

    const { record } = await createApiKey(
      store,
      { ...base, type: 'enterprise_all_teams', name: 'Jane Doe reporting' },
      {
        now,
        actor: { kind: 'operator', osUser: 'deploy' },
      },
    );

    expect(store.audit).toHaveLength(1);
    const [entry] = store.audit;
    expect(entry).toMatchObject({
      action: 'key.created',
      enterpriseId: 10,
      teamIds: [record.anchorTeamId],
      actor: { kind: 'operator', osUser: 'deploy' },
      target: { type: 'api_key', id: record.keyId },
      detail: { key_type: 'enterprise_all_teams', scope: 'enterprise', permissions: record.permissions },
      at: now.toISOString(),
    });
    expect(JSON.stringify(entry)).not.toContain('Jane');
  });

  it('records the service itself when no actor is named', async () => {
    const store = new FakeTenancy();
    await createApiKey(store, { ...base, type: 'enterprise' });
    expect(store.audit[0]?.actor).toEqual({ kind: 'system' });
  });
});

describe('revokeApiKey', () => {
  it('sets revokedAt and keeps the first instant when revoked again', async () => {
    const store = new FakeTenancy();
    const { record } = await createApiKey(store, { ...base, type: 'enterprise' });

    const first = await revokeApiKey(store, record.keyId, { now: new Date('2026-03-01T00:00:00.000Z') });
    const again = await revokeApiKey(store, record.keyId, { now: new Date('2026-03-02T00:00:00.000Z') });

    expect(first.revokedAt).toBe('2026-03-01T00:00:00.000Z');
    expect(again.revokedAt).toBe('2026-03-01T00:00:00.000Z');
  });

  it('records the first revocation in the enterprise of the anchor team, with who revoked it', async () => {
    const store = new FakeTenancy();
    const { record } = await createApiKey(store, { ...base, type: 'enterprise' });
    const at = new Date('2026-03-01T00:00:00.000Z');

    await revokeApiKey(store, record.keyId, { now: at, actor: { kind: 'operator', osUser: 'ops' } });
    await revokeApiKey(store, record.keyId, { now: new Date('2026-03-02T00:00:00.000Z'), actor: { kind: 'operator', osUser: 'ops' } });

    const revocations = store.audit.filter((entry) => entry.action === 'key.revoked');
    expect(revocations).toEqual([
      expect.objectContaining({
        enterpriseId: 10,
        teamIds: [record.anchorTeamId],
        actor: { kind: 'operator', osUser: 'ops' },
        target: { type: 'api_key', id: record.keyId },
        at: at.toISOString(),
      }),
    ]);
  });

  it('answers not found for a key id that does not exist', async () => {
    await expect(revokeApiKey(new FakeTenancy(), 'key_0000000000000000')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a malformed key id, naming keyId', async () => {
    await expect(revokeApiKey(new FakeTenancy(), 'service_abc')).rejects.toMatchObject({ field: 'keyId' });
  });
});

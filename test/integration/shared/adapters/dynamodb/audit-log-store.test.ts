import { auditLogPut, DynamoAuditLogStore } from '#shared/adapters/dynamodb/audit-log-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { transactWrite } from '#shared/adapters/dynamodb/transact';
import { DynamoWebhookStore } from '#shared/adapters/dynamodb/webhook-store';
import { type AuditEntry, newAuditEntry } from '#shared/domain/audit-log/entry';
import { createApiKey, revokeApiKey } from '#shared/domain/key-service';
import type { Team } from '#shared/domain/tenancy';
import { SecretBox } from '#shared/domain/webhooks/signing';
import { createSubscription, deleteSubscription, enableSubscription, rotateSecret } from '#shared/domain/webhooks/subscriptions';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { createTenancyFixture, type TenancyFixture } from '../../../../support/tenancy-fixture';

/**
 * The audit log on the embedded DynamoDB: each key and webhook change writes its entry in the same
 * transaction (a refused change writes none, and a change whose entry cannot be written does not
 * happen); the list reads an enterprise's entries newest first, filtered by time, action and team.
 */
let dynamo: LocalDynamo;
let fixture: TenancyFixture;
let log: DynamoAuditLogStore;
let webhooks: DynamoWebhookStore;
const operator = { kind: 'operator', osUser: 'ops' } as const;

beforeAll(async () => {
  dynamo = await startEmulator();
  fixture = await createTenancyFixture();
  log = new DynamoAuditLogStore(getDocumentClient(), physicalTableName('audit-log'));
  webhooks = new DynamoWebhookStore(getDocumentClient(), physicalTableName('webhooks'));
});
afterAll(() => dynamo.stop());

async function entriesOf(enterpriseId: number, teamIds: readonly number[], more: Partial<Parameters<DynamoAuditLogStore['list']>[0]> = {}) {
  const rows = await log.list({ enterpriseIds: [enterpriseId], teamIds, after: undefined, limit: 100, ...more });
  return rows.map((row) => row.entry);
}

function subscriptionDeps() {
  return { store: webhooks, box: new SecretBox('test key'), allowPrivateTargets: true };
}

describe('key changes', () => {
  it('records key.created and one key.revoked for two revocations, in the anchor team’s enterprise only', async () => {
    const team = fixture.teams.outsider;
    const { record } = await createApiKey(
      fixture.store,
      { name: 'Audit', type: 'enterprise', anchorTeamId: team.id, permissions: ['read:leads'] },
      { actor: operator },
    );
    await revokeApiKey(fixture.store, record.keyId, { actor: operator });
    await revokeApiKey(fixture.store, record.keyId, { actor: operator });

    const mine = (await entriesOf(team.enterpriseId, [team.id])).filter((e) => e.target.id === record.keyId);
    expect(mine.map((e) => e.action)).toEqual(['key.revoked', 'key.created']);
    expect(mine[0]?.actor).toEqual(operator);
    expect((await entriesOf(fixture.enterpriseA, [fixture.teams.own.id])).some((e) => e.target.id === record.keyId)).toBe(false);
  });

  it('stores no key when its entry cannot be written: the two commit together or not at all', async () => {
    const team = fixture.teams.outsider;
    const blocking = newAuditEntry(
      {
        enterpriseId: team.enterpriseId,
        teamIds: [team.id],
        action: 'key.created',
        actor: operator,
        target: { type: 'api_key', id: 'x' },
        detail: {},
      },
      new Date(),
    );
    await transactWrite(getDocumentClient(), { TransactItems: [auditLogPut(blocking)] });
    const before = (await fixture.store.listApiKeys()).length;
    const record = { ...(await anyKeyRecord(team)), keyId: 'key_00000000000000aa' };

    await expect(fixture.store.putApiKey(record, { ...blocking })).rejects.toThrow();

    expect(await fixture.store.listApiKeys()).toHaveLength(before);
  });
});

async function anyKeyRecord(team: Team) {
  const fake = {
    getTeam: async () => team,
    getPortfolio: async () => null,
    listPortfolioEnterpriseIds: async () => [],
    putApiKey: async () => {},
  };
  return (await createApiKey(fake, { name: 'Probe', type: 'enterprise', anchorTeamId: team.id, permissions: ['read:leads'] })).record;
}

describe('webhook changes', () => {
  it('records created, secret_rotated, enabled and deleted, each by the calling key, never the URL', async () => {
    const team = fixture.teams.sibling;
    const actor = { kind: 'key', keyId: 'key_0123456789abcdef' } as const;
    const now = new Date();
    const { subscription } = await createSubscription(
      subscriptionDeps(),
      team,
      { url: 'https://hooks.example.com/t?token=s3cret', events: ['lead.created'] },
      now,
      actor,
    );
    await rotateSecret(subscriptionDeps(), team, subscription.id, now, actor);
    await webhooks.disableSubscription(team.id, subscription.id, 'The endpoint answered 410 Gone');
    await enableSubscription(webhooks, team, subscription.id, actor, now);
    await enableSubscription(webhooks, team, subscription.id, actor, now);
    await deleteSubscription(webhooks, team, subscription.id, actor, now);

    const mine = (await entriesOf(team.enterpriseId, [team.id])).filter((e) => e.target.id === subscription.id);
    expect(mine.map((e) => e.action).sort()).toEqual(['webhook.created', 'webhook.deleted', 'webhook.enabled', 'webhook.secret_rotated']);
    expect(mine.every((e) => e.actor.kind === 'key' && e.actor.keyId === actor.keyId)).toBe(true);
    expect(JSON.stringify(mine)).not.toContain('s3cret');
  });

  it('writes no entry for a refused change (a deleted webhook deleted again)', async () => {
    const team = fixture.teams.sibling;
    const actor = { kind: 'key', keyId: 'key_0123456789abcdee' } as const;
    const { subscription } = await createSubscription(
      subscriptionDeps(),
      team,
      { url: 'https://hooks.example.com/x', events: ['lead.created'] },
      new Date(),
      actor,
    );
    await deleteSubscription(webhooks, team, subscription.id, actor, new Date());

    await expect(deleteSubscription(webhooks, team, subscription.id, actor, new Date())).rejects.toThrow(/No webhook/);

    const deletions = (await entriesOf(team.enterpriseId, [team.id], { action: 'webhook.deleted' })).filter(
      (e) => e.target.id === subscription.id,
    );
    expect(deletions).toHaveLength(1);
  });
});

describe('list', () => {
  const HOUR = 3_600_000;
  const base = Date.now() - 48 * HOUR;
  let enterpriseId: number;
  let teamIds: number[];
  let written: AuditEntry[];

  beforeAll(async () => {
    const enterprise = await fixture.store.createEnterprise({ name: 'Listed' });
    enterpriseId = enterprise.id;
    const first = await fixture.store.createTeam({ name: 'L1', timezone: 'UTC', isTest: false, enterpriseId, workspaceId: 'ws_audit_l1' });
    const second = await fixture.store.createTeam({ name: 'L2', timezone: 'UTC', isTest: false, enterpriseId, workspaceId: 'ws_audit_l2' });
    teamIds = [first.id, second.id];
    written = Array.from({ length: 12 }, (_, i) =>
      newAuditEntry(
        {
          enterpriseId,
          teamIds: [teamIds[i % 2] ?? 0],
          action: i % 3 === 0 ? 'key.created' : 'webhook.created',
          actor: operator,
          target: { type: i % 3 === 0 ? 'api_key' : 'webhook', id: `t${i}` },
          detail: { n: i },
        },
        new Date(base + i * HOUR),
      ),
    );
    await transactWrite(getDocumentClient(), { TransactItems: written.map((entry) => auditLogPut(entry)) });
  });

  it('reads every entry once, newest first, across pages', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const rows = await log.list({ enterpriseIds: [enterpriseId], teamIds, after, limit: 5 });
      const page = rows.slice(0, 5);
      seen.push(...page.map((r) => r.entry.id));
      if (rows.length <= 5) break;
      after = page[page.length - 1]?.position;
    }
    expect(seen).toEqual([...written].reverse().map((e) => e.id));
  });

  it('keeps entries in [start, end), of one action, of the key’s teams', async () => {
    const start = new Date(base + 3 * HOUR).toISOString();
    const end = new Date(base + 9 * HOUR).toISOString();
    const rows = await entriesOf(enterpriseId, [teamIds[0] ?? 0], { start, end, action: 'key.created' });
    const expected = written.filter((e, i) => i >= 3 && i < 9 && e.action === 'key.created' && e.teamIds[0] === teamIds[0]);
    expect(rows.map((e) => e.id)).toEqual(expected.reverse().map((e) => e.id));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('gives another enterprise nothing', async () => {
    expect(await entriesOf(fixture.enterpriseA, teamIds)).toEqual([]);
  });
});

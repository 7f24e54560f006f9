import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { padId } from '#shared/adapters/dynamodb/keys';
import { DynamoRollupStore } from '#shared/adapters/dynamodb/rollup-store';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { ANALYTICS_BLOCKS, computeFunnel } from '#shared/domain/analytics';
import { computeSchedulerAnalytics } from '#shared/domain/analytics-raw';
import { crossTeamFunnelsFromRollups, schedulerAnalyticsFromRollups, teamFunnelFromRollups } from '#shared/domain/rollups/answer';
import { ROLLUP_LAYOUT } from '#shared/domain/rollups/buckets';
import type { LocalDynamo } from '../../../../local/dynamodb/embedded';
import { admin, adminJson, expectRefused } from '../../../support/admin-harness';
import { startEmulator } from '../../../support/emulator';
import { session } from '../../../support/factories';

describe('admin CLI: rollups rebuild', () => {
  let dynamo: LocalDynamo;
  let tenancy: DynamoTenancyStore;
  let stores: { rollups: DynamoRollupStore; sessions: DynamoSessionStore };

  beforeAll(async () => {
    dynamo = await startEmulator();
    tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
    stores = {
      rollups: new DynamoRollupStore(getDocumentClient(), physicalTableName('rollups')),
      sessions: new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions')),
    };
  });
  afterAll(() => dynamo.stop());

  it('marks teams and enterprises it creates complete: they have no history to rebuild', async () => {
    const enterprise = await adminJson<{ id: number }>('enterprise create', '--name', 'Fresh');
    const team = await adminJson<{ id: number }>(
      'team create',
      '--name',
      'Fresh team',
      '--timezone',
      'UTC',
      '--enterprise',
      String(enterprise.id),
    );
    expect(await stores.rollups.isComplete({ kind: 'enterprise', enterpriseId: enterprise.id })).toBe(true);
    expect(await stores.rollups.isComplete({ kind: 'team', teamId: team.id })).toBe(true);
  });

  it('rebuilds an enterprise written before its rollups (and re-places rows written under another placement), with progress', async () => {
    const enterprise = await tenancy.createEnterprise({ name: 'Old data' });
    const teams = await Promise.all(
      ['a', 'b'].map((n) =>
        tenancy.createTeam({
          name: `Old ${n}`,
          timezone: 'UTC',
          isTest: false,
          enterpriseId: enterprise.id,
          workspaceId: `old_${n}_${enterprise.id}`,
        }),
      ),
    );
    const rows = teams.flatMap((team, t) =>
      Array.from({ length: 30 }, (_, i) =>
        session({
          team_id: team.id,
          status: i % 3 === 0 ? 'booked' : 'dropped_off',
          started_at: new Date(Date.UTC(2026, 2, 1 + (i % 5), t * 3 + (i % 24), i)).toISOString(),
        }),
      ),
    );
    // Written under a stale placement (another enterprise), as rows from before a move would be.
    await stores.sessions.putSessions(rows, new Map(teams.map((team) => [team.id, { enterpriseId: 999_999, isTest: true }])));
    const range = { start: '2026-03-01T00:30:00.000Z', end: '2026-03-05T18:00:00.000Z' };

    const run = await admin('rollups', 'rebuild', '--enterprise', String(enterprise.id));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`team ${teams[0]?.id} (1/2): hours`);
    expect(run.stdout).toContain('60 sessions (60 re-placed in the enterprise indexes)');

    for (const team of teams) {
      const raw = computeFunnel(await stores.sessions.readSessionsStartedIn(team.id, range));
      expect(await teamFunnelFromRollups(stores, team.id, range)).toEqual(raw);
    }
    const cross = await crossTeamFunnelsFromRollups(stores, {
      teamIds: teams.map((t) => t.id),
      enterpriseIds: [enterprise.id],
      includeTestTeams: false,
      range,
    });
    expect(cross.map((c) => c.funnel.sessions).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    for (const { teamId, funnel } of cross) {
      expect(funnel).toEqual(computeFunnel(await stores.sessions.readSessionsStartedIn(teamId, range)));
    }
    // A second run rewrites nothing and lands on the same buckets.
    const again = await adminJson<{ restamped: number; sessions: number }>('rollups', 'rebuild', '--team', String(teams[0]?.id));
    expect(again).toMatchObject({ restamped: 0, sessions: 30 });
  });

  it("after a bucket-layout change, ignores the old layout's items and answers from raw rows until the rebuild", async () => {
    const enterprise = await tenancy.createEnterprise({ name: 'Layout change' });
    const team = await tenancy.createTeam({
      name: 'Layout',
      timezone: 'UTC',
      isTest: false,
      enterpriseId: enterprise.id,
      workspaceId: `layout_${enterprise.id}`,
    });
    const rows = Array.from({ length: 40 }, (_, i) =>
      session({
        team_id: team.id,
        status: i % 4 === 0 ? 'booked' : 'pending',
        google_ads: { gclid: `g${i % 7}`, wbraid: i % 5 === 0 ? 'w' : null, gbraid: null },
        started_at: new Date(Date.UTC(2026, 2, 1 + (i % 3), i % 24, i)).toISOString(),
      }),
    );
    await stores.sessions.putSessions(rows, new Map([[team.id, { enterpriseId: enterprise.id, isTest: false }]]));
    // What the previous layout (R1) left: its complete marker and a day bucket in its own encoding.
    const oldPk = `R1#TEAM#${padId(team.id)}`;
    expect(ROLLUP_LAYOUT).not.toBe('R1');
    for (const Item of [
      { pk: oldPk, sk: 'COMPLETE', at: '2026-03-01T00:00:00.000Z' },
      { pk: oldPk, sk: 'D#2026-03-02', fun: '[99,0,0,0,0]', agg: '{}', ads: '[["g1","","",99,0]]' },
    ]) {
      await getDocumentClient().send(new PutCommand({ TableName: physicalTableName('rollups'), Item }));
    }
    const options = {
      start: '2026-03-01T00:00:00.000Z',
      end: '2026-03-05T00:00:00.000Z',
      timezone: 'UTC',
      blocks: ANALYTICS_BLOCKS,
      limit: 10,
      offset: 0,
    };
    const oracle = computeSchedulerAnalytics(await stores.sessions.readSessionsStartedIn(team.id, options), options);
    expect(await stores.rollups.isComplete({ kind: 'team', teamId: team.id })).toBe(false);
    expect(await schedulerAnalyticsFromRollups(stores, team.id, options)).toEqual(oracle);

    expect((await admin('rollups', 'rebuild', '--enterprise', String(enterprise.id))).code).toBe(0);
    expect(await stores.rollups.isComplete({ kind: 'team', teamId: team.id })).toBe(true);
    expect(await stores.rollups.isComplete({ kind: 'enterprise', enterpriseId: enterprise.id })).toBe(true);
    expect(await schedulerAnalyticsFromRollups(stores, team.id, options)).toEqual(oracle);
  });

  it('refuses to guess what to rebuild, naming the flags', async () => {
    expectRefused(await admin('rollups', 'rebuild'), '--team', '--enterprise', '--all');
    expectRefused(await admin('rollups', 'rebuild', '--team', '1', '--all'), 'exactly one');
    expectRefused(await admin('rollups', 'rebuild', '--team', '987654'), '--team 987654 does not name an existing team');
  });
});

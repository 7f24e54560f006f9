import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { ENTERPRISE_SHARDS, enterpriseShardPk, shardOf, teamPk } from '#shared/adapters/dynamodb/keys';
import { DynamoSessionStore, listPartitions } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { SessionRecord, SessionStatus } from '#shared/domain/sessions';
import type { TeamPlacement } from '#shared/domain/tenancy';
import type { PositionedSession, SessionListQuery } from '#shared/ports/session-store';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { session } from '../../../../support/factories';
import { countingClient, listBookingsPerTeam, listSessionsPerTeam } from '../../../../support/per-team-lists';

let dynamo: LocalDynamo;
let store: DynamoSessionStore;
let nextTeam = 1000;
let nextEnterprise = 700_000;

/** Each test team stands alone in an enterprise of the same id. */
function placed(rows: readonly SessionRecord[]): Promise<void> {
  const placements = new Map(rows.map((r) => [r.team_id, { enterpriseId: r.team_id, isTest: false }]));
  return store.putSessions(rows, placements);
}

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));
});
afterAll(() => dynamo.stop());

async function pageThrough(
  read: (after: string | undefined, limit: number) => Promise<PositionedSession[]>,
  limit: number,
): Promise<string[]> {
  const seen: string[] = [];
  let after: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const rows = await read(after, limit);
    const page = rows.slice(0, limit);
    seen.push(...page.map((r) => r.session.session_id));
    if (rows.length <= limit) return seen;
    after = page[page.length - 1]?.position;
  }
  throw new Error('paging did not end');
}

const instants = ['2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z', '2026-03-02T08:30:00.000Z', '2026-03-03T23:59:59.999Z'];

describe('DynamoSessionStore', () => {
  it('pages every matching session exactly once, newest first, with any limit, even when many share an instant', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ at: fc.constantFrom(...instants), team: fc.integer({ min: 0, max: 2 }), booked: fc.boolean() }), {
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 7 }),
        async (specs, limit) => {
          const teams = [nextTeam++, nextTeam++, nextTeam++];
          const rows = specs.map((spec, i) =>
            session({
              session_id: `ses_${String(i).padStart(4, '0')}`,
              team_id: teams[spec.team] as number,
              started_at: spec.at,
              status: spec.booked ? 'booked' : 'pending',
              completed_at: spec.booked ? spec.at : null,
            }),
          );
          await placed(rows);
          const seen = await pageThrough((after, l) => store.listSessions({ teamIds: teams, after, limit: l }), limit);
          const expected = [...rows]
            .sort((a, b) => {
              const ka = `${a.started_at}#${String(a.team_id).padStart(10, '0')}#${a.session_id}`;
              const kb = `${b.started_at}#${String(b.team_id).padStart(10, '0')}#${b.session_id}`;
              return ka < kb ? 1 : -1;
            })
            .map((r) => r.session_id);
          expect(seen).toEqual(expected);
          const bookings = await pageThrough((after, l) => store.listBookings({ teamIds: teams, after, limit: l }), limit);
          expect(bookings.sort()).toEqual(
            rows
              .filter((r) => r.status === 'booked')
              .map((r) => r.session_id)
              .sort(),
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it('includes start_date and excludes end_date', async () => {
    const team = nextTeam++;
    await placed([
      session({ session_id: 'at-start', team_id: team, started_at: '2026-04-01T00:00:00.000Z' }),
      session({ session_id: 'inside', team_id: team, started_at: '2026-04-01T12:00:00.000Z' }),
      session({ session_id: 'at-end', team_id: team, started_at: '2026-04-02T00:00:00.000Z' }),
    ]);
    const rows = await store.listSessions({
      teamIds: [team],
      start: '2026-04-01T00:00:00.000Z',
      end: '2026-04-02T00:00:00.000Z',
      limit: 10,
    });
    expect(rows.map((r) => r.session.session_id)).toEqual(['inside', 'at-start']);
    const analytics = await store.readSessionsStartedIn(team, { start: '2026-04-01T00:00:00.000Z', end: '2026-04-02T00:00:00.000Z' });
    expect(analytics.map((s) => s.session_id).sort()).toEqual(['at-start', 'inside']);
  });

  it('filters by status through the status index and by scheduler with a filter that still fills the page', async () => {
    const team = nextTeam++;
    const rows = Array.from({ length: 30 }, (_, i) =>
      session({
        session_id: `s${String(i).padStart(2, '0')}`,
        team_id: team,
        started_at: `2026-05-01T00:00:${String(i).padStart(2, '0')}.000Z`,
        status: i % 3 === 0 ? 'booked' : 'dropped_off',
        scheduler_id: i % 5 === 0 ? 2 : 1,
      }),
    );
    await placed(rows);
    const booked = await store.listSessions({ teamIds: [team], status: 'booked', limit: 100 });
    expect(booked).toHaveLength(10);
    // limit + 1 rows come back so the caller can tell there is a next page.
    const scheduler2 = await store.listSessions({ teamIds: [team], schedulerId: 2, limit: 3 });
    expect(scheduler2.map((r) => r.session.session_id)).toEqual(['s25', 's20', 's15', 's10']);
  });

  it('never returns another team’s sessions', async () => {
    const mine = nextTeam++;
    const theirs = nextTeam++;
    await placed([session({ session_id: 'mine', team_id: mine }), session({ session_id: 'theirs', team_id: theirs })]);
    const rows = await store.listSessions({ teamIds: [mine], limit: 10 });
    expect(rows.map((r) => r.session.session_id)).toEqual(['mine']);
  });
});

/** Enterprises of live and test teams, as the tenancy store keeps them. */
interface Portfolio {
  readonly enterpriseIds: number[];
  readonly liveTeams: number[];
  readonly testTeams: number[];
  readonly placements: Map<number, TeamPlacement>;
}

function portfolio(shape: readonly { live: number; test: number }[]): Portfolio {
  const p: Portfolio = { enterpriseIds: [], liveTeams: [], testTeams: [], placements: new Map() };
  for (const { live, test } of shape) {
    const enterpriseId = nextEnterprise++;
    p.enterpriseIds.push(enterpriseId);
    for (let i = 0; i < live + test; i++) {
      const team = nextTeam++;
      const isTest = i >= live;
      (isTest ? p.testTeams : p.liveTeams).push(team);
      p.placements.set(team, { enterpriseId, isTest });
    }
  }
  return p;
}

/** The query a list handler makes for a key reaching the whole portfolio (resolveCrossTeamScope). */
function crossTeam(p: Portfolio, includeTestTeams: boolean): Pick<SessionListQuery, 'teamIds' | 'enterprises'> {
  const teamIds = includeTestTeams ? [...p.liveTeams, ...p.testTeams] : p.liveTeams;
  return { teamIds, enterprises: { ids: p.enterpriseIds, includeTestTeams: includeTestTeams && p.testTeams.length > 0 } };
}

type ListRead = (after: string | undefined, limit: number) => Promise<PositionedSession[]>;

/** Pages the store and the old per-team path side by side: every page the same rows at the same positions. */
async function pagesMatch(store: ListRead, oracle: ListRead, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let after: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const [mine, old] = await Promise.all([store(after, limit), oracle(after, limit)]);
    expect(mine.map((r) => [r.session.session_id, r.position])).toEqual(old.map((r) => [r.session.session_id, r.position]));
    const page = mine.slice(0, limit);
    seen.push(...page.map((r) => r.session.session_id));
    if (mine.length <= limit) return seen;
    after = page[page.length - 1]?.position;
  }
  throw new Error('paging did not end');
}

const STATUSES: readonly SessionStatus[] = ['pending', 'booked', 'dropped_off'];

describe('cross-team lists through the enterprise index', () => {
  const table = () => physicalTableName('sessions');

  it('choose the enterprise shards when they are fewer partitions than the teams, else the teams', () => {
    const enterprises = { ids: [1, 2], includeTestTeams: false };
    const teams = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    const liveShards = 2 * ENTERPRISE_SHARDS;
    expect(listPartitions({ teamIds: [7], enterprises })).toEqual({ kind: 'teams', teamIds: [7] });
    expect(listPartitions({ teamIds: teams(8) })).toEqual({ kind: 'teams', teamIds: teams(8) });
    // As many teams as shards: the teams' own partitions (no fewer queries through the shards).
    expect(listPartitions({ teamIds: teams(liveShards), enterprises }).kind).toBe('teams');
    const oneMore = teams(liveShards + 1);
    const shards = Array.from({ length: ENTERPRISE_SHARDS }, (_, s) => s);
    expect(listPartitions({ teamIds: oneMore, enterprises })).toEqual({
      kind: 'enterprise',
      shardPks: shards.map((s) => `ENT#0000000001#LIVE#${s}`).concat(shards.map((s) => `ENT#0000000002#LIVE#${s}`)),
    });
    // Test teams among the teams: their enterprises' TEST shards too, so twice the partitions.
    expect(listPartitions({ teamIds: oneMore, enterprises: { ids: [1, 2], includeTestTeams: true } }).kind).toBe('teams');
    const withTest = listPartitions({
      teamIds: Array.from({ length: 2 * liveShards + 1 }, (_, i) => i),
      enterprises: { ids: [1, 2], includeTestTeams: true },
    });
    expect(withTest.kind === 'enterprise' && withTest.shardPks.filter((pk) => pk.includes('#TEST#'))).toHaveLength(2 * ENTERPRISE_SHARDS);
  });

  it('pages every row exactly once, in order, as the per-team merge does: random teams, enterprises, sessions, filters and page sizes', async () => {
    const paths = { enterprise: 0, teams: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ live: fc.integer({ min: 1, max: 9 }), test: fc.integer({ min: 0, max: 2 }) }), { minLength: 1, maxLength: 3 }),
        fc.array(
          fc.record({
            // Skewed towards one team, so some partitions run dry ahead of the others and are read again.
            team: fc.oneof(fc.constant(0), fc.nat()),
            at: fc.constantFrom(...instants),
            done: fc.constantFrom(...instants),
            ms: fc.integer({ min: 0, max: 2 }),
            status: fc.constantFrom(...STATUSES),
            scheduler: fc.integer({ min: 1, max: 2 }),
          }),
          { maxLength: 100 },
        ),
        fc.record({
          includeTestTeams: fc.boolean(),
          list: fc.constantFrom('sessions', 'status', 'scheduler', 'bookings'),
          // A team of the first enterprise the key does not reach (it joined after the key was resolved).
          stranger: fc.boolean(),
          limit: fc.integer({ min: 1, max: 12 }),
        }),
        async (shape, specs, options) => {
          const p = portfolio(shape);
          const everyTeam = [...p.liveTeams, ...p.testTeams];
          const stranger = nextTeam++;
          if (options.stranger) {
            everyTeam.push(stranger);
            p.placements.set(stranger, { enterpriseId: p.enterpriseIds[0] as number, isTest: false });
          }
          const rows = specs.map((spec, i) => {
            const at = spec.at.replace('.000Z', `.00${spec.ms}Z`);
            return session({
              session_id: `x_${String(i).padStart(4, '0')}`,
              team_id: everyTeam[spec.team % everyTeam.length] as number,
              started_at: at,
              status: spec.status,
              completed_at: spec.status === 'booked' ? spec.done.replace('.000Z', `.00${spec.ms}Z`) : null,
              scheduler_id: spec.scheduler,
            });
          });
          await store.putSessions(rows, p.placements);
          const scope = crossTeam(p, options.includeTestTeams);
          paths[listPartitions(scope).kind]++;
          const client = getDocumentClient();
          const filters =
            options.list === 'status' ? { status: 'booked' as const } : options.list === 'scheduler' ? { schedulerId: 2 } : {};
          const seen =
            options.list === 'bookings'
              ? await pagesMatch(
                  (after, limit) => store.listBookings({ ...scope, after, limit }),
                  (after, limit) => listBookingsPerTeam(client, table(), { teamIds: scope.teamIds, after, limit }),
                  options.limit,
                )
              : await pagesMatch(
                  (after, limit) => store.listSessions({ ...scope, ...filters, after, limit }),
                  (after, limit) => listSessionsPerTeam(client, table(), { teamIds: scope.teamIds, ...filters, after, limit }),
                  options.limit,
                );
          const wanted = new Set(scope.teamIds);
          const expected = rows.filter(
            (r) =>
              wanted.has(r.team_id) &&
              (options.list === 'bookings' || options.list === 'status'
                ? r.status === 'booked'
                : options.list === 'scheduler'
                  ? r.scheduler_id === 2
                  : true),
          );
          expect([...seen].sort()).toEqual(expected.map((r) => r.session_id).sort());
          expect(new Set(seen).size).toBe(seen.length);
        },
      ),
      { numRuns: 40 },
    );
    // Both ways of reading ran.
    expect(paths.enterprise).toBeGreaterThan(0);
    expect(paths.teams).toBeGreaterThan(0);
  });
  /** Sessions spread over the teams, one second apart, newest last; every third booked (completed a minute later). */
  function spread(teams: readonly number[], count: number, prefix: string, schedulerOf: (i: number) => number = () => 1): SessionRecord[] {
    return Array.from({ length: count }, (_, i) => {
      const at = new Date(Date.UTC(2026, 5, 1) + i * 1000).toISOString();
      const booked = i % 3 === 0;
      return session({
        session_id: `${prefix}${String(i).padStart(5, '0')}`,
        team_id: teams[i % teams.length] as number,
        started_at: at,
        status: booked ? 'booked' : i % 3 === 1 ? 'dropped_off' : 'pending',
        completed_at: booked ? new Date(Date.UTC(2026, 5, 1) + i * 1000 + 60_000).toISOString() : null,
        scheduler_id: schedulerOf(i),
      });
    });
  }

  it('reads one page from the enterprise shards: about limit + a few rows per shard, against limit + 1 per team before', async () => {
    const p = portfolio([
      { live: 10, test: 0 },
      { live: 10, test: 0 },
    ]);
    await store.putSessions(spread(p.liveTeams, 600, 'lazy_'), p.placements);
    const counting = countingClient(getDocumentClient());
    const counted = new DynamoSessionStore(counting.client, table());
    const scope = crossTeam(p, false);
    const shards = 2 * ENTERPRISE_SHARDS;

    const page = await counted.listSessions({ ...scope, limit: 50 });
    expect(page).toHaveLength(51);
    expect([...counting.counts.indexes]).toEqual(['byEnterprise']);
    expect(counting.counts.queries).toBeLessThanOrEqual(2 * shards);
    expect(counting.counts.rounds).toBeLessThanOrEqual(3);
    expect(counting.counts.itemsRead).toBeLessThanOrEqual(51 + 4 * shards);

    counting.reset();
    const bookings = await counted.listBookings({ ...scope, limit: 50 });
    expect(bookings).toHaveLength(51);
    expect([...counting.counts.indexes]).toEqual(['enterpriseBookings']);
    expect(counting.counts.itemsRead).toBeLessThanOrEqual(51 + 4 * shards);

    counting.reset();
    const old = await listSessionsPerTeam(counting.client, table(), { teamIds: scope.teamIds, limit: 50 });
    expect(old.map((r) => r.position)).toEqual(page.map((r) => r.position));
    expect(counting.counts.queries).toBe(20);
    expect(counting.counts.itemsRead).toBe(20 * 30);
  });

  it('reads on in few rounds when one enterprise holds every newer row', async () => {
    const p = portfolio([
      { live: 6, test: 0 },
      { live: 6, test: 0 },
      { live: 6, test: 0 },
    ]);
    const hot = p.liveTeams.slice(0, 6);
    const cold = p.liveTeams.slice(6);
    const newer = spread(hot, 300, 'hot_').map((r) => ({ ...r, started_at: r.started_at.replace('2026-06-01', '2026-08-01') }));
    await store.putSessions([...newer, ...spread(cold, 300, 'cold_')], p.placements);
    const counting = countingClient(getDocumentClient());
    const counted = new DynamoSessionStore(counting.client, table());
    const page = await counted.listSessions({ ...crossTeam(p, false), limit: 100 });
    expect(page.map((r) => r.session.session_id)).toEqual(
      newer
        .slice(-101)
        .reverse()
        .map((r) => r.session_id),
    );
    // 3 rounds and 189 rows read when written: the hot shards' pages grow with their share.
    expect(counting.counts.rounds).toBeLessThanOrEqual(4);
    expect(counting.counts.itemsRead).toBeLessThanOrEqual(2 * 101);
  });

  it('leaves the test teams’ partitions unread unless test teams are asked for, and then lists them', async () => {
    const p = portfolio([{ live: 9, test: 2 }]);
    const rows = spread([...p.liveTeams, ...p.testTeams], 110, 'qa_');
    await store.putSessions(rows, p.placements);
    const counting = countingClient(getDocumentClient());
    const counted = new DynamoSessionStore(counting.client, table());
    const partitionsRead: string[] = [];
    const recording = {
      send: (command: { input: { ExpressionAttributeValues?: Record<string, unknown> } }) => {
        partitionsRead.push(String(command.input.ExpressionAttributeValues?.[':pk']));
        return counting.client.send(command as never);
      },
    } as unknown as typeof counting.client;
    const recorded = new DynamoSessionStore(recording, table());
    const testTeams = new Set(p.testTeams);

    const live = await pageThrough((after, limit) => recorded.listSessions({ ...crossTeam(p, false), after, limit }), 7);
    expect(live).toHaveLength(rows.filter((r) => !testTeams.has(r.team_id)).length);
    expect(partitionsRead.every((pk) => pk.includes('#LIVE#'))).toBe(true);
    expect([...counting.counts.indexes]).toEqual(['byEnterprise']);

    // With test teams: 11 teams, 8 shards (LIVE and TEST): still the enterprise index.
    partitionsRead.length = 0;
    const all = await pageThrough((after, limit) => counted.listSessions({ ...crossTeam(p, true), after, limit }), 7);
    expect(all.sort()).toEqual(rows.map((r) => r.session_id).sort());
    const everything = await pageThrough((after, limit) => recorded.listSessions({ ...crossTeam(p, true), after, limit }), 50);
    expect(everything).toHaveLength(rows.length);
    expect(partitionsRead.some((pk) => pk.includes('#TEST#'))).toBe(true);
  });

  it('never returns rows of a team outside the requested teams, and still fills every page', async () => {
    const p = portfolio([{ live: 6, test: 0 }]);
    const [newcomer, ...known] = p.liveTeams as [number, ...number[]];
    // The newcomer's rows are the newest and the most: the merge must read past them.
    const theirs = spread([newcomer], 200, 'new_').map((r) => ({ ...r, started_at: r.started_at.replace('2026-06-01', '2026-07-01') }));
    const ours = spread(known, 40, 'old_');
    await store.putSessions([...theirs, ...ours], p.placements);
    const scope = { teamIds: known, enterprises: { ids: p.enterpriseIds, includeTestTeams: false } };
    expect(listPartitions(scope).kind).toBe('enterprise');
    const first = await store.listSessions({ ...scope, limit: 10 });
    expect(first).toHaveLength(11);
    const seen = await pageThrough((after, limit) => store.listSessions({ ...scope, after, limit }), 10);
    expect(seen).toEqual([...ours].reverse().map((r) => r.session_id));
  });

  it('filters by status through byEnterpriseStatus and by scheduler with a filter, as the per-team path does', async () => {
    const p = portfolio([{ live: 5, test: 0 }]);
    const rows = spread(p.liveTeams, 150, 'flt_', (i) => (i % 7 === 0 ? 2 : 1));
    await store.putSessions(rows, p.placements);
    const scope = crossTeam(p, false);
    const counting = countingClient(getDocumentClient());
    const counted = new DynamoSessionStore(counting.client, table());
    const client = getDocumentClient();

    const booked = await pagesMatch(
      (after, limit) => counted.listSessions({ ...scope, status: 'booked', after, limit }),
      (after, limit) => listSessionsPerTeam(client, table(), { teamIds: scope.teamIds, status: 'booked', after, limit }),
      9,
    );
    expect(booked).toHaveLength(50);
    expect([...counting.counts.indexes]).toEqual(['byEnterpriseStatus']);

    counting.reset();
    const scheduler2 = await pagesMatch(
      (after, limit) => counted.listSessions({ ...scope, schedulerId: 2, after, limit }),
      (after, limit) => listSessionsPerTeam(client, table(), { teamIds: scope.teamIds, schedulerId: 2, after, limit }),
      4,
    );
    expect(scheduler2).toEqual(
      rows
        .filter((r) => r.scheduler_id === 2)
        .reverse()
        .map((r) => r.session_id),
    );
    expect([...counting.counts.indexes]).toEqual(['byEnterprise']);
    // The filter reads the rows it drops: more rows read than returned.
    expect(counting.counts.itemsRead).toBeGreaterThan(counting.counts.itemsReturned);
  });

  it('lists bookings by completion time across enterprises, within the date range', async () => {
    const p = portfolio([
      { live: 5, test: 0 },
      { live: 6, test: 0 },
    ]);
    const rows = spread(p.liveTeams, 120, 'bk_');
    await store.putSessions(rows, p.placements);
    const scope = crossTeam(p, false);
    expect(listPartitions(scope).kind).toBe('enterprise');
    const range = { start: '2026-06-01T00:01:30.000Z', end: '2026-06-01T00:02:30.000Z' };
    const seen = await pagesMatch(
      (after, limit) => store.listBookings({ ...scope, ...range, after, limit }),
      (after, limit) => listBookingsPerTeam(getDocumentClient(), table(), { teamIds: scope.teamIds, ...range, after, limit }),
      3,
    );
    const expected = rows.filter((r) => r.completed_at !== null && r.completed_at >= range.start && r.completed_at < range.end);
    expect(seen).toEqual([...expected].reverse().map((r) => r.session_id));
    expect(seen.length).toBeGreaterThan(10);
  });
});

describe('DynamoSessionStore.restampPlacement', () => {
  it('moves a team’s sessions to its new enterprise and keeps the attributes a widget session adds', async () => {
    const team = nextTeam++;
    const row = session({ team_id: team, session_id: `restamp-${team}`, started_at: '2026-03-04T09:00:00.000Z' });
    await store.putSessions([row], new Map([[team, { enterpriseId: nextEnterprise, isTest: false }]]));
    const client = getDocumentClient();
    const table = physicalTableName('sessions');
    const { Items: before = [] } = await client.send(
      new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': teamPk(team) } }),
    );
    const widgetRow = { ...before[0], token_hash: 'abc123', version: 3, widget: { step: 'slot' } };
    await client.send(new PutCommand({ TableName: table, Item: widgetRow }));

    const moved = nextEnterprise + 1;
    nextEnterprise += 2;
    expect(await store.restampPlacement(team, { enterpriseId: moved, isTest: false })).toBe(1);
    expect(await store.restampPlacement(team, { enterpriseId: moved, isTest: false })).toBe(0);

    const { Items: after = [] } = await client.send(
      new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': teamPk(team) } }),
    );
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      enterpriseId: moved,
      token_hash: 'abc123',
      version: 3,
      widget: { step: 'slot' },
      session_id: row.session_id,
    });
    expect(String(after[0]?.enterprisePk)).toBe(enterpriseShardPk(moved, false, shardOf(row.session_id)));
  });
});

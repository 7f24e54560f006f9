import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSessionStore, listPartitions } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { SessionRecord } from '#shared/domain/sessions';
import type { TeamPlacement } from '#shared/domain/tenancy';
import type { PositionedSession } from '#shared/ports/session-store';
import { runWithConcurrency } from '../local/demo/parallel-writes';
import { generateSessions } from '../local/demo/sessions';
import { ensureTables, startLocalDynamo } from '../local/dynamodb/embedded';
import { countingClient, listBookingsPerTeam } from '../test/support/per-team-lists';
import { median, percentile, ratio, round, type SectionContext, type SectionReport, type Table } from './report';

/**
 * Section 8: a cross-team bookings page (limit 50) for a portfolio of 500 teams (5 enterprises ×
 * 100 teams, a few thousand sessions written through the session store with their placements)
 * beside a single-team page in the same run: the enterprise index with the lazy merge (what
 * GET /api/v1/bookings reads), the teams' partitions with the same lazy merge (what the store reads
 * when the enterprises are many and small), and the old path (one query per team reading up to
 * 51 rows each, the integration tests' oracle). Each page is read through a client that counts its
 * Queries and the items they evaluated (ScannedCount).
 */

const ENTERPRISES = 5;
const TEAMS_PER_ENTERPRISE = 100;
const SESSIONS_PER_TEAM = Number(process.env.BENCH_CROSS_TEAM_SESSIONS_PER_TEAM ?? 8);
/** The single team has enough bookings (≈ 35 % of its sessions) for full pages. */
const SINGLE_TEAM_SESSIONS = 400;
const DAYS = 30;
const LIMIT = 50;
const RUNS = Number(process.env.BENCH_CROSS_TEAM_RUNS ?? 25);
const WARMUP_RUNS = 3;
const WRITE_CONCURRENCY = 8;
const FIRST_ENTERPRISE = 880_001;
const FIRST_TEAM = 881_001;
const SINGLE_TEAM = 889_001;
const TIMEZONE = 'America/Chicago';
export const CROSS_TEAM_TARGET_RATIO = 2;

interface Variant {
  readonly name: string;
  read(after: string | undefined): Promise<PositionedSession[]>;
}

interface Measured {
  readonly name: string;
  readonly ms: number[];
  queries: number;
  rounds: number;
  itemsRead: number;
  itemsReturned: number;
  /** Estimated read capacity: per Query, its items' bytes in 4 KB units, at least one, halved (eventually consistent). */
  rcu: number;
  rows: PositionedSession[];
}

export async function run(ctx: SectionContext): Promise<SectionReport> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dynamo = await startLocalDynamo();
  try {
    await ensureTables(dynamo.endpoint, 'bench');
    const table = physicalTableName('sessions');
    const store = new DynamoSessionStore(getDocumentClient(), table);
    const now = new Date();

    const enterpriseIds = Array.from({ length: ENTERPRISES }, (_, i) => FIRST_ENTERPRISE + i);
    const placements = new Map<number, TeamPlacement>();
    const teamIds: number[] = [];
    for (const [e, enterpriseId] of enterpriseIds.entries()) {
      for (let t = 0; t < TEAMS_PER_ENTERPRISE; t++) {
        const teamId = FIRST_TEAM + e * TEAMS_PER_ENTERPRISE + t;
        teamIds.push(teamId);
        placements.set(teamId, { enterpriseId, isTest: false });
      }
    }
    placements.set(SINGLE_TEAM, { enterpriseId: SINGLE_TEAM, isTest: false });

    const sessions: SessionRecord[] = [
      ...teamIds.flatMap((teamId) =>
        generateSessions({ teamId, timezone: TIMEZONE, count: SESSIONS_PER_TEAM, days: DAYS, seed: teamId, now }),
      ),
      ...generateSessions({ teamId: SINGLE_TEAM, timezone: TIMEZONE, count: SINGLE_TEAM_SESSIONS, days: DAYS, seed: SINGLE_TEAM, now }),
    ];
    ctx.progress(`writing ${sessions.length.toLocaleString('en-US')} sessions of ${teamIds.length + 1} teams through the session store…`);
    const seedStarted = performance.now();
    const batches: SessionRecord[][] = [];
    for (let i = 0; i < sessions.length; i += 25) batches.push(sessions.slice(i, i + 25));
    await runWithConcurrency(
      batches.map((batch) => () => store.putSessions(batch, placements)),
      WRITE_CONCURRENCY,
    );
    const seedMs = performance.now() - seedStarted;
    const portfolioBookings = sessions.filter((s) => s.status === 'booked' && s.team_id !== SINGLE_TEAM).length;
    const singleBookings = sessions.filter((s) => s.status === 'booked' && s.team_id === SINGLE_TEAM).length;

    const counting = countingClient(getDocumentClient());
    const counted = new DynamoSessionStore(counting.client, table);
    const portfolio = { teamIds, enterprises: { ids: enterpriseIds, includeTestTeams: false } };
    const plan = listPartitions(portfolio);
    const partitions = plan.kind === 'enterprise' ? plan.shardPks.length : plan.teamIds.length;
    const variants: Variant[] = [
      { name: 'single team: its partition', read: (after) => counted.listBookings({ teamIds: [SINGLE_TEAM], after, limit: LIMIT }) },
      {
        name: `portfolio: enterprise index, lazy merge (${partitions} shards)`,
        read: (after) => counted.listBookings({ ...portfolio, after, limit: LIMIT }),
      },
      {
        name: `portfolio: team partitions, lazy merge (${teamIds.length})`,
        read: (after) => counted.listBookings({ teamIds, after, limit: LIMIT }),
      },
      {
        name: `portfolio: old path, ${LIMIT + 1} rows × ${teamIds.length} teams`,
        read: (after) => listBookingsPerTeam(counting.client, table, { teamIds, after, limit: LIMIT }),
      },
    ];

    // Page 1 from the top, and page 2 after page 1's cursor, for every variant.
    const firstPages = await Promise.all(variants.map((v) => v.read(undefined)));
    const cursorOf = (rows: PositionedSession[]) => rows[LIMIT - 1]?.position;
    const pages = variants.flatMap((v, i) => [
      { name: `${v.name}, page 1`, read: () => v.read(undefined) },
      { name: `${v.name}, page 2`, read: () => v.read(cursorOf(firstPages[i] ?? [])) },
    ]);
    const measured: Measured[] = pages.map((p) => ({
      name: p.name,
      ms: [],
      queries: 0,
      rounds: 0,
      itemsRead: 0,
      itemsReturned: 0,
      rcu: 0,
      rows: [],
    }));

    ctx.progress(`reading ${pages.length} kinds of page, ${WARMUP_RUNS} + ${RUNS} times each, round robin…`);
    const gc = (globalThis as { gc?: () => void }).gc;
    for (let run = 0; run < WARMUP_RUNS + RUNS; run++) {
      for (const [i, page] of pages.entries()) {
        const m = measured[i] as Measured;
        gc?.();
        counting.reset();
        const started = performance.now();
        const rows = await page.read();
        const elapsed = performance.now() - started;
        if (run < WARMUP_RUNS) continue;
        m.ms.push(elapsed);
        // The same page reads the same rows every time: the counts of the last run stand.
        m.queries = counting.counts.queries;
        m.rounds = counting.counts.rounds;
        m.itemsRead = counting.counts.itemsRead;
        m.itemsReturned = counting.counts.itemsReturned;
        m.rcu = counting.counts.readUnits;
        m.rows = rows;
      }
    }

    const single = measured[0] as Measured;
    const enterprise = measured[2] as Measured;
    const old = measured[6] as Measured;
    const same = (a: Measured, b: Measured) =>
      a.rows.length === b.rows.length &&
      a.rows.every((r, i) => r.position === b.rows[i]?.position && r.session.session_id === b.rows[i]?.session.session_id);
    const allAgree =
      [2, 4].every((i) => same(measured[i] as Measured, measured[6] as Measured)) &&
      [3, 5].every((i) => same(measured[i] as Measured, measured[7] as Measured));

    const singleMedian = median(single.ms);
    const table1: Table = {
      title: `Bookings pages (limit ${LIMIT}): a portfolio of ${teamIds.length} teams (${ENTERPRISES} enterprises × ${TEAMS_PER_ENTERPRISE}) beside one team, embedded DynamoDB`,
      columns: ['page', 'queries', 'rounds', 'items read', 'rows', '≈ RCU', 'median ms', 'p90 ms', '× single (ms)', '× single (items)'],
      rows: measured.map((m) => [
        m.name,
        m.queries,
        m.rounds,
        m.itemsRead,
        m.rows.length,
        round(m.rcu, 1),
        round(median(m.ms), 1),
        round(
          percentile(
            [...m.ms].sort((a, b) => a - b),
            90,
          ),
          1,
        ),
        round(median(m.ms) / singleMedian, 2),
        round(m.itemsRead / single.itemsRead, 2),
      ]),
    };

    const latencyRatio = median(enterprise.ms) / singleMedian;
    const itemsRatio = enterprise.itemsRead / single.itemsRead;
    const roundsRatio = enterprise.rounds / single.rounds;
    const oldLatencyRatio = median(old.ms) / singleMedian;
    const oldItemsRatio = old.itemsRead / single.itemsRead;
    return {
      tables: [table1],
      targets: [
        {
          name: `portfolio bookings page (enterprise index) vs single-team page: median latency`,
          figure: `${ratio(latencyRatio)} (old path ${ratio(oldLatencyRatio, 1)})`,
          target: `≤ ${CROSS_TEAM_TARGET_RATIO}×`,
          met: Number.isFinite(latencyRatio) ? latencyRatio <= CROSS_TEAM_TARGET_RATIO : null,
        },
        {
          name: `portfolio bookings page (enterprise index) vs single-team page: sequential Query rounds`,
          figure: `${enterprise.rounds} vs ${single.rounds} (${ratio(roundsRatio, 1)})`,
          target: `≤ ${CROSS_TEAM_TARGET_RATIO}×`,
          met: Number.isFinite(roundsRatio) ? roundsRatio <= CROSS_TEAM_TARGET_RATIO : null,
        },
        {
          name: `portfolio bookings page (enterprise index) vs single-team page: items read`,
          figure: `${ratio(itemsRatio)} (old path ${ratio(oldItemsRatio, 1)})`,
          target: `≤ ${CROSS_TEAM_TARGET_RATIO}×`,
          met: Number.isFinite(itemsRatio) ? itemsRatio <= CROSS_TEAM_TARGET_RATIO : null,
        },
      ],
      notes: [
        `Wrote ${sessions.length.toLocaleString('en-US')} sessions (${SESSIONS_PER_TEAM} per portfolio team, ${portfolioBookings} portfolio bookings; ${SINGLE_TEAM_SESSIONS} for the single team, ${singleBookings} bookings) over ${DAYS} days through DynamoSessionStore.putSessions in ${(seedMs / 1000).toFixed(1)} s.`,
        `Median and p90 of ${RUNS} reads per page after ${WARMUP_RUNS} warm-up rounds, pages read round robin; 'items read' is the Queries' ScannedCount, '≈ RCU' counts each Query's items at their JSON length in 4 KB units, at least one unit per Query, halved (eventually consistent reads).`,
        `Every portfolio variant returned the same rows as the old path on both pages: ${allAgree ? 'yes' : 'NO'}.`,
        `The embedded DynamoDB answers one request at a time on its own thread, so a page's parallel Queries queue there and its latency here grows with the number of Queries (and the SDK's per-request work on this event loop); in DynamoDB a round's Queries run in parallel, so a page costs about one Query's latency per round: 'rounds' is that figure (a Query sent while none is in flight starts a round).`,
      ],
      figures: {
        teams: teamIds.length,
        enterprises: ENTERPRISES,
        sessions: sessions.length,
        portfolioBookings,
        singleBookings,
        seedMs: Math.round(seedMs),
        pages: Object.fromEntries(
          measured.map((m) => [
            m.name,
            {
              queries: m.queries,
              itemsRead: m.itemsRead,
              rows: m.rows.length,
              rcu: round(m.rcu, 1),
              medianMs: round(median(m.ms), 2),
              ms: m.ms.map((v) => round(v, 2)),
            },
          ]),
        ),
        latencyRatio: round(latencyRatio, 2),
        itemsRatio: round(itemsRatio, 2),
        oldLatencyRatio: round(oldLatencyRatio, 2),
        oldItemsRatio: round(oldItemsRatio, 2),
        roundsRatio: round(roundsRatio, 2),
        sameRowsAsOldPath: allAgree,
      },
    };
  } finally {
    await dynamo.stop();
  }
}

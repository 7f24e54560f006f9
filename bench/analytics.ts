import { memoryUsage } from 'node:process';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { ANALYTICS_BLOCKS, type AnalyticsBlock, computeFunnel } from '#shared/domain/analytics';
import { computeSchedulerAnalytics } from '#shared/domain/analytics-raw';
import type { SessionRecord } from '#shared/domain/sessions';
import { presentSchedulerAnalytics } from '#shared/presenters/analytics';
import { seedTeamSessions } from '../local/demo/seed';
import { ensureTables, startLocalDynamo } from '../local/dynamodb/embedded';
import { median, ms, round, type SectionContext, type SectionReport, type Table, timeRuns } from './report';

/**
 * Section 4: one team with 100,000 sessions over 90 days in the embedded DynamoDB (written with
 * BatchWriteItem through the real session store), then the analytics split into the read
 * (readSessionsStartedIn over the 90 days, paginated Query) and the in-memory aggregation
 * (computeFunnel; computeSchedulerAnalytics with every block), median of 5.
 */

const SESSIONS = Number(process.env.BENCH_ANALYTICS_SESSIONS ?? 100_000);
const DAYS = 90;
const TEAM_ID = 990_001;
const TIMEZONE = 'America/Chicago';
const SEED = 20_240_901;
const WRITE_CONCURRENCY = 8;
const AGGREGATION_RUNS = 5;
export const AGGREGATION_TARGET_MS = 150;
const SECOND_READ_BELOW_MS = 8000;

export async function run(ctx: SectionContext): Promise<SectionReport> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dynamo = await startLocalDynamo();
  try {
    await ensureTables(dynamo.endpoint, 'bench');
    const now = new Date();
    const range = { start: new Date(now.getTime() - DAYS * 86_400_000).toISOString(), end: now.toISOString() };

    ctx.progress(
      `seeding ${SESSIONS.toLocaleString('en-US')} sessions over ${DAYS} days (BatchWriteItem × 25, ${WRITE_CONCURRENCY} in flight)…`,
    );
    const seedStarted = performance.now();
    const written = await seedTeamSessions(TEAM_ID, TIMEZONE, SESSIONS, DAYS, SEED, { now, concurrency: WRITE_CONCURRENCY });
    const seedMs = performance.now() - seedStarted;
    const generatedBytes = written.reduce((n, s) => n + JSON.stringify(s).length, 0);

    const store = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));
    const reads: number[] = [];
    let rows: SessionRecord[] = [];
    // A second read only when the first was quick: the figure is the best of what ran.
    for (let i = 0; i < 2 && (i === 0 || (reads[0] ?? 0) < SECOND_READ_BELOW_MS); i++) {
      ctx.progress(`reading the ${DAYS}-day range (run ${i + 1})…`);
      const started = performance.now();
      rows = await store.readSessionsStartedIn(TEAM_ID, range);
      reads.push(performance.now() - started);
    }
    const heapAfterRead = memoryUsage().heapUsed;

    ctx.progress(`aggregating ${rows.length.toLocaleString('en-US')} sessions (median of ${AGGREGATION_RUNS}, full GC before each run)…`);
    const options = { start: range.start, end: range.end, timezone: TIMEZONE, limit: 50, offset: 0 };
    // What the route does with the sessions it read: the blocks, then their answer (within the response budget).
    const answer = (blocks: readonly AnalyticsBlock[]) =>
      presentSchedulerAnalytics(computeSchedulerAnalytics(rows, { ...options, blocks }), {
        teamId: TEAM_ID,
        start: range.start,
        end: range.end,
        timezone: TIMEZONE,
        schedulerId: null,
        metricsRequested: blocks,
      });
    const funnelRuns = timeRuns(AGGREGATION_RUNS, () => computeFunnel(rows));
    const allBlocksRuns = timeRuns(AGGREGATION_RUNS, () => answer(ANALYTICS_BLOCKS));
    const baseRuns = timeRuns(AGGREGATION_RUNS, () => answer([]));
    const perBlock = ANALYTICS_BLOCKS.map((block) => ({
      block,
      runs: timeRuns(AGGREGATION_RUNS, () => answer([block])),
    }));
    const baseMs = median(baseRuns);
    // Marginal costs compare minimums: the least disturbed run of each pass (medians wander on a busy machine).
    const baseMin = Math.min(...baseRuns);
    const result = answer(ANALYTICS_BLOCKS);
    const funnel = computeFunnel(rows);

    const readMs = Math.min(...reads);
    const funnelMs = median(funnelRuns);
    const allBlocksMs = median(allBlocksRuns);
    const timings: Table = {
      title: `Analytics over one team's ${rows.length.toLocaleString('en-US')} sessions (${DAYS} days, embedded DynamoDB, in-memory)`,
      columns: ['step', 'median ms', 'min ms', 'max ms', 'runs', 'per 1k sessions ms', 'above base pass (min) ms'],
      rows: [
        ['seed: generate + BatchWriteItem', round(seedMs, 0), null, null, 1, round(seedMs / (SESSIONS / 1000), 1), null],
        [
          'read: readSessionsStartedIn (90 days)',
          round(median(reads), 0),
          round(readMs, 0),
          round(Math.max(...reads), 0),
          reads.length,
          round(readMs / (rows.length / 1000), 2),
          null,
        ],
        [
          'aggregate: computeFunnel',
          round(funnelMs, 1),
          round(Math.min(...funnelRuns), 1),
          round(Math.max(...funnelRuns), 1),
          AGGREGATION_RUNS,
          round(funnelMs / (rows.length / 1000), 3),
          null,
        ],
        [
          'aggregate: computeSchedulerAnalytics (all 8 blocks)',
          round(allBlocksMs, 1),
          round(Math.min(...allBlocksRuns), 1),
          round(Math.max(...allBlocksRuns), 1),
          AGGREGATION_RUNS,
          round(allBlocksMs / (rows.length / 1000), 3),
          round(Math.min(...allBlocksRuns) - baseMin, 1),
        ],
        [
          '  no block (base pass only)',
          round(baseMs, 1),
          round(Math.min(...baseRuns), 1),
          round(Math.max(...baseRuns), 1),
          baseRuns.length,
          null,
          0,
        ],
        ...perBlock.map((b) => [
          `  one block only: ${b.block}`,
          round(median(b.runs), 1),
          round(Math.min(...b.runs), 1),
          round(Math.max(...b.runs), 1),
          b.runs.length,
          null,
          round(Math.min(...b.runs) - baseMin, 1),
        ]),
        [
          'end to end: read + all blocks',
          round(readMs + allBlocksMs, 0),
          null,
          null,
          null,
          round((readMs + allBlocksMs) / (rows.length / 1000), 2),
          null,
        ],
      ],
    };

    const worstAggregation = Math.max(funnelMs, allBlocksMs);
    return {
      tables: [timings],
      targets: [
        {
          name: 'aggregate 100k sessions: computeFunnel',
          figure: ms(funnelMs),
          target: `≤ ${AGGREGATION_TARGET_MS} ms`,
          met: rows.length >= 100_000 ? funnelMs <= AGGREGATION_TARGET_MS : null,
        },
        {
          name: 'aggregate 100k sessions: computeSchedulerAnalytics (all blocks)',
          figure: ms(allBlocksMs),
          target: `≤ ${AGGREGATION_TARGET_MS} ms`,
          met: rows.length >= 100_000 ? allBlocksMs <= AGGREGATION_TARGET_MS : null,
        },
      ],
      notes: [
        `Seeded ${written.length.toLocaleString('en-US')} sessions (${(generatedBytes / 2 ** 20).toFixed(0)} MiB as JSON) in ${(seedMs / 1000).toFixed(1)} s = ${Math.round(written.length / (seedMs / 1000)).toLocaleString('en-US')} sessions/s; the read returned ${rows.length.toLocaleString('en-US')} rows (${funnel.sessions} in the funnel, ${result.data.customerEvents?.length ?? 0} customer events on the first page).`,
        `Read time is the embedded emulator (dynalite on LevelDB in memory, its own thread) paging 1 MB Query pages, plus SDK unmarshalling; DynamoDB itself pages at the same 1 MB, so the read scales with the range's bytes there too. The read is the best of ${reads.length}; heap after the read ${(heapAfterRead / 2 ** 20).toFixed(0)} MiB.`,
        `Slowest aggregation ${ms(worstAggregation)} against the ${AGGREGATION_TARGET_MS} ms target; 'one block only' runs the same pass with one block requested and 'above base pass' subtracts the fastest base pass (no block requested; it still counts the funnel, bookings, service areas and issue types) from the fastest pass with that block, to show what each block adds.`,
      ],
      figures: {
        sessions: written.length,
        rowsRead: rows.length,
        days: DAYS,
        seedMs: Math.round(seedMs),
        seedSessionsPerSecond: Math.round(written.length / (seedMs / 1000)),
        readMs: reads.map((v) => Math.round(v)),
        funnelMs: funnelRuns.map((v) => round(v, 2)),
        schedulerAnalyticsAllBlocksMs: allBlocksRuns.map((v) => round(v, 2)),
        basePassMedianMs: round(baseMs, 2),
        perBlockMedianMs: Object.fromEntries(perBlock.map((b) => [b.block, round(median(b.runs), 2)])),
        heapAfterReadMiB: Math.round(heapAfterRead / 2 ** 20),
      },
    };
  } finally {
    await dynamo.stop();
  }
}

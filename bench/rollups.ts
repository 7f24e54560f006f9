import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoRollupStore } from '#shared/adapters/dynamodb/rollup-store';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { encodeIdentity, type Identity } from '#shared/auth/identity';
import { ALL_PERMISSIONS } from '#shared/auth/permissions';
import { ANALYTICS_BLOCKS, computeFunnel } from '#shared/domain/analytics';
import { crossTeamFunnelsFromRollups, schedulerAnalyticsFromRollups, teamFunnelFromRollups } from '#shared/domain/rollups/answer';
import { rebuildTeamRollups } from '#shared/domain/rollups/rebuild';
import { startLocalService } from '../local/cli/service';
import { seedTeamSessions } from '../local/demo/seed';
import { generateSessions } from '../local/demo/sessions';
import { median, ms, percentile, ratio, round, type SectionContext, type SectionReport } from './report';

/**
 * Section 9: analytics from rollups. One team with 100,000 sessions over 90 days (as section 4),
 * answered through the get-scheduler-analytics handler twice in the same run: before its rollups
 * exist (the raw path: every session of the range read and aggregated) and after
 * `rebuildTeamRollups` (day and hour buckets, raw rows only at the partial-hour edges). Items and
 * bytes each answer read are counted on the DynamoDB client. Also the team funnel both ways, the
 * rebuild's throughput, and the rollup path's aggregation alone (its reads replayed from memory).
 */
const SESSIONS = Number(process.env.BENCH_ANALYTICS_SESSIONS ?? 100_000);
const DAYS = 90;
const TEAM_ID = 990_002;
const RUNS = 5;
export const ROLLUP_SPEEDUP_TARGET = 20;
export const ROLLUP_LATENCY_TARGET_MS = 300;
const FRESHNESS_WRITES = 30;
export const FRESHNESS_TARGET_MS = 2000;
/** The "all-blocks aggregation" target, here for the rollup path's own work (merging buckets, shaping blocks). */
const AGGREGATION_TARGET_MS = 150;

/**
 * A store whose reads replay, from memory, what the real one answered the first time: the rollup
 * path then runs its merging and shaping alone, without I/O.
 */
function replaying<T extends object>(store: T): T {
  const answers = new Map<string, unknown>();
  return new Proxy(store, {
    get(target, name) {
      const member = Reflect.get(target, name) as unknown;
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        const key = `${String(name)}:${JSON.stringify(args)}`;
        if (!answers.has(key)) answers.set(key, member.apply(target, args));
        return answers.get(key);
      };
    },
  });
}

type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** Counts what every DynamoDB response carried (items, bytes of their wire form). */
function countReads(): { reset(): void; read(): { items: number; bytes: number; requests: number } } {
  let items = 0;
  let bytes = 0;
  let requests = 0;
  getDocumentClient().middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const output = (result.output ?? {}) as { Items?: unknown[]; Item?: unknown };
      requests++;
      if (output.Items) {
        items += output.Items.length;
        bytes += JSON.stringify(output.Items).length;
      } else if (output.Item) {
        items++;
        bytes += JSON.stringify(output.Item).length;
      }
      return result;
    },
    { step: 'initialize', name: 'benchReadCounter' },
  );
  return {
    reset() {
      items = 0;
      bytes = 0;
      requests = 0;
    },
    read: () => ({ items, bytes, requests }),
  };
}

export async function run(ctx: SectionContext): Promise<SectionReport> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'silent';
  // The whole local runtime: its session-rollups consumer reads the emulated stream as Lambda would.
  const service = await startLocalService({ port: 0, dataDir: undefined, seed: false, tablePrefix: 'bench' });
  try {
    process.env.DYNAMODB_ENDPOINT = service.dynamoEndpoint;
    const now = new Date();
    ctx.progress(`seeding ${SESSIONS.toLocaleString('en-US')} sessions over ${DAYS} days…`);
    await seedTeamSessions(TEAM_ID, 'America/Chicago', SESSIONS, DAYS, 20_240_901, { now });
    ctx.progress('waiting for the stream consumer to catch up with the seed…');
    const catchUpStarted = performance.now();
    await service.streams.catchUp();
    const catchUpMs = performance.now() - catchUpStarted;
    const counter = countReads();

    const { handler: analytics } = (await import('../functions/get-scheduler-analytics/handler')) as { handler: Handler };
    const { handler: teamFunnel } = (await import('../functions/get-team-funnel/handler')) as { handler: Handler };
    const identity: Identity = {
      keyId: 'bench',
      keyType: 'enterprise',
      scope: { kind: 'team', id: TEAM_ID },
      anchorTeamId: TEAM_ID,
      enterpriseId: TEAM_ID,
      portfolioId: null,
      permissions: [...ALL_PERMISSIONS],
      teamIds: [TEAM_ID],
      testTeamIds: [],
      enterpriseIds: [TEAM_ID],
      keyName: 'bench',
      keyPrefix: 'service_',
      expiresAt: null,
      rateLimitPerMinute: null,
      anchorTeamRateLimitPerHour: null,
      fieldGroups: null,
    };
    const range = { start_date: new Date(now.getTime() - DAYS * 86_400_000).toISOString(), end_date: now.toISOString() };
    const event = (path: string, query: Record<string, string>): APIGatewayProxyEvent =>
      ({
        resource: path,
        path,
        httpMethod: 'GET',
        headers: {},
        multiValueHeaders: {},
        queryStringParameters: query,
        multiValueQueryStringParameters: null,
        pathParameters: path.includes('{teamId}') ? { teamId: String(TEAM_ID) } : null,
        stageVariables: null,
        body: null,
        isBase64Encoded: false,
        requestContext: { requestId: 'bench', authorizer: encodeIdentity(identity) },
      }) as unknown as APIGatewayProxyEvent;
    const analyticsEvent = event('/api/scheduler-analytics', {
      ...range,
      metrics: ANALYTICS_BLOCKS.join(','),
      timezone: 'America/Chicago',
    });
    const funnelEvent = event('/api/v1/teams/{teamId}/analytics/funnel', range);

    const measure = async (label: string, handler: Handler, e: APIGatewayProxyEvent, runs: number) => {
      const times: number[] = [];
      let reads = { items: 0, bytes: 0, requests: 0 };
      let body = '';
      for (let i = 0; i < runs; i++) {
        ctx.progress(`${label} (run ${i + 1}/${runs})…`);
        counter.reset();
        const started = performance.now();
        const response = await handler(e, {} as Context);
        times.push(performance.now() - started);
        reads = counter.read();
        if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
        body = response.body;
      }
      return { times, reads, body };
    };

    const rollups = new DynamoRollupStore(getDocumentClient(), physicalTableName('rollups'));
    const sessions = new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions'));
    const placements = new Map([[TEAM_ID, { enterpriseId: TEAM_ID, isTest: false }]]);
    const rawAnalytics = await measure('raw path: scheduler analytics', analytics, analyticsEvent, 2);
    const rawFunnel = await measure('raw path: team funnel', teamFunnel, funnelEvent, 2);

    ctx.progress('rebuilding the rollups (the stream consumer already built them: this is the operator command on existing data)…');
    const rebuildStarted = performance.now();
    const rebuilt = await rebuildTeamRollups({ rollups, sessions }, TEAM_ID);
    const rebuildMs = performance.now() - rebuildStarted;

    const rollupAnalytics = await measure('rollup path: scheduler analytics', analytics, analyticsEvent, RUNS);
    const noAdsEvent = event('/api/scheduler-analytics', {
      ...range,
      metrics: ANALYTICS_BLOCKS.filter((b) => b !== 'googleAdsData').join(','),
      timezone: 'America/Chicago',
    });
    const rollupNoAds = await measure('rollup path: scheduler analytics without googleAdsData', analytics, noAdsEvent, RUNS);

    ctx.progress('rollup path: all blocks aggregated from the same reads replayed from memory…');
    const inMemory = { rollups: replaying(rollups), sessions: replaying(sessions) };
    const aggregationOptions = {
      start: new Date(Date.parse(range.start_date)).toISOString(),
      end: new Date(Date.parse(range.end_date)).toISOString(),
      timezone: 'America/Chicago',
      blocks: ANALYTICS_BLOCKS,
      limit: 100,
      offset: 0,
    };
    await schedulerAnalyticsFromRollups(inMemory, TEAM_ID, aggregationOptions); // the reads, once
    const aggregationTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await schedulerAnalyticsFromRollups(inMemory, TEAM_ID, aggregationOptions);
      aggregationTimes.push(performance.now() - started);
    }

    // Freshness: one session at a time, timed from its write until its hour bucket counts it.
    const lags: number[] = [];
    const [template] = await sessions.readSessionsStartedIn(TEAM_ID, {
      start: new Date(now.getTime() - 86_400_000).toISOString(),
      end: range.end_date,
    });
    if (!template) throw new Error('no session to copy');
    for (let i = 0; i < FRESHNESS_WRITES; i++) {
      ctx.progress(`freshness: write ${i + 1}/${FRESHNESS_WRITES}…`);
      const startedAt = new Date(Date.UTC(2020, 0, 1, i % 24, i));
      const hour = {
        start: new Date(Date.UTC(2020, 0, 1, i % 24)).toISOString(),
        end: new Date(Date.UTC(2020, 0, 1, (i % 24) + 1)).toISOString(),
      };
      const before = (await teamFunnelFromRollups({ rollups, sessions }, TEAM_ID, hour)).sessions;
      const written = performance.now();
      await sessions.putSessions([{ ...template, session_id: `fresh-${i}`, started_at: startedAt.toISOString() }], placements);
      for (;;) {
        if ((await teamFunnelFromRollups({ rollups, sessions }, TEAM_ID, hour)).sessions > before) break;
        if (performance.now() - written > 30_000) throw new Error('a written session never reached the rollups');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      lags.push(performance.now() - written);
    }
    lags.sort((a, b) => a - b);

    // Cross-team funnel: a portfolio of 500 teams (5 enterprises × 100), per-team raw reads (the
    // old handler) beside the enterprise rollups, over 30 days.
    ctx.progress('cross-team funnel: writing 500 teams × 8 sessions…');
    const portfolioTeams: number[] = [];
    const portfolioPlacements = new Map<number, { enterpriseId: number; isTest: boolean }>();
    const portfolioEnterprises = Array.from({ length: 5 }, (_, e) => 870_001 + e);
    for (const [e, enterpriseId] of portfolioEnterprises.entries()) {
      for (let t = 0; t < 100; t++) {
        const teamId = 871_001 + e * 100 + t;
        portfolioTeams.push(teamId);
        portfolioPlacements.set(teamId, { enterpriseId, isTest: false });
      }
    }
    const portfolioSessions = portfolioTeams.flatMap((teamId) =>
      generateSessions({ teamId, timezone: 'America/Chicago', count: 8, days: 30, seed: teamId, now }),
    );
    for (let i = 0; i < portfolioSessions.length; i += 25)
      await sessions.putSessions(portfolioSessions.slice(i, i + 25), portfolioPlacements);
    await service.streams.catchUp();
    for (const enterpriseId of portfolioEnterprises) await rollups.markComplete({ kind: 'enterprise', enterpriseId });
    const funnelRange = { start: new Date(now.getTime() - 30 * 86_400_000).toISOString(), end: now.toISOString() };
    const timeCross = async (read: () => Promise<unknown>) => {
      const times: number[] = [];
      let reads = { items: 0, bytes: 0, requests: 0 };
      for (let i = 0; i < 3; i++) {
        counter.reset();
        const started = performance.now();
        await read();
        times.push(performance.now() - started);
        reads = counter.read();
      }
      return { times, reads, body: '' };
    };
    ctx.progress('cross-team funnel: per-team raw reads and enterprise rollups…');
    const crossRaw = await timeCross(() =>
      Promise.all(portfolioTeams.map(async (teamId) => computeFunnel(await sessions.readSessionsStartedIn(teamId, funnelRange)))),
    );
    const crossRollups = await timeCross(() =>
      crossTeamFunnelsFromRollups(
        { rollups, sessions },
        { teamIds: portfolioTeams, enterpriseIds: portfolioEnterprises, includeTestTeams: false, range: funnelRange },
      ),
    );
    const rollupFunnel = await measure('rollup path: team funnel', teamFunnel, funnelEvent, RUNS);
    const sameAnswer = JSON.stringify(JSON.parse(rawAnalytics.body).data) === JSON.stringify(JSON.parse(rollupAnalytics.body).data);

    const row = (label: string, m: Awaited<ReturnType<typeof measure>>) => [
      label,
      round(median(m.times), 0),
      round(Math.min(...m.times), 0),
      m.times.length,
      m.reads.requests,
      m.reads.items,
      round(m.reads.bytes / 2 ** 20, 2),
    ];
    const rawMs = Math.min(...rawAnalytics.times);
    const rollupMs = median(rollupAnalytics.times);
    const sessionsPerSecond = rebuilt.sessions / (rebuildMs / 1000);
    return {
      tables: [
        {
          title: `Scheduler analytics (all 8 blocks) and team funnel over ${DAYS} days of ${SESSIONS.toLocaleString('en-US')} sessions, through the handlers`,
          columns: ['answer', 'median ms', 'min ms', 'runs', 'DynamoDB requests', 'items read', 'MiB read'],
          rows: [
            row('scheduler analytics, raw path', rawAnalytics),
            row('scheduler analytics, rollups', rollupAnalytics),
            row('  without googleAdsData, rollups', rollupNoAds),
            [
              '  all blocks, rollups, their reads replayed from memory (merging and shaping alone)',
              round(median(aggregationTimes), 0),
              round(Math.min(...aggregationTimes), 0),
              aggregationTimes.length,
              0,
              0,
              0,
            ],
            row('team funnel, raw path', rawFunnel),
            row('team funnel, rollups', rollupFunnel),
            row('cross-team funnel, 500 teams, 30 days: a query per team (before)', crossRaw),
            row('cross-team funnel, 500 teams, 30 days: enterprise rollups', crossRollups),
          ],
        },
      ],
      targets: [
        {
          name: 'scheduler analytics: rollup path vs raw path (same run)',
          figure: `${ratio(rawMs / rollupMs, 1)} faster`,
          target: `≥ ${ROLLUP_SPEEDUP_TARGET}×`,
          met: rawMs / rollupMs >= ROLLUP_SPEEDUP_TARGET,
        },
        {
          name: 'scheduler analytics from rollups, 90 days, 100k sessions',
          figure: ms(rollupMs),
          target: `≤ ${ROLLUP_LATENCY_TARGET_MS} ms`,
          met: SESSIONS >= 100_000 ? rollupMs <= ROLLUP_LATENCY_TARGET_MS : null,
        },
        {
          name: 'all-blocks aggregation, rollup path (reads replayed from memory)',
          figure: ms(median(aggregationTimes)),
          target: `≤ ${AGGREGATION_TARGET_MS} ms`,
          met: SESSIONS >= 100_000 ? median(aggregationTimes) <= AGGREGATION_TARGET_MS : null,
        },
        {
          name: 'rollup freshness, write to answer (local stream, p99)',
          figure: `p50 ${ms(percentile(lags, 50), 0)}, p99 ${ms(percentile(lags, 99), 0)}`,
          target: `≤ ${FRESHNESS_TARGET_MS} ms`,
          met: percentile(lags, 99) <= FRESHNESS_TARGET_MS,
        },
      ],
      notes: [
        `Both paths answered the same blocks: ${sameAnswer ? 'identical data' : 'DIFFERENT DATA (a defect)'}. The raw path is the same handler before the team's rollups are marked complete; its figure is the best of 2.`,
        `Stream catch-up after the seed: ${SESSIONS.toLocaleString('en-US')} records in ${(catchUpMs / 1000).toFixed(1)} s = ${Math.round(SESSIONS / (catchUpMs / 1000)).toLocaleString('en-US')} sessions/s (batches of 500, the consumer's batching window skipped while behind). Freshness: ${FRESHNESS_WRITES} single writes, each timed until its hour bucket counts it (batching window 1 s, as deployed).`,
        `Rebuild: ${rebuilt.sessions.toLocaleString('en-US')} sessions, ${rebuilt.hours} hours and ${rebuilt.days} days recomputed in ${(rebuildMs / 1000).toFixed(1)} s = ${Math.round(sessionsPerSecond).toLocaleString('en-US')} sessions/s (8 recomputes in flight, each touch + consistent read + one transaction).`,
      ],
      figures: {
        sessions: SESSIONS,
        rawAnalyticsMs: rawAnalytics.times.map((v) => Math.round(v)),
        rollupAnalyticsMs: rollupAnalytics.times.map((v) => round(v, 1)),
        rawFunnelMs: rawFunnel.times.map((v) => Math.round(v)),
        rollupFunnelMs: rollupFunnel.times.map((v) => round(v, 1)),
        reads: {
          rawAnalytics: rawAnalytics.reads,
          rollupAnalytics: rollupAnalytics.reads,
          rawFunnel: rawFunnel.reads,
          rollupFunnel: rollupFunnel.reads,
        },
        rebuildMs: Math.round(rebuildMs),
        catchUpMs: Math.round(catchUpMs),
        freshnessMs: lags.map((v) => Math.round(v)),
        crossTeamFunnelRawMs: crossRaw.times.map((v) => Math.round(v)),
        crossTeamFunnelRollupsMs: crossRollups.times.map((v) => round(v, 1)),
        crossTeamReads: { raw: crossRaw.reads, rollups: crossRollups.reads },
        rollupNoAdsMs: rollupNoAds.times.map((v) => round(v, 1)),
        rollupAggregationMs: aggregationTimes.map((v) => round(v, 1)),
        rebuildSessionsPerSecond: Math.round(sessionsPerSecond),
        sameAnswer,
      },
    };
  } finally {
    await service.stop();
  }
}

import type { LoadSpec } from './load-generator';
import { ms, pct, type SectionContext, type SectionReport, type Table, type TargetCheck } from './report';
import {
  expectOk,
  fetchOnce,
  type MeasuredRun,
  measuredRun,
  RUN_COLUMNS,
  runFigures,
  runRow,
  singleTeamKey,
  startBareServer,
  startBenchService,
} from './service-harness';

/**
 * Section 3: two read routes through the local gateway (authorizer, cached policy, proxy event,
 * handler, embedded DynamoDB) under a closed-loop load of 10 keep-alive connections, beside a bare
 * node:http server in the same process answering the same bytes.
 */

export const CONCURRENCY = 10;
export const WARMUP_MS = 1000;
export const DURATION_MS = 5000;
const MAX_REQUESTS = 200_000;
export const BARE_SHARE_TARGET = 0.1;
export const P99_TARGET_MS = 25;

export async function run(ctx: SectionContext): Promise<SectionReport> {
  ctx.progress('starting the local service (in memory, demo seed)…');
  const bench = await startBenchService();
  try {
    const key = singleTeamKey(bench.credentials, 'read:scheduler_analytics');
    if (!key) throw new Error('no single-team demo key holds read:scheduler_analytics');
    const team = key.team_ids[0] as number;
    const auth = { authorization: `Bearer ${key.key}` };

    const routes = [
      {
        name: 'GET /api/v1/teams/{team}/sessions?limit=50',
        functionName: 'list-team-sessions',
        url: `${bench.url}/api/v1/teams/${team}/sessions?limit=50`,
        headers: auth,
      },
      {
        name: 'GET /api/scheduler-analytics (7 days)',
        functionName: 'get-scheduler-analytics',
        url: `${bench.url}/api/scheduler-analytics`,
        headers: { ...auth, 'x-team-id': String(team) },
      },
    ];

    const spec = (label: string, url: string, headers: Record<string, string>): LoadSpec => ({
      label,
      url,
      method: 'GET',
      headers,
      body: { kind: 'none' },
      concurrency: CONCURRENCY,
      warmupMs: WARMUP_MS,
      durationMs: DURATION_MS,
      maxRequests: MAX_REQUESTS,
      requestTimeoutMs: 10_000,
    });

    const results: { name: string; route: MeasuredRun; bare: MeasuredRun; bytes: number }[] = [];
    for (const route of routes) {
      const body = await expectOk(route.name, fetchOnce(route.url, { headers: route.headers }));
      ctx.progress(`${route.name}: ${body.length} B answer; ${WARMUP_MS / 1000} s warm-up + ${DURATION_MS / 1000} s at c=${CONCURRENCY}…`);
      const measured = await measuredRun(bench, spec(route.name, route.url, route.headers), route.functionName);
      const bare = await startBareServer(body);
      let bareRun: MeasuredRun;
      try {
        ctx.progress(`bare node:http with the same ${body.length} B…`);
        bareRun = await measuredRun({ load: bench.load }, spec(`bare ${body.length} B`, `${bare.url}/`, route.headers), null);
      } finally {
        await bare.stop();
      }
      results.push({ name: route.name, route: measured, bare: bareRun, bytes: body.length });
    }

    const runsTable: Table = {
      title: `Local gateway under load: c=${CONCURRENCY} keep-alive, ${WARMUP_MS / 1000} s warm-up then ${DURATION_MS / 1000} s measured (load generator in its own process, pid ${bench.load.pid})`,
      columns: RUN_COLUMNS,
      rows: results.flatMap((r) => [runRow(r.name, r.route), runRow(`  bare node:http, same ${r.bytes} B`, r.bare)]),
    };
    const ratioTable: Table = {
      title: 'Route vs bare server',
      columns: [
        'route',
        'req/s',
        'bare req/s',
        'share of bare',
        'p99 ms',
        'handler p50 ms',
        'p50 − handler p50 (gateway+authz+transport) ms',
      ],
      rows: results.map((r) => [
        r.name,
        Math.round(r.route.load.rps),
        Math.round(r.bare.load.rps),
        pct(r.route.load.rps / r.bare.load.rps, 1),
        Math.round(r.route.load.latencyMs.p99 * 100) / 100,
        r.route.handler ? Math.round(r.route.handler.p50 * 100) / 100 : null,
        r.route.handler ? Math.round((r.route.load.latencyMs.p50 - r.route.handler.p50) * 100) / 100 : null,
      ]),
    };

    const targets: TargetCheck[] = results.flatMap((r) => [
      {
        name: `${r.name} req/s vs bare`,
        figure: pct(r.route.load.rps / r.bare.load.rps, 1),
        target: `≥ ${pct(BARE_SHARE_TARGET)}`,
        met: r.route.load.failures === 0 ? r.route.load.rps / r.bare.load.rps >= BARE_SHARE_TARGET : false,
      },
      {
        name: `${r.name} p99`,
        figure: ms(r.route.load.latencyMs.p99, 2),
        target: `≤ ${P99_TARGET_MS} ms`,
        met: r.route.load.latencyMs.p99 <= P99_TARGET_MS,
      },
    ]);

    const generatorShare = Math.max(...results.flatMap((r) => [r.route.load.generatorCpuShare, r.bare.load.generatorCpuShare]));
    return {
      tables: [runsTable, ratioTable],
      targets,
      notes: [
        `Service started (embedded DynamoDB on a worker thread, tables, demo seed, gateway) in ${bench.startSeconds.toFixed(1)} s; key ${key.type} on team ${team}; authorizer cache TTL as configured (default 300 s), so the authorizer runs once per key.`,
        `The load generator runs in a separate process (pid ${bench.load.pid}, forked) and used at most ${pct(generatorShare)} of a core; 'svc CPU' is the process under test (gateway, handlers and the embedded-DynamoDB worker thread together), 'CPU ms/req' that CPU divided by the requests served (steadier than latency when the machine is busy), 'main ELU' the event-loop utilization of its main thread. This machine has 2 cores shared by both processes (and by anything else running).`,
        "'handler' columns time the handler alone (wrapped loadHandler: middy chain, validation, DynamoDB round trips to the worker thread, serialization); the rest of the latency is the local gateway, the authorizer cache lookup and HTTP on loopback.",
        'Handlers log at LOG_LEVEL=warn here (as with npm start); the bare server answers the exact bytes the route answered, with no routing, auth or JSON work.',
      ],
      figures: {
        concurrency: CONCURRENCY,
        warmupMs: WARMUP_MS,
        durationMs: DURATION_MS,
        serviceStartSeconds: Math.round(bench.startSeconds * 10) / 10,
        loadGeneratorPid: bench.load.pid,
        routes: results.map((r) => ({
          name: r.name,
          responseBytes: r.bytes,
          route: runFigures(r.route),
          bare: runFigures(r.bare),
          shareOfBare: Math.round((r.route.load.rps / r.bare.load.rps) * 1000) / 1000,
        })),
      },
    };
  } finally {
    await bench.stop();
  }
}

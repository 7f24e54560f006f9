import type { LoadSpec } from './load-generator';
import { describeOutbound } from './outbound-recorders';
import { bodyBuilder, fictionalPhoneNumbers } from './payloads';
import { ratio, round, type SectionContext, type SectionReport, type Table, type TargetCheck } from './report';
import {
  expectOk,
  fetchOnce,
  keyWith,
  type MeasuredRun,
  measuredRun,
  RUN_COLUMNS,
  runFigures,
  runRow,
  startBenchService,
} from './service-harness';

/**
 * Section 5: speed-to-lead intake through the local gateway, every lead unique (phone and
 * external_id), beside the sessions list call on the same service. Latency is compared at
 * concurrency 1 (no queueing in the figures); throughput is measured at concurrency 10.
 */

const SEQUENTIAL_WARMUP_MS = 500;
const SEQUENTIAL_MS = 3000;
const CONCURRENCY = 10;
const WARMUP_MS = 1000;
const DURATION_MS = 5000;
export const INTAKE_RATIO_TARGET = 3;

export async function run(ctx: SectionContext): Promise<SectionReport> {
  ctx.progress('starting the local service (in memory, demo seed)…');
  const bench = await startBenchService();
  try {
    const writer = await keyWith(bench, 'write:leads');
    const reader = await keyWith(bench, 'read:scheduler_analytics');
    const phones = fictionalPhoneNumbers().length;
    const runId = Date.now().toString(36);
    let phoneOffset = 0;

    const intakeUrl = `${bench.url}/api/outbound/speed-to-lead/ingest`;
    const intakeHeaders = { authorization: `Bearer ${writer.key}` };
    const sessionsUrl = `${bench.url}/api/v1/teams/${reader.teamId}/sessions?limit=50`;
    const sessionsHeaders = { authorization: `Bearer ${reader.key}` };

    // One lead by hand first: the route works, the key is authorized, the adapters answer.
    const first = await expectOk(
      'intake',
      fetchOnce(intakeUrl, {
        method: 'POST',
        headers: intakeHeaders,
        body: bodyBuilder({ kind: 'intake', runId: `${runId}-probe`, phoneOffset: 0 })(0),
      }),
    );
    await expectOk('sessions list', fetchOnce(sessionsUrl, { headers: sessionsHeaders }));
    phoneOffset = 1;

    const intakeSpec = (label: string, concurrency: number, warmupMs: number, durationMs: number): LoadSpec => ({
      label,
      url: intakeUrl,
      method: 'POST',
      headers: intakeHeaders,
      body: { kind: 'intake', runId: `${runId}-${label}`, phoneOffset },
      concurrency,
      warmupMs,
      durationMs,
      // Every request needs a phone number of its own (the dedupe window would answer 409).
      maxRequests: Math.max(1, phones - phoneOffset),
      requestTimeoutMs: 10_000,
    });
    const advance = (r: MeasuredRun) => {
      phoneOffset += r.load.requests + r.load.warmupRequests;
    };

    ctx.progress(`sessions list at c=1 for ${SEQUENTIAL_MS / 1000} s…`);
    const sessionsSequential = await measuredRun(
      bench,
      {
        label: 'sessions c=1',
        url: sessionsUrl,
        method: 'GET',
        headers: sessionsHeaders,
        body: { kind: 'none' },
        concurrency: 1,
        warmupMs: SEQUENTIAL_WARMUP_MS,
        durationMs: SEQUENTIAL_MS,
        maxRequests: 100_000,
        requestTimeoutMs: 10_000,
      },
      'list-team-sessions',
    );
    ctx.progress(`intake at c=1 for ${SEQUENTIAL_MS / 1000} s…`);
    const intakeSequential = await measuredRun(bench, intakeSpec('c1', 1, SEQUENTIAL_WARMUP_MS, SEQUENTIAL_MS), 'ingest-lead');
    advance(intakeSequential);
    ctx.progress(`intake at c=${CONCURRENCY} for ${WARMUP_MS / 1000} + ${DURATION_MS / 1000} s…`);
    const intakeConcurrent = await measuredRun(bench, intakeSpec('c10', CONCURRENCY, WARMUP_MS, DURATION_MS), 'ingest-lead');
    advance(intakeConcurrent);

    const runs: Table = {
      title: `Intake vs sessions list through the local gateway (load generator in its own process, pid ${bench.load.pid})`,
      columns: RUN_COLUMNS,
      rows: [
        runRow('GET  /api/v1/teams/{team}/sessions?limit=50', sessionsSequential),
        runRow('POST /api/outbound/speed-to-lead/ingest', intakeSequential),
        runRow('POST /api/outbound/speed-to-lead/ingest', intakeConcurrent),
      ],
    };
    const handlerRatio = (intakeSequential.handler?.p50 ?? Number.NaN) / (sessionsSequential.handler?.p50 ?? Number.NaN);
    const e2eRatio = intakeSequential.load.latencyMs.p50 / sessionsSequential.load.latencyMs.p50;
    const ratios: Table = {
      title: 'Intake p50 relative to a sessions list call (both at c=1)',
      columns: ['measure', 'intake p50 ms', 'sessions p50 ms', 'ratio'],
      rows: [
        [
          'handler only',
          round(intakeSequential.handler?.p50 ?? Number.NaN, 2),
          round(sessionsSequential.handler?.p50 ?? Number.NaN, 2),
          ratio(handlerRatio),
        ],
        [
          'end to end (gateway + handler)',
          round(intakeSequential.load.latencyMs.p50, 2),
          round(sessionsSequential.load.latencyMs.p50, 2),
          ratio(e2eRatio),
        ],
      ],
    };
    const targets: TargetCheck[] = [
      {
        name: 'intake p50 vs sessions list p50 (handler)',
        figure: ratio(handlerRatio),
        target: `≤ ${INTAKE_RATIO_TARGET}×`,
        met: intakeSequential.load.failures === 0 && Number.isFinite(handlerRatio) ? handlerRatio <= INTAKE_RATIO_TARGET : false,
      },
      {
        name: 'intake p50 vs sessions list p50 (end to end)',
        figure: ratio(e2eRatio),
        target: `≤ ${INTAKE_RATIO_TARGET}×`,
        met: intakeSequential.load.failures === 0 ? e2eRatio <= INTAKE_RATIO_TARGET : false,
      },
    ];
    const leads =
      intakeSequential.load.requests +
      intakeSequential.load.warmupRequests +
      intakeConcurrent.load.requests +
      intakeConcurrent.load.warmupRequests +
      1;
    return {
      tables: [runs, ratios],
      targets,
      notes: [
        `Key: ${writer.source} (write:leads, single team ${writer.teamId}); first answer ${first.toString('utf8').slice(0, 160)}…`,
        `${leads} leads ingested, each with its own phone (+1 NPA 555-01XX fiction range, ${phones} available) and external_id.`,
        describeOutbound(bench.outbound),
        'At c=10 the p50 includes queueing in the single-threaded service; the c=1 rows carry the latency comparison.',
      ],
      figures: {
        writerKeySource: writer.source,
        leadsIngested: leads,
        outbound: bench.outbound,
        sessionsSequential: runFigures(sessionsSequential),
        intakeSequential: runFigures(intakeSequential),
        intakeConcurrent: runFigures(intakeConcurrent),
        handlerP50Ratio: round(handlerRatio, 3),
        endToEndP50Ratio: round(e2eRatio, 3),
      },
    };
  } finally {
    await bench.stop();
  }
}

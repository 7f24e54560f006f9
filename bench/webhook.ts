import type { LoadSpec } from './load-generator';
import { describeOutbound } from './outbound-recorders';
import { bodyBuilder } from './payloads';
import type { SectionContext, SectionReport, Table } from './report';
import {
  expectOk,
  fetchOnce,
  keyWith,
  measuredRun,
  RUN_COLUMNS,
  runFigures,
  runRow,
  startBenchService,
  tenancyStore,
} from './service-harness';

/**
 * Section 6: the voice provider's end-of-call report through the local gateway: a 20 KB
 * transcript with booking intent and a requested time (so the responder parses the transcript and
 * books an appointment), a unique message.call.id per request (every report is new work, never the
 * idempotent replay).
 */

const TRANSCRIPT_BYTES = 20 * 1024;
const SEQUENTIAL_WARMUP_MS = 500;
const SEQUENTIAL_MS = 3000;
const CONCURRENCY = 10;
const WARMUP_MS = 1000;
const DURATION_MS = 5000;

export async function run(ctx: SectionContext): Promise<SectionReport> {
  ctx.progress('starting the local service (in memory, demo seed)…');
  const bench = await startBenchService();
  try {
    const caller = await keyWith(bench, 'write:calls');
    const team = await tenancyStore().getTeam(caller.teamId);
    if (!team) throw new Error(`team ${caller.teamId} not found`);
    const runId = Date.now().toString(36);
    const url = `${bench.url}/v1/responder/webhook`;
    const headers = { authorization: `Bearer ${caller.key}`, 'x-workspace-id': team.workspaceId };

    const probeBody = bodyBuilder({ kind: 'webhook', runId: `${runId}-probe`, transcriptBytes: TRANSCRIPT_BYTES, phoneOffset: 0 })(
      0,
    ) as string;
    const first = await expectOk('webhook', fetchOnce(url, { method: 'POST', headers, body: probeBody }));

    const spec = (label: string, concurrency: number, warmupMs: number, durationMs: number, phoneOffset: number): LoadSpec => ({
      label,
      url,
      method: 'POST',
      headers,
      body: { kind: 'webhook', runId: `${runId}-${label}`, transcriptBytes: TRANSCRIPT_BYTES, phoneOffset },
      concurrency,
      warmupMs,
      durationMs,
      maxRequests: 100_000,
      requestTimeoutMs: 15_000,
    });
    ctx.progress(`webhook at c=1 for ${SEQUENTIAL_MS / 1000} s…`);
    const sequential = await measuredRun(bench, spec('c1', 1, SEQUENTIAL_WARMUP_MS, SEQUENTIAL_MS, 1), 'receive-voice-report');
    ctx.progress(`webhook at c=${CONCURRENCY} for ${WARMUP_MS / 1000} + ${DURATION_MS / 1000} s…`);
    const concurrent = await measuredRun(bench, spec('c10', CONCURRENCY, WARMUP_MS, DURATION_MS, 50_000), 'receive-voice-report');

    const runs: Table = {
      title: `POST /v1/responder/webhook, end-of-call report with a ${TRANSCRIPT_BYTES / 1024} KB transcript (load generator in its own process, pid ${bench.load.pid})`,
      columns: [...RUN_COLUMNS, 'req B'],
      rows: [sequential, concurrent].map((r) => [...runRow('POST /v1/responder/webhook', r), Math.round(r.load.meanRequestBytes)]),
    };
    return {
      tables: [runs],
      targets: [],
      notes: [
        `Key: ${caller.source} (write:calls), X-Workspace-ID ${team.workspaceId}; first answer ${first.toString('utf8').slice(0, 160)}…`,
        'Each report carries bookingIntent and "tomorrow at 3pm" in the transcript, so the responder searches the transcript for a time and stores the call, an appointment and an inbound lead in one transaction.',
        describeOutbound(bench.outbound),
        'No target was set for this route; p50/p99 are reported for tracking.',
      ],
      figures: {
        transcriptBytes: TRANSCRIPT_BYTES,
        keySource: caller.source,
        outbound: bench.outbound,
        sequential: runFigures(sequential),
        concurrent: runFigures(concurrent),
      },
    };
  } finally {
    await bench.stop();
  }
}

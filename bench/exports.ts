import { fork } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createGunzip } from 'node:zlib';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoExportStore } from '#shared/adapters/dynamodb/export-store';
import { physicalTableName, tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import { newExportJob } from '#shared/domain/exports/export-job';
import type { TableName } from '#shared/routes';
import { importTeamSessions } from '../local/demo/seed';
import { ensureTables, type LocalDynamo, startLocalDynamo } from '../local/dynamodb/embedded';
import type { ExportWorkerResult } from './export-worker';
import { round, type SectionContext, type SectionReport } from './report';

/**
 * Section 13: exports. One team's 1,000,000 sessions over two years (BENCH_EXPORT_ROWS to change
 * it), the demo generator's sessions as the session store writes them, loaded straight into the
 * embedded DynamoDB's table (its import path: the write path would take most of an hour), then exported with the export worker's
 * own code (bench/export-worker.ts, in a process of its own so its peak RSS is the worker's): rows
 * per second and peak RSS beside their targets, and the seed's time apart (it is not the export's).
 */
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const CHUNKS = 10;
const TEAM_ID = 990_013;
const DAYS = 730;
export const EXPORT_ROWS_PER_SECOND_TARGET = 5000;
export const EXPORT_PEAK_RSS_TARGET_MB = 300;

async function seed(ctx: SectionContext, dynamo: LocalDynamo, now: Date): Promise<number> {
  const started = performance.now();
  // In chunks, each over its own stretch of the two years, so the seed's memory stays small too.
  const perChunk = Math.ceil(ROWS / CHUNKS);
  const chunkDays = DAYS / CHUNKS;
  for (let k = 0; k < CHUNKS; k++) {
    const count = Math.min(perChunk, ROWS - k * perChunk);
    const chunkNow = new Date(now.getTime() - k * chunkDays * 86_400_000);
    await importTeamSessions(dynamo, TEAM_ID, 'America/Chicago', count, chunkDays, 20_261_128 + k, { now: chunkNow });
    ctx.progress(`seeded ${Math.min(ROWS, (k + 1) * perChunk).toLocaleString('en-US')} sessions`);
  }
  return (performance.now() - started) / 1000;
}

function runWorker(exportId: string, dataDir: string): Promise<ExportWorkerResult> {
  const child = fork(path.join(__dirname, 'export-worker.ts'), [], {
    // Under `npm run bench -- --profile` the worker is profiled too, beside the section's process.
    execArgv: [...process.execArgv.filter((arg) => arg.startsWith('--cpu-prof')), '--import', pathToFileURL(require.resolve('tsx')).href],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: process.env,
  });
  return new Promise((resolve, reject) => {
    child.once('message', (reply: { ok: true; result: ExportWorkerResult } | { ok: false; error: string }) =>
      reply.ok ? resolve(reply.result) : reject(new Error(reply.error)),
    );
    child.once('exit', (code) => reject(new Error(`export worker exited with code ${code}`)));
    child.send({ exportId, dataDir });
  });
}

/** Lines of the gzipped file, counted as it streams. */
async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(file).pipe(createGunzip())) {
    for (const byte of chunk as Buffer) if (byte === 10) lines++;
  }
  return lines;
}

export async function run(ctx: SectionContext): Promise<SectionReport> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'silent';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-exports-'));
  // On disk (LevelDB): a million sessions with their nine index copies and stream records would
  // not fit the in-memory store's heap; reads come from the page cache all the same.
  const dynamo = await startLocalDynamo({ dataDir });
  try {
    process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
    const names = await ensureTables(dynamo.endpoint, 'bench');
    for (const [table, name] of Object.entries(names)) process.env[tableNameEnvVar(table as TableName)] = name;
    const now = new Date();
    ctx.progress(`seeding ${ROWS.toLocaleString('en-US')} sessions over ${DAYS} days…`);
    const seedSeconds = await seed(ctx, dynamo, now);
    const job = newExportJob(
      {
        keyId: 'bench',
        enterpriseIds: [],
        teamIds: [TEAM_ID],
        includeTestTeams: false,
        resource: 'sessions',
        format: 'ndjson',
        start: new Date(now.getTime() - (DAYS + 1) * 86_400_000).toISOString(),
        end: new Date(now.getTime() + 86_400_000).toISOString(),
        fieldGroups: null,
        withTranscripts: false,
      },
      now,
    );
    await new DynamoExportStore(getDocumentClient(), physicalTableName('exports')).createExport(job, []);
    ctx.progress('exporting…');
    // This process only waits for the worker meanwhile: its CPU is the embedded DynamoDB's.
    const cpu = process.cpuUsage();
    const result = await runWorker(job.exportId, dataDir);
    const used = process.cpuUsage(cpu);
    const dynamoCpuSeconds = (used.user + used.system) / 1e6;
    const lines = await countLines(path.join(dataDir, 'exports', job.objectKey));
    return report(result, lines, seedSeconds, dynamoCpuSeconds);
  } finally {
    await dynamo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(result: ExportWorkerResult, lines: number, seedSeconds: number, dynamoCpuSeconds: number): SectionReport {
  const rowsPerSecond = result.rows / result.seconds;
  const peakMb = result.peakRssBytes / 1024 / 1024;
  return {
    tables: [exportTable(result, lines, seedSeconds, dynamoCpuSeconds)],
    targets: [
      {
        name: 'export rows per second',
        figure: `${Math.round(rowsPerSecond)} rows/s`,
        target: `≥ ${EXPORT_ROWS_PER_SECOND_TARGET}`,
        met: rowsPerSecond >= EXPORT_ROWS_PER_SECOND_TARGET,
      },
      {
        name: 'export worker peak RSS',
        figure: `${Math.round(peakMb)} MB`,
        target: `≤ ${EXPORT_PEAK_RSS_TARGET_MB} MB`,
        met: peakMb <= EXPORT_PEAK_RSS_TARGET_MB,
      },
      { name: 'every row in the file once', figure: `${lines} lines`, target: `${ROWS}`, met: lines === ROWS && result.rows === ROWS },
    ],
    notes: [
      'The export worker runs in a forked process of its own: its peak RSS (sampled every 50 ms while it exports) is the worker’s alone; the embedded DynamoDB (a worker thread of the section process) serves its reads, over HTTP as DynamoDB would.',
      'Seeding (the generated sessions as the session store’s items, loaded 2,000 at a time straight into the embedded DynamoDB’s table and its nine indexes, on disk, without stream records: its import path, as DynamoDB’s import from S3) is timed apart (seed s, seed rows/s) and is not part of rows/s. The export reads through the wire with the session list’s own store query, as in AWS.',
      'The machine is shared: the figures are those of a loaded 2-core host. Worker CPU and DynamoDB CPU (the embedded DynamoDB’s, in this process, during the export) depend little on the load: with a page read ahead the two overlap, so on two free cores the rate is bound by the larger (“rows/s the CPU allows”: rows ÷ the larger CPU time, an upper bound, not a measure).',
    ],
    figures: {
      rows: result.rows,
      lines,
      parts: result.parts,
      bytes: result.bytes,
      exportSeconds: result.seconds,
      rowsPerSecond,
      peakRssMb: peakMb,
      seedSeconds,
      seedRowsPerSecond: ROWS / seedSeconds,
      dynamoCpuSeconds,
    },
  };
}

function exportTable(
  result: ExportWorkerResult,
  lines: number,
  seedSeconds: number,
  dynamoCpuSeconds: number,
): SectionReport['tables'][number] {
  const rowsPerSecond = result.rows / result.seconds;
  return {
    title: 'Export of one team’s sessions (gzipped NDJSON, S3-sized 5 MiB parts)',
    columns: [
      'rows',
      'lines in file',
      'parts',
      'MB gzipped',
      'export s',
      'rows/s',
      'RSS at start MB',
      'peak RSS MB',
      'worker CPU s',
      'DynamoDB CPU s',
      'rows/s the CPU allows',
      'seed s',
      'seed rows/s',
    ],
    rows: [
      [
        result.rows,
        lines,
        result.parts,
        round(result.bytes / 1024 / 1024, 1),
        round(result.seconds, 1),
        Math.round(rowsPerSecond),
        Math.round(result.startRssBytes / 1024 / 1024),
        Math.round(result.peakRssBytes / 1024 / 1024),
        round(result.cpuSeconds, 1),
        round(dynamoCpuSeconds, 1),
        Math.round(result.rows / Math.max(result.cpuSeconds, dynamoCpuSeconds)),
        round(seedSeconds, 1),
        Math.round(result.rows / seedSeconds),
      ],
    ],
  };
}

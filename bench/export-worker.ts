import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoExportStore } from '#shared/adapters/dynamodb/export-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { runExport } from '#shared/domain/exports/run-export';
import { exportReader } from '../functions/export-worker/export-lines';
import { LocalExportFiles } from '../local/runtime/export-files';

/**
 * The export worker of the exports section (bench/exports.ts), in a process of its own (forked) so
 * its peak RSS is the worker's alone, as a Lambda's would be: the embedded DynamoDB and the seed
 * stay in the parent. Runs one export to its end with the worker's own code (runExport, the list
 * stores and presenters, S3's 5 MiB parts) and reports rows, bytes, time and peak RSS.
 */
export interface ExportWorkerResult {
  readonly rows: number;
  readonly bytes: number;
  readonly parts: number;
  readonly seconds: number;
  /** The highest RSS sampled (every 50 ms) while the export ran. */
  readonly peakRssBytes: number;
  /** RSS when the export started (the runtime, tsx and the modules loaded). */
  readonly startRssBytes: number;
  readonly cpuSeconds: number;
}

async function runOne(exportId: string, dataDir: string): Promise<ExportWorkerResult> {
  const client = getDocumentClient();
  const exports = new DynamoExportStore(client, physicalTableName('exports'), physicalTableName('outbox'));
  const { DynamoSessionStore } = await import('#shared/adapters/dynamodb/session-store');
  const { DynamoCallStore } = await import('#shared/adapters/dynamodb/call-store');
  const { DynamoLeadStore } = await import('#shared/adapters/dynamodb/lead-store');
  const { DynamoOutboundFeedStore } = await import('#shared/adapters/dynamodb/outbound-feed-store');
  const { DynamoTenancyStore } = await import('#shared/adapters/dynamodb/tenancy-store');
  const { DynamoEvaluationStore } = await import('#shared/adapters/dynamodb/coach-store');
  const { DynamoAppointmentStore } = await import('#shared/adapters/dynamodb/appointment-store');
  const stores = {
    sessions: async () => new DynamoSessionStore(client, physicalTableName('sessions')),
    calls: async () => new DynamoCallStore(client, physicalTableName('calls')),
    leads: async () => new DynamoLeadStore(client, physicalTableName('leads')),
    feed: async () => new DynamoOutboundFeedStore(client, physicalTableName('campaigns')),
    teams: async () => new DynamoTenancyStore(client, physicalTableName('teams')),
    evaluations: async () => new DynamoEvaluationStore(client, physicalTableName('calls')),
    appointments: async () => new DynamoAppointmentStore(client, { leads: physicalTableName('leads') }),
    // The bench exports sessions: no visit, so no manage link to make.
    manageUrl: async () => null,
  };
  const files = new LocalExportFiles(
    dataDir,
    () => 'http://127.0.0.1',
    () => 'bench',
  );
  const startRss = process.memoryUsage.rss();
  let peak = startRss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const outcome = await runExport({ exports, files, readerFor: (job) => exportReader(job, stores) }, exportId, { now: () => new Date() });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (outcome !== 'completed') throw new Error(`export ${exportId} ended ${outcome}`);
  const job = await exports.getExport(exportId);
  const used = process.cpuUsage(cpu);
  return {
    rows: job?.rows ?? 0,
    bytes: job?.bytes ?? 0,
    parts: job?.parts.length ?? 0,
    seconds,
    peakRssBytes: peak,
    startRssBytes: startRss,
    cpuSeconds: (used.user + used.system) / 1e6,
  };
}

// When forked: one export, then the result over IPC.
if (process.send) {
  process.once('message', (message: { exportId: string; dataDir: string }) => {
    runOne(message.exportId, message.dataDir).then(
      (result) => process.send?.({ ok: true, result }, () => process.exit(0)),
      (error: unknown) =>
        process.send?.({ ok: false, error: error instanceof Error ? error.message : String(error) }, () => process.exit(1)),
    );
  });
}

import type { Context, SQSEvent } from 'aws-lambda';
import { exportWorkerDependencies } from '#shared/adapters/runtime/export-dependencies';
import { exportMessageSchema } from '#shared/domain/exports/export-job';
import { runExport } from '#shared/domain/exports/run-export';
import { log } from '#shared/logging/logger';
import { countMetric } from '#shared/logging/metrics';
import { WORKERS } from '#shared/workers/definitions';
import { deliveryOf, parseMessage, processSqsBatch } from '#shared/workers/sqs-batch';
import { exportReader } from './export-lines';

const dependencies = exportWorkerDependencies();
/** An invocation stops this long before its timeout and queues the rest of its export. */
const PAUSE_MARGIN_MS = 60_000;
const MAX_RECEIVES = WORKERS.find((w) => w.functionName === 'export-worker')?.maxReceiveCount ?? 5;

/** Consumes exports: runs one export from where its record stopped (part by part), to its completion. */
export const handler = (event: SQSEvent, context?: Context) =>
  processSqsBatch(
    event,
    async (record) => {
      const { export_id: exportId } = parseMessage(record, exportMessageSchema);
      const deps = dependencies();
      try {
        const outcome = await runExport({ ...deps, readerFor: (job) => exportReader(job, deps.stores) }, exportId, {
          now: () => new Date(),
          shouldPause: () => context !== undefined && context.getRemainingTimeInMillis() < PAUSE_MARGIN_MS,
        });
        if (outcome === 'paused') await deps.queue.send([{ body: { export_id: exportId } }]);
        if (outcome === 'completed') countMetric('ExportsCompleted');
        log('info', 'export', { exportId, outcome });
      } catch (error) {
        // The last delivery: the export is failed (its message goes to the dead-letter queue).
        if (deliveryOf(record).receiveCount >= MAX_RECEIVES) {
          await deps.exports.failExport(exportId, 'the export could not be written; request it again');
        }
        throw error;
      }
    },
    context,
  );

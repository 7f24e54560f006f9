import type { Context, SQSEvent } from 'aws-lambda';
import { callRetentionDependencies } from '#shared/adapters/runtime/call-retention-dependencies';
import { sweepRetention } from '#shared/domain/call-retention';
import { log } from '#shared/logging/logger';
import { processSqsBatch } from '#shared/workers/sqs-batch';

const dependencies = callRetentionDependencies();

/**
 * Consumes retention-sweeps (one message a day, from its schedule): removes the transcripts and
 * recording references past each team's retention. A redelivered or doubled message sweeps again
 * and finds nothing more to remove.
 */
export const handler = (event: SQSEvent, context?: Context) =>
  processSqsBatch(
    event,
    async () => {
      const result = await sweepRetention(dependencies(), new Date());
      log('info', 'retention sweep', { ...result });
    },
    context,
  );

import type { Context, SQSEvent } from 'aws-lambda';
import { dataDeletionWorkerDependencies } from '#shared/adapters/runtime/data-subject-deletion-worker-dependencies';
import { isDeletionMessage, runDeletion } from '#shared/domain/data-subject-deletions/run';
import { PoisonMessageError } from '#shared/errors';
import { processSqsBatch } from '#shared/workers/sqs-batch';

const dependencies = dataDeletionWorkerDependencies();

/** Consumes data-deletions: each message goes on with one deletion from the first kind not finished. */
export const handler = (event: SQSEvent, context?: Context) =>
  processSqsBatch(
    event,
    async (record) => {
      let body: unknown;
      try {
        body = JSON.parse(record.body);
      } catch {
        throw new PoisonMessageError('message body is not JSON');
      }
      if (!isDeletionMessage(body)) throw new PoisonMessageError('not a data-subject deletion message');
      await runDeletion(dependencies(), body);
    },
    context,
  );

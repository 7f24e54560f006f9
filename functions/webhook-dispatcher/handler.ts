import type { Context, SQSEvent } from 'aws-lambda';
import { webhookDispatcherDependencies } from '#shared/adapters/runtime/webhook-dispatcher-dependencies';
import { isAttemptMessage } from '#shared/domain/webhooks/deliveries';
import { fanOut, isIncomingEvent, runAttempt } from '#shared/domain/webhooks/dispatch';
import { isReplayMessage, runReplay } from '#shared/domain/webhooks/replay';
import { PoisonMessageError } from '#shared/errors';
import { processSqsBatch } from '#shared/workers/sqs-batch';

const dependencies = webhookDispatcherDependencies();

/**
 * Consumes webhook-deliveries: EventBridge events from the rule (fanned out to the team's
 * subscriptions), attempt messages (one signed POST each) and replay messages (a page of history
 * at a time). Failures are reported per record.
 */
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
      if (isAttemptMessage(body)) {
        if ((await runAttempt(await dependencies(), body)) === 'retry') throw new Error('attempt in flight elsewhere; retried later');
      } else if (isReplayMessage(body)) {
        await runReplay(await dependencies(), body);
      } else if (isIncomingEvent(body)) {
        await fanOut(await dependencies(), body);
      } else {
        throw new PoisonMessageError('neither an EventBridge event, a webhook attempt nor a replay');
      }
    },
    context,
  );

import type { Context, SQSEvent } from 'aws-lambda';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoWebhookStore } from '#shared/adapters/dynamodb/webhook-store';
import { HttpWebhookSender } from '#shared/adapters/http/webhook-sender';
import { eventBus } from '#shared/adapters/runtime/event-bus';
import { queues } from '#shared/adapters/runtime/queues';
import { scheduler } from '#shared/adapters/runtime/scheduler';
import { webhookSettings } from '#shared/adapters/runtime/webhook-settings';
import { isAttemptMessage } from '#shared/domain/webhooks/deliveries';
import { type DispatchDeps, fanOut, isIncomingEvent, runAttempt } from '#shared/domain/webhooks/dispatch';
import { PoisonMessageError } from '#shared/errors';
import { processSqsBatch } from '#shared/workers/sqs-batch';

const settings = webhookSettings();
const store = new DynamoWebhookStore(getDocumentClient(), physicalTableName('webhooks'));
const sender = new HttpWebhookSender({ allowPrivate: settings.allowPrivateTargets });

const deps = async (): Promise<DispatchDeps> => ({
  store,
  queue: queues.get('webhook-deliveries'),
  scheduler: scheduler.get('default'),
  bus: eventBus.get('default'),
  sender,
  box: await settings.sealingBox(),
  retrySchedule: settings.retrySchedule,
  now: () => new Date(),
});

/**
 * Consumes webhook-deliveries: EventBridge events from the rule (fanned out to the team's
 * subscriptions) and attempt messages (one signed POST each). Failures are reported per record.
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
        if ((await runAttempt(await deps(), body)) === 'retry') throw new Error('attempt in flight elsewhere; retried later');
      } else if (isIncomingEvent(body)) {
        await fanOut(await deps(), body);
      } else {
        throw new PoisonMessageError('neither an EventBridge event nor a webhook attempt');
      }
    },
    context,
  );

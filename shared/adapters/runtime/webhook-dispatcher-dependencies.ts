import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoOutboxStore } from '#shared/adapters/dynamodb/outbox';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoWebhookStore } from '#shared/adapters/dynamodb/webhook-store';
import { HttpWebhookSender } from '#shared/adapters/http/webhook-sender';
import type { DispatchDeps } from '#shared/domain/webhooks/dispatch';
import { lazy } from '#shared/lazy';
import { queues } from './queues';
import { scheduler } from './scheduler';
import { webhookSettings } from './webhook-settings';

/**
 * The webhook dispatcher's dependencies (functions/webhook-dispatcher), apart from the routes'
 * so that no route bundles the HTTP sender. Call it at module load: the webhooks and outbox tables
 * (a disabled subscription's event is due in the outbox; replays read its history) and the webhook settings are looked up
 * then; the store and the sender are built on the first call and kept; the queue and the scheduler
 * come from their adapter slots, and the sealing box from the current key, on every call.
 */
export function webhookDispatcherDependencies(): () => Promise<DispatchDeps> {
  const table = physicalTableName('webhooks');
  const outbox = physicalTableName('outbox');
  const settings = webhookSettings();
  const built = lazy(() => ({
    store: new DynamoWebhookStore(getDocumentClient(), table, outbox),
    history: new DynamoOutboxStore(getDocumentClient(), outbox),
    sender: new HttpWebhookSender({ allowPrivate: settings.allowPrivateTargets }),
  }));
  return async () => ({
    ...built(),
    queue: queues.get('webhook-deliveries'),
    scheduler: scheduler.get('default'),
    box: await settings.sealingBox(),
    retrySchedule: settings.retrySchedule,
    now: () => new Date(),
  });
}

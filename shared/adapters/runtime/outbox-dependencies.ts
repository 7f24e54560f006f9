import type { DynamoDBRecord } from 'aws-lambda';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoOutboxStore, dueEventOfStreamRecord } from '#shared/adapters/dynamodb/outbox';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { PublishDueEventsDependencies } from '#shared/domain/outbox/publish-due-events';
import { lazy } from '#shared/lazy';
import type { DueEvent } from '#shared/ports/outbox';
import { eventBus } from './event-bus';
import { queues } from './queues';

export interface OutboxConsumerDependencies extends PublishDueEventsDependencies {
  /** The event a record of the outbox table's stream makes due, decoded by the outbox's adapter. */
  readonly dueEventOf: (record: DynamoDBRecord) => DueEvent | null;
}

/**
 * The dependencies of the outbox publisher (publish-events). Call it at module load: the outbox
 * table is looked up then; its store is built on the first call of the returned function, and the
 * event bus is taken from its adapter slot on every call.
 */
export function outboxDependencies(): () => OutboxConsumerDependencies {
  const table = physicalTableName('outbox');
  const outbox = lazy(() => new DynamoOutboxStore(getDocumentClient(), table));
  return () => ({
    bus: eventBus.get('default'),
    appointmentTexts: queues.get('appointment-texts'),
    widgetFollowups: queues.get('widget-followups'),
    outbox: outbox(),
    now: () => new Date(),
    dueEventOf: dueEventOfStreamRecord,
  });
}

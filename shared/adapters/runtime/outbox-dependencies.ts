import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoOutboxStore } from '#shared/adapters/dynamodb/outbox';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { PublishDueEventsDependencies } from '#shared/domain/outbox/publish-due-events';
import { lazy } from '#shared/lazy';
import { eventBus } from './event-bus';

/**
 * The dependencies of the outbox publisher (publish-events). Call it at module load: the outbox
 * table is looked up then; its store is built on the first call of the returned function, and the
 * event bus is taken from its adapter slot on every call.
 */
export function outboxDependencies(): () => PublishDueEventsDependencies {
  const table = physicalTableName('outbox');
  const outbox = lazy(() => new DynamoOutboxStore(getDocumentClient(), table));
  return () => ({ bus: eventBus.get('default'), outbox: outbox(), now: () => new Date() });
}

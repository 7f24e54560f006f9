import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LeadRecord } from '#shared/domain/leads';
import type { SessionRecord } from '#shared/domain/sessions';
import type { DomainEvent } from '#shared/ports/event-bus';
import type { StoredWidgetSession, WidgetRecoveryStore, WidgetSessionExtras } from '#shared/ports/widget-session-store';
import { outboxPuts } from './outbox';
import { physicalTableName } from './tables';
import { isTransactionCancelled, transactWrite } from './transact';
import { toWidgetSessionItem } from './widget-session-items';
import { DynamoWidgetSessionStore } from './widget-session-store';

/**
 * The widget sessions with a drop-off's write (the widget worker's store): the session, its
 * recovery lead and the lead's events in one transaction. Apart from DynamoWidgetSessionStore
 * because the lead and intake items it writes are not read by what only reads and books sessions
 * (the widget API, the appointment routes), which then do not load them; the worker imports them
 * with its first recovery write.
 */
export class DynamoWidgetRecoveryStore extends DynamoWidgetSessionStore implements WidgetRecoveryStore {
  constructor(
    client: DynamoDBDocumentClient,
    tableName: string,
    /** Where a drop-off writes its recovery lead and events; the physical names by default. */
    private readonly recoveryTables: { readonly leads: string; readonly outbox: string } = {
      leads: physicalTableName('leads'),
      outbox: physicalTableName('outbox'),
    },
  ) {
    super(client, tableName);
  }

  async dropOffWithRecovery(
    previous: StoredWidgetSession,
    next: SessionRecord,
    extras: WidgetSessionExtras,
    lead: LeadRecord,
    events: readonly DomainEvent[],
  ): Promise<boolean> {
    const tables = this.recoveryTables;
    // The lead's items are imported with the first recovery: a drop-off check that plans none
    // (a session booked or still going) and the worker's field-service jobs never write a lead.
    const [{ toLeadItem }, { stlCallPointerItem }] = await Promise.all([import('./lead-store'), import('./intake-store')]);
    const leadItem = toLeadItem(lead);
    const pointer = lead.outreach
      ? [
          {
            Put: {
              TableName: tables.leads,
              Item: stlCallPointerItem(lead.outreach.stl_call_id, leadItem, lead),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ]
      : [];
    try {
      await transactWrite(this.client, {
        TransactItems: [
          {
            Put: {
              TableName: this.tableName,
              Item: toWidgetSessionItem({ ...previous, session: next, extras, version: previous.version + 1 }),
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': previous.version },
            },
          },
          { Put: { TableName: tables.leads, Item: leadItem, ConditionExpression: 'attribute_not_exists(pk)' } },
          ...pointer,
          ...outboxPuts(events, tables.outbox),
        ],
      });
      return true;
    } catch (error) {
      if (isTransactionCancelled(error) && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
      throw error;
    }
  }
}

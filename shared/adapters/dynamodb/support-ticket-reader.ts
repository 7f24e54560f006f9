import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SupportTicketReads } from '#shared/ports/call-store';
import { fromTicketItem, ticketsPk } from './call-items';
import { readTimeOrdered } from './time-range';

/**
 * The enterprise's support tickets, read from the calls table (call-items.ts): the tickets list
 * reads them without the call store, so it builds no call, transfer or report schema and loads
 * none of the report's writes (DynamoCallStore answers listTickets through it).
 */
export class DynamoSupportTicketReader implements SupportTicketReads {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listTickets(q: Parameters<SupportTicketReads['listTickets']>[0]): ReturnType<SupportTicketReads['listTickets']> {
    const teamFilter = q.teamIds && q.teamIds.length > 0;
    const values: Record<string, unknown> = {};
    const placeholders = (q.teamIds ?? []).map((id, i) => {
      values[`:team${i}`] = id;
      return `:team${i}`;
    });
    const items = await readTimeOrdered(this.client, {
      tableName: this.tableName,
      partitionKeyName: 'pk',
      partitionKeyValue: ticketsPk(q.enterpriseId),
      sortKeyName: 'sk',
      start: q.start,
      end: q.end,
      after: q.after,
      want: q.limit + 1,
      filter: teamFilter ? { FilterExpression: `team_id IN (${placeholders.join(', ')})`, ExpressionAttributeValues: values } : undefined,
    });
    return items.map((item) => ({ ticket: fromTicketItem(item), position: String(item.sk) }));
  }
}

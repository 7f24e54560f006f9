import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TicketRecord } from '#shared/domain/support-tickets';
import type { SupportTicketWriter } from '#shared/ports/support-ticket-writer';
import { toTicketItem } from './call-items';

/** Tickets beside the calls' (calls table, the enterprise's tickets partition: call-items.ts). */
export class DynamoSupportTicketWriter implements SupportTicketWriter {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async openTicket(ticket: TicketRecord): Promise<boolean> {
    try {
      await this.client.send(
        new PutCommand({ TableName: this.tableName, Item: toTicketItem(ticket), ConditionExpression: 'attribute_not_exists(pk)' }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}

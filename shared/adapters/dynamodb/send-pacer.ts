import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SendPacer } from '#shared/ports/send-pacer';
import { teamPk } from './keys';

/**
 * The team's pacing slot in the campaigns table: `TEAM#<t>#PACE` / NEXT holds when the next
 * text may go (epoch ms). Taking slots is one conditional write (the slot is free: start now) or,
 * when it is not, one atomic add (start where the last taker stopped): no two senders get the
 * same slot, whatever their number.
 */
export class DynamoSendPacer implements SendPacer {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private key(teamId: number) {
    return { pk: `${teamPk(teamId)}#PACE`, sk: 'NEXT' };
  }

  async nextFree(teamId: number, now: number): Promise<number> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: this.key(teamId), ConsistentRead: true }));
    return typeof result.Item?.next_at === 'number' ? result.Item.next_at : now;
  }

  async take(teamId: number, count: number, intervalMs: number, now: number): Promise<number> {
    const span = count * intervalMs;
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.key(teamId),
          UpdateExpression: 'SET next_at = :end',
          ConditionExpression: 'attribute_not_exists(next_at) OR next_at <= :now',
          ExpressionAttributeValues: { ':end': now + span, ':now': now },
        }),
      );
      return now;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    const result = await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: this.key(teamId),
        UpdateExpression: 'ADD next_at :span',
        ExpressionAttributeValues: { ':span': span },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(result.Attributes?.next_at) - span;
  }
}

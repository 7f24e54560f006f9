import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { teamPk } from './keys';
import { queryPages } from './query';

/** What the sweeper removes from a call: its transcript (text and turns) or its recording reference. */
export type RetainedPart = 'transcript' | 'recording';

/** Still holding the part: the filter keeps already-swept calls out of the answer (they are still read). */
const HOLDS: Record<RetainedPart, string> = {
  transcript: 'attribute_type(transcript, :string) OR attribute_exists(turns)',
  recording: 'attribute_type(recording_url, :string)',
};

/** The update that removes the part; the call keeps every other attribute. */
const REMOVES: Record<RetainedPart, string> = {
  transcript: 'SET transcript = :null REMOVE turns, turns_trimmed',
  recording: 'SET recording_url = :null',
};

/**
 * The calls table as the retention sweeper sees it (ADR 0166): a team's calls sit in its partition
 * sorted by start, so the calls started before a cutoff are one key-range query, never a scan of
 * other teams' calls.
 */
export class DynamoCallRetentionStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /**
   * Removes `part` from every call of the team that started before `cutoff` and still holds it;
   * returns how many calls changed. A second run finds none: the removal is idempotent.
   */
  async removeBefore(teamId: number, part: RetainedPart, cutoff: Date): Promise<number> {
    let removed = 0;
    const pages = queryPages(this.client, {
      TableName: this.tableName,
      // The sort key starts with the ISO start instant, so `< cutoff` is "started before the cutoff".
      KeyConditionExpression: 'pk = :pk AND sk < :cutoff',
      FilterExpression: `attribute_exists(call_id) AND (${HOLDS[part]})`,
      ProjectionExpression: 'pk, sk',
      ExpressionAttributeValues: { ':pk': teamPk(teamId), ':cutoff': cutoff.toISOString(), ':string': 'S' },
    });
    for await (const items of pages) {
      for (const item of items) {
        if (await this.remove({ pk: String(item.pk), sk: String(item.sk) }, part)) removed++;
      }
    }
    return removed;
  }

  private async remove(key: { pk: string; sk: string }, part: RetainedPart): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: key,
          UpdateExpression: REMOVES[part],
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':null': null },
        }),
      );
      return true;
    } catch (error) {
      // Gone meanwhile: nothing left to remove.
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}

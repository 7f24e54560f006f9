import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { RubricRevision } from '#shared/domain/coach/rubric';
import { ConflictError } from '#shared/errors';
import type { RubricStore } from '#shared/ports/coach-store';
import { teamPk } from './keys';
import { queryByOffset } from './offset-query';
import { type Item, queryAll } from './query';
import { isTransactionCancelled, transactWrite } from './transact';

/**
 * A team's coach rubric history in the teams table: `TEAM#<t>` / `COACH_RUBRIC#<revision, 6 digits>`
 * per stored revision, and `TEAM#<t>` / `CONFIG#coach-rubric`, a copy of the revision in force (what
 * the coach worker reads: one GetItem). A change writes both in one transaction, conditioned on the
 * revision in force being the one the change was computed from.
 */
const CURRENT_SK = 'CONFIG#coach-rubric';
const HISTORY_PREFIX = 'COACH_RUBRIC#';

function historySk(revision: number): string {
  return `${HISTORY_PREFIX}${String(revision).padStart(6, '0')}`;
}

function fromItem(item: Item): RubricRevision {
  return {
    revision: Number(item.revision),
    rubric: item.rubric as RubricRevision['rubric'],
    in_force_from: (item.in_force_from as string | null) ?? null,
  };
}

export class DynamoRubricStore implements RubricStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    /** The teams table. */
    private readonly tableName: string,
  ) {}

  async getCurrentRevision(teamId: number): Promise<RubricRevision | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: teamPk(teamId), sk: CURRENT_SK }, ConsistentRead: true }),
    );
    return result.Item ? fromItem(result.Item) : null;
  }

  async listRevisions(teamId: number, offset: number, limit: number): Promise<RubricRevision[]> {
    const items = await queryByOffset(
      this.client,
      {
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': teamPk(teamId), ':prefix': HISTORY_PREFIX },
        ScanIndexForward: false,
      },
      ['pk', 'sk'],
      offset,
      limit,
    );
    return items.map(fromItem);
  }

  async allRevisions(teamId: number): Promise<RubricRevision[]> {
    const items = await queryAll(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': teamPk(teamId), ':prefix': HISTORY_PREFIX },
    });
    return items.map(fromItem);
  }

  async saveRevision(teamId: number, revision: RubricRevision): Promise<void> {
    const pk = teamPk(teamId);
    const body = { revision: revision.revision, rubric: revision.rubric, in_force_from: revision.in_force_from, team_id: teamId };
    try {
      await transactWrite(this.client, {
        TransactItems: [
          {
            Put: {
              TableName: this.tableName,
              Item: { pk, sk: historySk(revision.revision), ...body },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: this.tableName,
              Item: { pk, sk: CURRENT_SK, ...body },
              ConditionExpression: revision.revision === 1 ? 'attribute_not_exists(pk)' : 'revision = :previous',
              ExpressionAttributeValues: revision.revision === 1 ? undefined : { ':previous': revision.revision - 1 },
            },
          },
        ],
      });
    } catch (error) {
      if (!isTransactionCancelled(error)) throw error;
      throw new ConflictError(`the rubric of team ${teamId} changed while this change was prepared; run the command again`);
    }
  }
}

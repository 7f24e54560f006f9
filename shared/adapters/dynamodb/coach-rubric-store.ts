import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { Criterion, RubricRevision } from '#shared/domain/coach/rubric';
import { ConflictError } from '#shared/errors';
import { atLoad } from '#shared/lazy';
import type { RubricStore } from '#shared/ports/coach-store';
import { teamPk } from './keys';
import { queryByOffset } from './offset-query';
import { type Item, parseStoredItem, queryAll } from './query';
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

/**
 * The items are type aliases, not interfaces: plain records, as the document client writes and
 * reads them (Record<string, unknown>).
 */
/**
 * A revision as stored: under its history key, and copied under CURRENT_SK while in force. Its
 * members keep the record's names, so this list is its type, validation and mapping back.
 */
const storedRevision = /* @__PURE__ */ atLoad(() =>
  z.object({
    revision: z.number(),
    rubric: z.object({
      rubric_id: z.string(),
      version: z.number(),
      name: z.string(),
      pass_threshold: z.number(),
      criteria: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          description: z.string(),
          weight: z.number(),
          keywords: z.optional(z.array(z.string())),
        }),
      ),
      source: z.enum(['default', 'team']),
    }),
    in_force_from: z._default(z.nullable(z.string()), null),
  }),
) satisfies z.ZodMiniType<RubricRevision>;

type RubricRevisionItem = { readonly pk: string; readonly sk: string; readonly team_id: number } & z.input<typeof storedRevision>;

function toStoredCriterion(c: Criterion): z.input<typeof storedRevision>['rubric']['criteria'][number] {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    weight: c.weight,
    ...(c.keywords === undefined ? {} : { keywords: [...c.keywords] }),
  };
}

export function toRubricRevisionItem(teamId: number, sk: string, r: RubricRevision): RubricRevisionItem {
  return {
    pk: teamPk(teamId),
    sk,
    revision: r.revision,
    rubric: {
      rubric_id: r.rubric.rubric_id,
      version: r.rubric.version,
      name: r.rubric.name,
      pass_threshold: r.rubric.pass_threshold,
      criteria: r.rubric.criteria.map(toStoredCriterion),
      source: r.rubric.source,
    },
    in_force_from: r.in_force_from,
    team_id: teamId,
  };
}

function fromRubricRevisionItem(raw: Item): RubricRevision {
  return parseStoredItem(storedRevision, raw, 'coach rubric revision');
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
    return result.Item ? fromRubricRevisionItem(result.Item) : null;
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
    return items.map((item) => fromRubricRevisionItem(item));
  }

  async allRevisions(teamId: number): Promise<RubricRevision[]> {
    const items = await queryAll(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': teamPk(teamId), ':prefix': HISTORY_PREFIX },
    });
    return items.map((item) => fromRubricRevisionItem(item));
  }

  async saveRevision(teamId: number, revision: RubricRevision): Promise<void> {
    try {
      await transactWrite(this.client, {
        TransactItems: [
          {
            Put: {
              TableName: this.tableName,
              Item: toRubricRevisionItem(teamId, historySk(revision.revision), revision),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: this.tableName,
              Item: toRubricRevisionItem(teamId, CURRENT_SK, revision),
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

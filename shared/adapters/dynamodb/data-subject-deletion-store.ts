import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { AuditEntry } from '#shared/domain/audit-log/entry';
import {
  type DataSubjectDeletion,
  DELETION_KINDS,
  DELETION_STATUSES,
  type DeletionKind,
  type DeletionStatus,
} from '#shared/domain/data-subject-deletions/request';
import { atLoad } from '#shared/lazy';
import type { DataSubjectDeletionStore } from '#shared/ports/data-subject-deletion-store';
import type { DomainEvent } from '#shared/ports/event-bus';
import { auditLogPut } from './audit-log-store';
import { outboxPuts } from './outbox';
import { type Item, parseStoredItem } from './query';
import { isTransactionCancelled, transactWrite } from './transact';

/**
 * Deletions on request in the teams table: one item per deletion (`DELETION#<id>` / `DELETION`),
 * addressed by its id (derived from what it deletes). Each kind's count is its own number
 * attribute (`count_<kind>`), added to by the erasers in the transaction that removes each item,
 * so a count is exact across crashes. The subject (phone, email) is kept only until completion.
 */
export const deletionKey = (id: string) => ({ pk: `DELETION#${id}`, sk: 'DELETION' });
export const countAttribute = (kind: DeletionKind) => `count_${kind}`;

/**
 * A deletion's attributes as stored. The subject is cleared at completion; `count_<kind>` of a kind
 * added after the deletion was created is absent and reads as 0.
 */
const storedDeletion = /* @__PURE__ */ atLoad(() =>
  z.object({
    deletionId: z.string(),
    enterpriseId: z.number(),
    teamIds: z.array(z.number()),
    subjectPhone: z._default(z.nullable(z.string()), null),
    subjectEmail: z._default(z.nullable(z.string()), null),
    status: z.enum(DELETION_STATUSES),
    done: z.array(z.string()),
    createdAt: z.string(),
    completedAt: z._default(z.nullable(z.string()), null),
  }),
) satisfies z.ZodMiniType<{ status: DeletionStatus }>;

// One count schema under every kind's name: a schema reads the same wherever it sits, and one
// built per kind was 28 more zod objects at every cold start of the deletion functions.
const storedCounts = /* @__PURE__ */ atLoad(() => {
  const count = z._default(z.number(), 0);
  return z.object(Object.fromEntries(DELETION_KINDS.map((kind) => [countAttribute(kind), count])));
});

type DeletionItem = { readonly pk: string; readonly sk: string; readonly [count: `count_${string}`]: number } & z.input<
  typeof storedDeletion
>;

function toItem(d: DataSubjectDeletion): DeletionItem {
  return {
    ...deletionKey(d.id),
    deletionId: d.id,
    enterpriseId: d.enterpriseId,
    teamIds: [...d.teamIds],
    subjectPhone: d.subject?.phone ?? null,
    subjectEmail: d.subject?.email ?? null,
    status: d.status,
    done: [...d.done],
    createdAt: d.createdAt,
    completedAt: d.completedAt,
    ...Object.fromEntries(DELETION_KINDS.map((kind) => [countAttribute(kind), d.counts[kind]])),
  };
}

function fromItem(stored: Item): DataSubjectDeletion {
  const item = parseStoredItem(storedDeletion, stored, 'data subject deletion');
  const counts = parseStoredItem(storedCounts, stored, 'data subject deletion');
  const phone = item.subjectPhone;
  const email = item.subjectEmail;
  return {
    id: item.deletionId,
    enterpriseId: item.enterpriseId,
    teamIds: item.teamIds,
    subject: phone === null && email === null ? null : { phone, email },
    status: item.status,
    counts: Object.fromEntries(DELETION_KINDS.map((kind) => [kind, counts[countAttribute(kind)] ?? 0])) as Record<DeletionKind, number>,
    done: DELETION_KINDS.filter((kind) => item.done.includes(kind)),
    createdAt: item.createdAt,
    completedAt: item.completedAt,
  };
}

export class DynamoDataSubjectDeletionStore implements DataSubjectDeletionStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly tables: { readonly outbox?: string; readonly auditLog?: string } = {},
  ) {}

  async createDeletion(deletion: DataSubjectDeletion, audit: AuditEntry) {
    try {
      await transactWrite(this.client, {
        TransactItems: [
          { Put: { TableName: this.tableName, Item: toItem(deletion), ConditionExpression: 'attribute_not_exists(pk)' } },
          auditLogPut(audit, this.tables.auditLog),
        ],
      });
      return { deletion, created: true };
    } catch (error) {
      if (!isTransactionCancelled(error)) throw error;
      const existing = await this.getDeletion(deletion.id);
      if (!existing) throw error;
      return { deletion: existing, created: false };
    }
  }

  async getDeletion(id: string): Promise<DataSubjectDeletion | null> {
    const { Item } = await this.client.send(new GetCommand({ TableName: this.tableName, Key: deletionKey(id), ConsistentRead: true }));
    return Item ? fromItem(Item) : null;
  }

  async finishKind(id: string, kind: DeletionKind): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: deletionKey(id),
          UpdateExpression: 'SET done = list_append(done, :kind), #status = :running',
          ConditionExpression: 'attribute_exists(pk) AND NOT contains(done, :name) AND #status <> :completed',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':kind': [kind], ':name': kind, ':running': 'running', ':completed': 'completed' },
        }),
      );
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }

  async completeDeletion(id: string, at: string, events: readonly DomainEvent[], audit: AuditEntry): Promise<boolean> {
    const update = {
      TableName: this.tableName,
      Key: deletionKey(id),
      UpdateExpression: 'SET #status = :completed, completedAt = :at, subjectPhone = :null, subjectEmail = :null',
      ConditionExpression: 'attribute_exists(pk) AND #status <> :completed',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':completed': 'completed', ':at': at, ':null': null },
    };
    try {
      await transactWrite(this.client, {
        TransactItems: [{ Update: update }, ...outboxPuts(events, this.tables.outbox), auditLogPut(audit, this.tables.auditLog)],
      });
      return true;
    } catch (error) {
      if (isTransactionCancelled(error) && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
      throw error;
    }
  }
}

import type { DynamoDBDocumentClient, TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DataSubjectDeletion, DeletionKind } from '#shared/domain/data-subject-deletions/request';
import type { SubjectEraser } from '#shared/ports/data-subject-deletion-store';
import type { ExportFiles } from '#shared/ports/export-files';
import { callKinds } from './data-subject-deletion-call-kinds';
import { contactKinds } from './data-subject-deletion-contact-kinds';
import { exportKind } from './data-subject-deletion-export-kind';
import type { ErasedTables, ItemKey, KindSpec, RedactUpdate } from './data-subject-deletion-kind';
import { messageKinds } from './data-subject-deletion-message-kinds';
import { countAttribute, deletionKey } from './data-subject-deletion-store';
import { type Item, queryPages } from './query';
import { isTransactionCancelled, transactWrite } from './transact';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The erasers of every kind (DynamoDB; the kinds in data-subject-deletion-*-kinds.ts). Each item
 * removed is counted on the deletion in the same transaction as its removal, conditioned on the
 * item not being removed by this deletion yet, so a page run again after a crash removes and
 * counts nothing twice.
 */
export class DynamoSubjectEraser implements SubjectEraser {
  private readonly specs: Record<DeletionKind, KindSpec>;

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tables: ErasedTables,
    files: () => ExportFiles,
    now: () => Date = () => new Date(),
  ) {
    this.specs = {
      ...contactKinds(tables),
      ...callKinds(client, tables),
      ...messageKinds(client, tables),
      ...exportKind(client, tables, files, now),
    };
  }

  async erase(kind: DeletionKind, deletion: DataSubjectDeletion): Promise<void> {
    const subject = deletion.subject;
    if (!subject) return;
    const spec = this.specs[kind];
    for (const teamId of deletion.teamIds) {
      for (const query of await spec.queries(teamId, deletion)) {
        for await (const page of queryPages(this.client, query)) {
          for (const item of page) {
            if (spec.matches(item, subject, deletion)) await this.remove(kind, spec, item, deletion);
          }
        }
      }
    }
  }

  private async remove(kind: DeletionKind, spec: KindSpec, item: Item, deletion: DataSubjectDeletion): Promise<void> {
    const subject = deletion.subject;
    if (!subject) return;
    const removal = await spec.removal(item, subject, deletion);
    if (removal === null) return;
    const count: TransactItem = {
      Update: {
        TableName: this.tables.teams,
        Key: deletionKey(deletion.id),
        UpdateExpression: 'ADD #count :one',
        ExpressionAttributeNames: { '#count': countAttribute(kind) },
        ExpressionAttributeValues: { ':one': 1 },
      },
    };
    const found: ItemKey = item.sk === undefined ? { pk: String(item.pk) } : { pk: String(item.pk), sk: String(item.sk) };
    const writes: TransactItem[] =
      removal === 'delete'
        ? [{ Delete: { TableName: spec.table, Key: found, ConditionExpression: 'attribute_exists(pk)' } }]
        : (removal.keys ?? [found]).map((key) => ({ Update: redactUpdate(spec.table, key, removal, deletion.id) }));
    try {
      await transactWrite(this.client, { TransactItems: [...writes, count] });
    } catch (error) {
      // Removed already (by this deletion before a crash, or deleted meanwhile): nothing to count.
      if (!isTransactionCancelled(error)) throw error;
    }
  }
}

function redactUpdate(table: string, key: ItemKey, removal: RedactUpdate, deletionId: string) {
  const names: Record<string, string> = { '#erased': 'erasedBy', ...removal.condition?.names };
  const values: Record<string, unknown> = { ':id': deletionId, ...removal.condition?.values };
  const sets = Object.entries(removal.set).map(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  const removes = (removal.remove ?? []).map((name, i) => {
    names[`#r${i}`] = name;
    return `#r${i}`;
  });
  const condition = 'attribute_exists(pk) AND (attribute_not_exists(#erased) OR #erased <> :id)';
  return {
    TableName: table,
    Key: key,
    UpdateExpression: `SET ${[...sets, '#erased = :id'].join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ConditionExpression: removal.condition ? `${condition} AND ${removal.condition.expression}` : condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DataSubject, DataSubjectDeletion } from '#shared/domain/data-subject-deletions/request';
import type { Item } from './query';

/** Every table a person's data is erased from, by its logical name. */
export type ErasedTables = Readonly<
  Record<'teams' | 'sessions' | 'leads' | 'calls' | 'campaigns' | 'webhooks' | 'outbox' | 'auditLog' | 'exports', string>
>;

/** What stands in for removed free text that a record must keep (a ticket's reason, a criterion's). */
export const REMOVED = 'Removed on request';

/** A base-table key: `pk` and, on tables that have one, `sk`. */
export type ItemKey = Readonly<Record<string, string>>;

/**
 * One kind of a person's data: where it is read (Queries of the deletion's teams' partitions,
 * never a Scan), which items are the person's, and the write that removes their data from
 * `table`: an update that redacts (marked `erasedBy` the deletion, so it is done once) or a delete.
 */
export interface KindSpec {
  readonly table: string;
  readonly queries: (teamId: number, deletion: DataSubjectDeletion) => Promise<QueryCommandInput[]>;
  readonly matches: (item: Item, subject: DataSubject, deletion: DataSubjectDeletion) => boolean;
  readonly removal: (item: Item, subject: DataSubject, deletion: DataSubjectDeletion) => Promise<RedactUpdate | 'delete' | null>;
}

export interface RedactUpdate {
  /**
   * The items redacted alike, in one transaction with the count (a transfer and its feed copy);
   * default the item found.
   */
  readonly keys?: readonly ItemKey[];
  readonly set: Readonly<Record<string, unknown>>;
  readonly remove?: readonly string[];
  /** What must still hold of the item, besides not being erased by this deletion yet. */
  readonly condition?: {
    readonly expression: string;
    readonly names: Readonly<Record<string, string>>;
    readonly values: Readonly<Record<string, unknown>>;
  };
}

export const customerOf = (item: Item) => (item.customer ?? {}) as Record<string, unknown>;

export const partition = (table: string, pk: string, skPrefix?: string): QueryCommandInput => ({
  TableName: table,
  KeyConditionExpression: skPrefix === undefined ? 'pk = :pk' : 'pk = :pk AND begins_with(sk, :sk)',
  ExpressionAttributeValues: { ':pk': pk, ...(skPrefix === undefined ? {} : { ':sk': skPrefix }) },
});

/** One item of a partition, by its exact sort key (an item keyed by the number). */
export const exactItem = (table: string, pk: string, sk: string): QueryCommandInput => ({
  TableName: table,
  KeyConditionExpression: 'pk = :pk AND sk = :sk',
  ExpressionAttributeValues: { ':pk': pk, ':sk': sk },
});

export const index = (table: string, name: string, attribute: string, value: string): QueryCommandInput => ({
  TableName: table,
  IndexName: name,
  KeyConditionExpression: '#k = :v',
  ExpressionAttributeNames: { '#k': attribute },
  ExpressionAttributeValues: { ':v': value },
});

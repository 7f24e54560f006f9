import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { type Item, queryUpTo } from './query';

const LOWEST = '0';
const HIGHEST = '9999';

/**
 * Key condition for time-ordered sort keys (`<ISO instant>#<team>#<id>`), read newest first:
 * instants in [start, end) and, after a cursor, keys strictly below it. BETWEEN is inclusive, so
 * the cursor row itself is dropped by the caller (see readTimeOrdered). A row stamped exactly at
 * `end` has a key longer than `end` and so sorts above it: excluded, as the spec wants.
 */
export function timeRangeBounds(range: { start?: string; end?: string; after?: string }): { lo: string; hi: string } | null {
  const lo = range.start ?? LOWEST;
  let hi = range.end ?? HIGHEST;
  if (range.after !== undefined && range.after < hi) hi = range.after;
  return lo <= hi ? { lo, hi } : null;
}

export interface TimeOrderedQuery {
  readonly tableName: string;
  readonly indexName?: string;
  readonly partitionKeyName: string;
  readonly partitionKeyValue: string;
  readonly sortKeyName: string;
  readonly start?: string;
  readonly end?: string;
  readonly after?: string;
  readonly want: number;
  readonly filter?: Pick<QueryCommandInput, 'FilterExpression' | 'ExpressionAttributeValues' | 'ExpressionAttributeNames'>;
}

/** Reads up to `want` rows of one partition, newest first, strictly after the cursor position. */
export async function readTimeOrdered(client: DynamoDBDocumentClient, q: TimeOrderedQuery): Promise<Item[]> {
  const bounds = timeRangeBounds(q);
  if (!bounds) return [];
  const items = await queryUpTo(
    client,
    {
      TableName: q.tableName,
      IndexName: q.indexName,
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
      ExpressionAttributeNames: { '#pk': q.partitionKeyName, '#sk': q.sortKeyName, ...(q.filter?.ExpressionAttributeNames ?? {}) },
      ExpressionAttributeValues: {
        ':pk': q.partitionKeyValue,
        ':lo': bounds.lo,
        ':hi': bounds.hi,
        ...(q.filter?.ExpressionAttributeValues ?? {}),
      },
      FilterExpression: q.filter?.FilterExpression,
      ScanIndexForward: false,
    },
    q.want + (q.after !== undefined ? 1 : 0),
  );
  const rows = q.after !== undefined ? items.filter((item) => item[q.sortKeyName] !== q.after) : items;
  return rows.slice(0, q.want);
}

/** One partition a merged list reads: a partition key of the table or of one of its indexes. */
export interface ListPartition {
  readonly indexName?: string;
  readonly partitionKeyName: string;
  readonly partitionKeyValue: string;
}

export interface MergedTimeOrderedQuery {
  readonly tableName: string;
  readonly partitions: readonly ListPartition[];
  /** The sort key every partition shares (unique across partitions: it holds the team and the row's id). */
  readonly sortKeyName: string;
  readonly start?: string;
  readonly end?: string;
  readonly after?: string;
  readonly want: number;
  /**
   * Applied by DynamoDB after the key condition: every row it evaluates is read (and paid for),
   * matching or not, so a rare match costs many rows read per row returned.
   */
  readonly filter?: Pick<QueryCommandInput, 'FilterExpression' | 'ExpressionAttributeValues' | 'ExpressionAttributeNames'>;
  /** Rows it rejects are read past and never returned; the merge keeps reading, so the page still fills. */
  readonly accept?: (item: Item) => boolean;
}

/** A filtered read starts with pages of at least this many rows (most of them may be filtered out). */
const FILTERED_FIRST_PAGE = 25;
/** The largest page a filtered read grows to (DynamoDB also stops a page at 1 MB). */
const MAX_PAGE = 1000;

/** One partition's side of the merge. */
interface MergeSource {
  readonly partition: ListPartition;
  /** Rows read and accepted, newest first; those before `next` are already in the page. */
  rows: Item[];
  next: number;
  /** Where the next read continues (DynamoDB's LastEvaluatedKey). */
  startKey: Record<string, unknown> | undefined;
  /** Every row of the partition not read yet sorts strictly below it; undefined before the first read. */
  frontier: string | undefined;
  exhausted: boolean;
  pageSize: number;
  /** Whether `accept` turned rows of it away (its pages then grow as a filtered read's do). */
  rejected: boolean;
}

/**
 * Reads up to `want` rows of several partitions merged newest first, strictly after the cursor
 * position: a lazy k-way merge. Every partition is first read in a small page (ceil(want / k) + 1
 * rows), all at once; after that a partition is read again only when its buffer runs dry while it
 * may still hold a row ahead of the newest row buffered elsewhere (everything it has not returned
 * sorts below its last evaluated key), with its page doubling each time (capped by the rows still
 * wanted, unless a filter drops rows). A page thus reads about want + a few rows per partition
 * instead of want per partition, in one round of parallel queries plus short refills where the
 * rows are skewed. The sort keys of different partitions never collide, so one cursor position
 * continues every partition at once.
 */
export async function readTimeOrderedMerged(client: DynamoDBDocumentClient, q: MergedTimeOrderedQuery): Promise<Item[]> {
  const bounds = timeRangeBounds(q);
  if (!bounds || q.want <= 0 || q.partitions.length === 0) return [];
  const firstPage = Math.ceil(q.want / q.partitions.length) + 1;
  const sources: MergeSource[] = q.partitions.map((partition) => ({
    partition,
    rows: [],
    next: 0,
    startKey: undefined,
    frontier: undefined,
    exhausted: false,
    pageSize: q.filter ? Math.max(firstPage, FILTERED_FIRST_PAGE) : firstPage,
    rejected: false,
  }));
  const page: Item[] = [];
  const positionOf = (item: Item) => String(item[q.sortKeyName]);

  const read = async (source: MergeSource): Promise<void> => {
    if (source.frontier !== undefined) {
      const grown = source.pageSize * 2;
      // Without dropped rows a source never needs more than the rows still wanted.
      source.pageSize = q.filter || source.rejected ? Math.min(MAX_PAGE, grown) : Math.max(1, Math.min(grown, q.want - page.length));
    }
    const result = await client.send(
      new QueryCommand({
        TableName: q.tableName,
        IndexName: source.partition.indexName,
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
        ExpressionAttributeNames: {
          '#pk': source.partition.partitionKeyName,
          '#sk': q.sortKeyName,
          ...(q.filter?.ExpressionAttributeNames ?? {}),
        },
        ExpressionAttributeValues: {
          ':pk': source.partition.partitionKeyValue,
          ':lo': bounds.lo,
          ':hi': bounds.hi,
          ...(q.filter?.ExpressionAttributeValues ?? {}),
        },
        FilterExpression: q.filter?.FilterExpression,
        ScanIndexForward: false,
        ExclusiveStartKey: source.startKey,
        Limit: source.pageSize,
      }),
    );
    // Only a dry source is read, so nothing buffered is dropped here.
    source.rows = [];
    for (const item of result.Items ?? []) {
      if (positionOf(item) === q.after) continue;
      if (q.accept && !q.accept(item)) source.rejected = true;
      else source.rows.push(item);
    }
    source.next = 0;
    source.startKey = result.LastEvaluatedKey;
    source.exhausted = source.startKey === undefined;
    source.frontier = source.startKey === undefined ? '' : String(source.startKey[q.sortKeyName]);
  };

  while (page.length < q.want) {
    let best: MergeSource | undefined;
    let bestPosition: string | undefined;
    for (const source of sources) {
      const head = source.rows[source.next];
      if (head === undefined) continue;
      const position = positionOf(head);
      if (bestPosition === undefined || position > bestPosition) {
        best = source;
        bestPosition = position;
      }
    }
    const dry = sources.filter(
      (s) =>
        !s.exhausted && s.next >= s.rows.length && (s.frontier === undefined || bestPosition === undefined || s.frontier > bestPosition),
    );
    if (dry.length > 0) {
      await Promise.all(dry.map(read));
      continue;
    }
    if (!best) break;
    page.push(best.rows[best.next++] as Item);
  }
  return page;
}

import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { type Item, queryUpTo } from './query';

const LOWEST = '0';
const HIGHEST = '9999';

/**
 * Key condition for time-ordered sort keys (`<ISO instant>#<team>#<id>`), read newest first:
 * instants in [start, end) and, after a cursor, keys strictly below it. BETWEEN is inclusive, so
 * the cursor row itself is dropped by the caller (see readTimeOrdered). A row stamped exactly at
 * `end` has a key longer than `end` and so sorts above it: excluded, as a range's end is.
 */
export function timeRangeBounds(range: {
  start?: string;
  end?: string;
  after?: string;
  order?: ListOrder;
}): { lo: string; hi: string } | null {
  let lo = range.start ?? LOWEST;
  let hi = range.end ?? HIGHEST;
  if (range.order === 'oldest-first') {
    if (range.after !== undefined && range.after > lo) lo = range.after;
  } else if (range.after !== undefined && range.after < hi) hi = range.after;
  return lo <= hi ? { lo, hi } : null;
}

/**
 * The order a list reads its sort keys in: newest first (the date-range lists), or oldest first
 * (the change feeds, which read `<updated_at>#<team>#<id>` keys forwards; see change-feed.ts).
 */
export type ListOrder = 'newest-first' | 'oldest-first';

/**
 * The bounds of a change window (shared/pagination/change-feed.ts) over change sort keys
 * (changeSortKey: `<updated_at>#<team>#<id>`), read oldest first: `$` sorts just above `#`, so a
 * row stamped exactly at `since` is left out and one stamped exactly at `until` is in.
 */
export function changeWindowRange(window: { readonly since: string; readonly until: string }): {
  start: string;
  end: string;
  order: ListOrder;
} {
  return { start: `${window.since}$`, end: `${window.until}$`, order: 'oldest-first' };
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
  /** Attributes to read instead of whole rows (the sort key is always among them). */
  readonly projection?: readonly string[];
  /** @default 'newest-first' */
  readonly order?: ListOrder;
}

/** The ProjectionExpression of `projection` and the sort key, with the names it uses; none without a projection. */
function projectionOf(
  sortKeyName: string,
  projection: readonly string[] | undefined,
): { ProjectionExpression?: string; names: Record<string, string> } {
  if (!projection) return { names: {} };
  const names = Object.fromEntries([...new Set([sortKeyName, ...projection])].map((name, i) => [`#p${i}`, name]));
  return { ProjectionExpression: Object.keys(names).join(', '), names };
}

/** Reads up to `want` rows of one partition in list order (newest first unless told), strictly after the cursor position. */
export async function readTimeOrdered(client: DynamoDBDocumentClient, q: TimeOrderedQuery): Promise<Item[]> {
  const bounds = timeRangeBounds(q);
  if (!bounds) return [];
  const projected = projectionOf(q.sortKeyName, q.projection);
  const items = await queryUpTo(
    client,
    {
      TableName: q.tableName,
      IndexName: q.indexName,
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
      ProjectionExpression: projected.ProjectionExpression,
      ExpressionAttributeNames: {
        '#pk': q.partitionKeyName,
        '#sk': q.sortKeyName,
        ...projected.names,
        ...(q.filter?.ExpressionAttributeNames ?? {}),
      },
      ExpressionAttributeValues: {
        ':pk': q.partitionKeyValue,
        ':lo': bounds.lo,
        ':hi': bounds.hi,
        ...(q.filter?.ExpressionAttributeValues ?? {}),
      },
      FilterExpression: q.filter?.FilterExpression,
      ScanIndexForward: q.order === 'oldest-first',
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
  /**
   * Attributes to read instead of whole rows (the sort key is always among them): a skip over
   * rows the page does not return reads their keys only.
   */
  readonly projection?: readonly string[];
  /** @default 'newest-first' */
  readonly order?: ListOrder;
}

/** A filtered read starts with pages of at least this many rows (most of them may be filtered out). */
const FILTERED_FIRST_PAGE = 25;
/** The largest page a filtered read grows to (DynamoDB also stops a page at 1 MB). */
const MAX_PAGE = 1000;

/** One partition's side of the merge. */
interface MergeSource {
  readonly partition: ListPartition;
  /** Rows read and accepted, newest first. */
  readonly rows: Item[];
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
 * Reads up to `want` rows of several partitions merged in list order (newest first unless
 * `order` says oldest first; the description below is of newest first, mirrored for the other), strictly after the cursor
 * position: a lazy k-way merge, in rounds of parallel queries. The first round reads every
 * partition in a small page (ceil(want / k) + 1 rows). After each round, the cutoff is the
 * want-th newest row read so far: the page can only end at or above it, so a partition whose unread
 * rows all sort below it (its last evaluated key is at or below the cutoff) is never read again,
 * and only the partitions whose every row read so far lies in the page and that may hold more rows
 * ahead of the cutoff are read in the next round. Their next page is sized from how densely they
 * filled the page so far (unless rows are dropped by a filter or the team check, then it doubles).
 * When no partition is left to read, the want newest rows read are the page. A page thus reads
 * about want + a few rows per partition instead of want per partition, in one round plus a short
 * one or two where a few partitions hold more than their share. The sort keys of different
 * partitions never collide, so one cursor position continues every partition at once.
 */
export async function readTimeOrderedMerged(client: DynamoDBDocumentClient, q: MergedTimeOrderedQuery): Promise<Item[]> {
  const bounds = timeRangeBounds(q);
  if (!bounds || q.want <= 0 || q.partitions.length === 0) return [];
  const firstPage = Math.ceil(q.want / q.partitions.length) + 1;
  const sources: MergeSource[] = q.partitions.map((partition) => ({
    partition,
    rows: [],
    startKey: undefined,
    frontier: undefined,
    exhausted: false,
    pageSize: q.filter ? Math.max(firstPage, FILTERED_FIRST_PAGE) : firstPage,
    rejected: false,
  }));
  const positionOf = (item: Item) => String(item[q.sortKeyName]);
  // Negative when a comes first in list order.
  const order = q.order === 'oldest-first' ? ascending : descending;

  const projected = projectionOf(q.sortKeyName, q.projection);
  const read = async (source: MergeSource): Promise<void> => {
    const result = await client.send(
      new QueryCommand({
        TableName: q.tableName,
        IndexName: source.partition.indexName,
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
        ProjectionExpression: projected.ProjectionExpression,
        ExpressionAttributeNames: {
          '#pk': source.partition.partitionKeyName,
          '#sk': q.sortKeyName,
          ...projected.names,
          ...(q.filter?.ExpressionAttributeNames ?? {}),
        },
        ExpressionAttributeValues: {
          ':pk': source.partition.partitionKeyValue,
          ':lo': bounds.lo,
          ':hi': bounds.hi,
          ...(q.filter?.ExpressionAttributeValues ?? {}),
        },
        FilterExpression: q.filter?.FilterExpression,
        ScanIndexForward: q.order === 'oldest-first',
        ExclusiveStartKey: source.startKey,
        Limit: source.pageSize,
      }),
    );
    for (const item of result.Items ?? []) {
      if (positionOf(item) === q.after) continue;
      if (q.accept && !q.accept(item)) source.rejected = true;
      else source.rows.push(item);
    }
    source.startKey = result.LastEvaluatedKey;
    source.exhausted = source.startKey === undefined;
    source.frontier = source.startKey === undefined ? '' : String(source.startKey[q.sortKeyName]);
  };

  for (;;) {
    // Every position read so far, in list order; the page ends at or before the want-th.
    const positions = sources.flatMap((s) => s.rows.map(positionOf)).sort(order);
    const cutoff = positions[q.want - 1];
    const next = sources.filter((s) => !s.exhausted && (s.frontier === undefined || cutoff === undefined || order(s.frontier, cutoff) < 0));
    if (next.length === 0) break;
    for (const source of next) {
      if (source.frontier === undefined) continue;
      if (q.filter || source.rejected || source.rows.length === 0) {
        source.pageSize = Math.min(MAX_PAGE, source.pageSize * 2);
        continue;
      }
      // Of the rows read at or above its frontier (every partition's), it holds rows.length: its
      // share there, smoothed towards 1 / k (being read again already means it ran ahead), times the
      // rows the page still lacks below its frontier, plus one to see past the cutoff.
      const frontier = source.frontier;
      const above = positions.filter((p) => order(p, frontier) <= 0).length;
      const share = (source.rows.length + 1) / (above + sources.length);
      source.pageSize = Math.max(1, Math.min(q.want, Math.ceil((q.want - above) * share) + 1));
    }
    await Promise.all(next.map(read));
  }
  const merged = sources.flatMap((s) => s.rows);
  merged.sort((a, b) => order(positionOf(a), positionOf(b)));
  return merged.slice(0, q.want);
}

function descending(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0;
}

function ascending(a: string, b: string): number {
  return -descending(a, b);
}

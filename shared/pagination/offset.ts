import { fitToBudget, PAGE_BUDGET_BYTES } from './budget';

export interface OffsetPagination {
  limit: number;
  offset: number;
  has_more: boolean;
}

/**
 * Turns `limit + 1` rows read at `offset` into a page. The page keeps the leading rows that fit the
 * response budget (PAGE_BUDGET_BYTES; at least one); when it had to stop early, pagination.limit is
 * the number of rows it holds and has_more is true, so the next page, at offset + limit, continues
 * exactly where this one stopped.
 */
export function toOffsetPage<T, Out>(
  rows: readonly T[],
  limit: number,
  offset: number,
  map: (row: T) => Out,
  budgetBytes: number = PAGE_BUDGET_BYTES,
): { data: Out[]; pagination: OffsetPagination } {
  const data = rows.slice(0, limit).map(map);
  const { count } = fitToBudget(data, budgetBytes, { atLeastOne: true });
  if (count < data.length) return { data: data.slice(0, count), pagination: { limit: count, offset, has_more: true } };
  return { data, pagination: { limit, offset, has_more: rows.length > limit } };
}

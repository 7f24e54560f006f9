export interface OffsetPagination {
  limit: number;
  offset: number;
  has_more: boolean;
}

/** Turns `limit + 1` rows read at `offset` into a page. */
export function toOffsetPage<T, Out>(
  rows: readonly T[],
  limit: number,
  offset: number,
  map: (row: T) => Out,
): { data: Out[]; pagination: OffsetPagination } {
  return { data: rows.slice(0, limit).map(map), pagination: { limit, offset, has_more: rows.length > limit } };
}

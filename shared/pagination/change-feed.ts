/**
 * Change feeds: a v1 list given `updated_since` lists the rows changed after that instant, oldest
 * change first, by `updated_at` then team and id (ADR 0147). A page reads the changes in the
 * window (since, until], `until` being a settle window short of now: a write stamped at T may
 * become visible to an index query a little after T (the stamp is taken before the write commits,
 * and global secondary indexes are eventually consistent), so a walk that read up to now could
 * pass T before the row shows and never return it. Each page takes its own `until` (changes made
 * while walking are read when the walk reaches them) and reports it as `meta.updated_until`; the
 * last page's is where the next walk starts (`updated_since`).
 */
export const CHANGE_FEED_SETTLE_SECONDS = 5;

/** Changes with since < updated_at <= until (ISO instants, UTC with milliseconds). */
export interface ChangeWindow {
  readonly since: string;
  readonly until: string;
}

/** The window of one page: from `updated_since` to a settle window before now (never before `updated_since`). */
export function changeWindow(updatedSince: string, now: Date = new Date()): ChangeWindow {
  const settled = new Date(now.getTime() - CHANGE_FEED_SETTLE_SECONDS * 1000).toISOString();
  return { since: updatedSince, until: settled > updatedSince ? settled : updatedSince };
}

/** The window of a page when the query asks for changes, else undefined (the list's own order). */
export function changeWindowOf(query: { readonly updated_since?: string | undefined }, now: Date = new Date()): ChangeWindow | undefined {
  return query.updated_since === undefined ? undefined : changeWindow(query.updated_since, now);
}

/** What `meta` says of a change-feed page: how far its changes run (nothing for a plain list). */
export function changeFeedMeta(window: ChangeWindow | undefined): { updated_until?: string } {
  return window === undefined ? {} : { updated_until: window.until };
}

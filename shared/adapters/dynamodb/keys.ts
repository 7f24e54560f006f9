/** Key builders shared by the DynamoDB adapters. Ids are zero-padded so string order is numeric order. */
export function padId(id: number): string {
  return String(id).padStart(10, '0');
}

/** A campaign's partition in the campaigns table (its META, chunks and send records). */
export function campaignPk(campaignId: string): string {
  return `CAMPAIGN#${campaignId}`;
}

export function teamPk(teamId: number): string {
  return `TEAM#${padId(teamId)}`;
}

/**
 * Sort key of time-ordered rows: `<ISO instant>#<team>#<id>`. The team is part of it so rows of
 * different teams never share a sort key, which lets cross-team lists merge per-team queries with
 * one cursor position.
 */
export function timeSortKey(instant: string, teamId: number, id: string): string {
  return `${instant}#${padId(teamId)}#${id}`;
}

/**
 * Partitions per enterprise in the enterprise indexes of the sessions table: a busy enterprise's
 * writes spread over this many partitions (each takes 1,000 writes/s), and a cross-team page
 * merges this many sorted partitions. Changing it needs a rebuild of the placement attributes
 * (`admin rollups rebuild` rewrites them).
 */
export const ENTERPRISE_SHARDS = 2;

/** The enterprise-index partition of a row: test teams live in partitions of their own, so default lists never read them. */
export function enterpriseShardPk(enterpriseId: number, isTest: boolean, shard: number): string {
  return `ENT#${padId(enterpriseId)}#${isTest ? 'TEST' : 'LIVE'}#${shard}`;
}

/** A stable shard for an id (FNV-1a), so a row's partition never depends on when or where it was written. */
export function shardOf(id: string, shards: number = ENTERPRISE_SHARDS): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

/**
 * Sort key of the change-feed indexes: `<updated_at>#<team>#<id>`, the row's own time-ordered sort
 * key (timeSortKey) with its instant replaced by when the row last changed, so rows changed at the
 * same instant still sort in one stable order.
 */
export function changeSortKey(updatedAt: string, timeOrderedKey: string): string {
  return `${updatedAt}${timeOrderedKey.slice(timeOrderedKey.indexOf('#'))}`;
}

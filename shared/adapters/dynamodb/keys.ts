/** Key builders shared by the DynamoDB adapters. Ids are zero-padded so string order is numeric order. */
export function padId(id: number): string {
  return String(id).padStart(10, '0');
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

/** `list-team-sessions` → `ListTeamSessions`, `teams` → `Teams`: construct ids and output keys. */
export function pascalCase(value: string): string {
  return value
    .split(/[^a-zA-Z0-9]+/)
    .filter((part) => part.length > 0)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

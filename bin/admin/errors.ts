/**
 * The failures the CLI tells apart: its exit code (1 or 2) and the message depend on which it is
 * (see `report` in main.ts).
 */

/** A mistake in the command line: exit code 2, message names the flag. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly flag?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The operator answered no to a confirmation: exit code 1, nothing changed. */
export class DeclinedError extends Error {}

/** The local data folder is held by another process (LevelDB allows one). */
export class LocalDataLockedError extends Error {}

/** An SDK failure as an operator can act on it: which setting to check. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  switch (error.name) {
    case 'ResourceNotFoundException':
      return `${error.message} — check TABLE_TEAMS (the stack output TeamsTableName) and AWS_REGION`;
    case 'CredentialsProviderError':
      return `no AWS credentials: ${error.message} (set AWS_PROFILE or log in, or use --local)`;
    default:
      return error.message;
  }
}

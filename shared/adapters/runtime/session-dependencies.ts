import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { lazy } from '#shared/lazy';
import type { SessionStore } from '#shared/ports/session-store';

/** What the session read routes read: the sessions table (sessions and completed bookings). */
export interface SessionReadDependencies {
  readonly sessions: Pick<SessionStore, 'listSessions' | 'listBookings'>;
}

/**
 * The store of the session read routes (list-sessions, list-team-sessions, list-bookings). Call it
 * at module load: the table is looked up then (a function whose row lacks it fails to load, as in
 * AWS); the store is built on the first call of the returned function and kept for the container's life.
 */
export function sessionDependencies(): () => SessionReadDependencies {
  const sessions = physicalTableName('sessions');
  return lazy(() => ({ sessions: new DynamoSessionStore(getDocumentClient(), sessions) }));
}

import type { Identity } from '../auth/identity';
import { readCursorPage } from '../pagination/cursor';
import type { SessionStore } from '../ports/session-store';
import { type SessionStatus, toPublicSession } from './sessions';

/** One page of sessions of some teams, for the per-team and the cross-team session lists. */
export function readSessionPage(
  store: SessionStore,
  input: {
    secret: string;
    identity: Identity;
    routeId: string;
    teamIds: readonly number[];
    filters: { status?: SessionStatus; scheduler_id?: number; start_date?: string; end_date?: string } & Record<string, unknown>;
    cursor: string | undefined;
    limit: number;
  },
) {
  const { filters, teamIds, limit } = input;
  return readCursorPage({
    secret: input.secret,
    binding: { keyId: input.identity.keyId, routeId: input.routeId, filters: { ...filters, teamIds } },
    cursor: input.cursor,
    limit,
    fetch: (after) =>
      store.listSessions({
        teamIds,
        status: filters.status,
        schedulerId: filters.scheduler_id,
        start: filters.start_date,
        end: filters.end_date,
        after,
        limit,
      }),
    positionOf: (row) => row.position,
    map: (row) => toPublicSession(row.session),
  });
}

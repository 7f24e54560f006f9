import type { SessionRecord, SessionStatus } from '#shared/domain/sessions';
import type { TeamPlacement } from '#shared/domain/tenancy';
import type { ChangeWindow } from '#shared/pagination/change-feed';

export interface SessionRange {
  /** Inclusive lower bound (ISO instant). */
  readonly start?: string;
  /** Exclusive upper bound (ISO instant). */
  readonly end?: string;
}

/**
 * The enterprises whose index partitions hold the rows of a cross-team list's teams: every team of
 * `teamIds` belongs to one of `ids`.
 */
export interface ListEnterprises {
  readonly ids: readonly number[];
  /** Whether test teams are among the teams (their rows live in partitions of their own). */
  readonly includeTestTeams: boolean;
}

export interface SessionListQuery extends SessionRange {
  readonly teamIds: readonly number[];
  /**
   * Given for a list over the key's teams (no team named): the store may then read the enterprise
   * index instead of one partition per team. Rows of teams outside `teamIds` are never returned.
   */
  readonly enterprises?: ListEnterprises;
  readonly status?: SessionStatus;
  readonly schedulerId?: number;
  /**
   * A change feed: the rows changed in the window, oldest change first (start, end, status and
   * schedulerId are then not given).
   */
  readonly changedIn?: ChangeWindow;
  /** Cursor position: only rows strictly after it in list order. */
  readonly after?: string;
  /** Returns up to limit + 1 rows so the caller can tell whether there is more. */
  readonly limit: number;
}

export interface PositionedSession {
  readonly session: SessionRecord;
  /** The row's position in list order; the cursor carries it. */
  readonly position: string;
}

/** A session with the enterprise its team was placed in when it was written. */
export interface PlacedSession {
  readonly session: SessionRecord;
  readonly enterpriseId: number;
}

/**
 * Session storage. Lists are ordered newest first: by started_at (bookings: completed_at)
 * descending, then team id and session id descending, so the order is total and stable.
 */
export interface SessionStore {
  listSessions(query: SessionListQuery): Promise<PositionedSession[]>;
  listBookings(query: Omit<SessionListQuery, 'status' | 'schedulerId'>): Promise<PositionedSession[]>;
  /** Every session of a team started in [start, end), for analytics. */
  readSessionsStartedIn(teamId: number, range: Required<SessionRange>, schedulerId?: number): Promise<SessionRecord[]>;
  /** The first `want` sessions started in [start, end) in customerEvents order (last activity, then id, descending). */
  readCustomerEvents(teamId: number, range: Required<SessionRange>, want: number, schedulerId?: number): Promise<SessionRecord[]>;
  /** Sessions of an enterprise's teams started in [start, end) (test teams only when asked). */
  readEnterpriseSessionsStartedIn(
    enterpriseId: number,
    range: Required<SessionRange>,
    options: { readonly includeTestTeams: boolean },
  ): Promise<SessionRecord[]>;
  /** The start instant of every session of a team, page by page. */
  readSessionStarts(teamId: number): AsyncIterable<string[]>;
  /** The same with each row's enterprise, read consistently (rollup recomputes). */
  readPlacedSessionsStartedIn(teamId: number, range: Required<SessionRange>): Promise<PlacedSession[]>;
  /** Writes sessions with the placement of each one's team (every team_id must have one). */
  putSessions(sessions: readonly SessionRecord[], placements: ReadonlyMap<number, TeamPlacement>): Promise<void>;
}

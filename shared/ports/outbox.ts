/** An event the outbox holds as due: what its stream record carries. */
export interface DueEvent {
  readonly eventId: string;
  readonly type: string;
  readonly detail: Record<string, unknown>;
}

/** The outbox as its publisher sees it (the writing side rides on each store's own transactions). */
export interface OutboxStore {
  /**
   * Records the event as published; an event no longer in the outbox is left alone. An event about
   * a team (`teamId`) joins that team's history, kept OUTBOX_HISTORY_DAYS for replays.
   */
  markSent(eventId: string, now: Date, teamId: number | null): Promise<void>;
}

/** How long a sent event is kept in its team's history (DynamoDB TTL): the window a replay reaches back. */
export const OUTBOX_HISTORY_DAYS = 30;

/** A published event of a team's history. */
export interface SentEvent {
  readonly eventId: string;
  readonly type: string;
  readonly detail: Record<string, unknown>;
  /** When the outbox published it: the instant a replay's range is about. */
  readonly sentAt: string;
}

/** A team's published events, oldest first, by the instant they were published. */
export interface OutboxHistory {
  /**
   * Up to `limit` events sent in [since, until) after position `after` (exclusive), each with the
   * position to resume after it.
   */
  listSent(
    teamId: number,
    range: { since: string; until: string },
    page: { after: string | null; limit: number },
  ): Promise<{ event: SentEvent; position: string }[]>;
}

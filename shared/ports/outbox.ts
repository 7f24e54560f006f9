/** An event the outbox holds as due: what its stream record carries. */
export interface DueEvent {
  readonly eventId: string;
  readonly type: string;
  readonly detail: Record<string, unknown>;
}

/** The outbox as its publisher sees it (the writing side rides on each store's own transactions). */
export interface OutboxStore {
  /**
   * The event as the outbox holds it now (read consistently), or null once it is sent or gone: what
   * is published is the item as it stands, not the stream record's copy, so an event redacted while
   * it waited (a deletion on request) goes out redacted, and a record read again after its event
   * went out publishes nothing more.
   */
  dueEvent(eventId: string): Promise<DueEvent | null>;
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

/** An event the outbox holds as due: what its stream record carries. */
export interface DueEvent {
  readonly eventId: string;
  readonly type: string;
  readonly detail: Record<string, unknown>;
}

/** The outbox as its publisher sees it (the writing side rides on each store's own transactions). */
export interface OutboxStore {
  /** Records the event as published; an event no longer in the outbox is left alone. */
  markSent(eventId: string, now: Date): Promise<void>;
}

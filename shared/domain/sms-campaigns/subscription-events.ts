/**
 * Subscription events: keywords received from a texted number (opt-out, opt-in, help), replies
 * that may be a revocation in other words (`possible_opt_out`, `needs_review`), and changes an
 * operator made to a team's suppression list. Each is stored once (the inbound message
 * id's claim, or the operator's change, writes it in the same transaction) and listed by
 * GET /api/v1/teams/{teamId}/outbound/subscription-events.
 */
export const SUBSCRIPTION_EVENT_TYPES = ['opt_out', 'opt_in', 'help', 'possible_opt_out', 'suppressed', 'unsuppressed'] as const;
export type SubscriptionEventType = (typeof SUBSCRIPTION_EVENT_TYPES)[number];

export const SUBSCRIPTION_EVENT_SOURCES = ['inbound_sms', 'operator'] as const;
type SubscriptionEventSource = (typeof SUBSCRIPTION_EVENT_SOURCES)[number];

export interface SubscriptionEvent {
  /** Unique per team: the inbound message id, or a generated id for an operator change. */
  readonly event_id: string;
  readonly team_id: number;
  readonly type: SubscriptionEventType;
  readonly phone: string;
  /** The keyword or phrase that decided it (upper case), null for an operator change. */
  readonly keyword: string | null;
  readonly source: SubscriptionEventSource;
  /** What the event did to the team's suppression list. */
  readonly suppression_change: 'added' | 'removed' | null;
  /** The last campaign that texted the number, when one did. */
  readonly campaign_id: string | null;
  readonly occurred_at: string;
  /** True for a `possible_opt_out`: an operator should read it and opt the number out if it meant stop. Absent on older events. */
  readonly needs_review?: boolean;
  /** The text of a reply flagged for review (its first 320 characters); null otherwise. */
  readonly message?: string | null;
}

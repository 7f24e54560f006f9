import type { AuditEntry } from '#shared/domain/audit-log/entry';
import type { DeliveryAttempt, DeliveryState, WebhookDelivery, WebhookReplay, WebhookSubscription } from '#shared/domain/webhooks/model';
import type { DomainEvent } from './event-bus';

export interface WebhookStore {
  /**
   * Stores a new subscription; false when the team already has the maximum. Each change below made
   * through the routes takes its audit entry, written in the same transaction as the change (and
   * not at all when the change is refused).
   */
  createSubscription(subscription: WebhookSubscription, maxPerTeam: number, audit?: AuditEntry): Promise<boolean>;
  getSubscription(teamId: number, webhookId: string): Promise<WebhookSubscription | null>;
  /** Every subscription of the team (at most MAX_SUBSCRIPTIONS_PER_TEAM), oldest first. */
  listSubscriptions(teamId: number): Promise<WebhookSubscription[]>;
  deleteSubscription(teamId: number, webhookId: string, audit?: AuditEntry): Promise<boolean>;
  replaceSecrets(teamId: number, webhookId: string, secrets: WebhookSubscription['secrets'], audit?: AuditEntry): Promise<boolean>;
  /**
   * Disables an enabled subscription and makes `events` due in the outbox in the same write; false
   * when it was not enabled (already disabled, or gone): then nothing is written.
   */
  disableSubscription(teamId: number, webhookId: string, reason: string, events?: readonly DomainEvent[]): Promise<boolean>;
  /** Enables a subscription again and forgets its failures; false when it is gone. */
  enableSubscription(teamId: number, webhookId: string, audit?: AuditEntry): Promise<boolean>;
  /** Records a failed attempt: sets failingSince unless set; returns it. Null when the subscription is gone. */
  markFailing(teamId: number, webhookId: string, at: string): Promise<string | null>;
  clearFailing(teamId: number, webhookId: string): Promise<void>;

  /** Stores a delivery unless one with its id exists; true when this call created it. */
  createDelivery(delivery: WebhookDelivery, expiresAtEpochSeconds: number): Promise<boolean>;
  getDelivery(webhookId: string, deliveryId: string): Promise<WebhookDelivery | null>;
  /** Newest first, limit + 1 rows after `after`, each with its position. */
  listDeliveries(
    webhookId: string,
    page: { after: string | undefined; limit: number },
  ): Promise<{ delivery: WebhookDelivery; position: string }[]>;
  /**
   * Claims attempt `attempt` before sending it: succeeds once per attempt number, and only while
   * it is the delivery's next attempt. 'claimed': send it; 'in-doubt': an earlier receive claimed
   * it and stopped before recording (crash, timeout); 'done': the attempt is recorded or superseded.
   */
  claimAttempt(webhookId: string, deliveryId: string, attempt: number, at: Date): Promise<'claimed' | 'busy' | 'in-doubt' | 'done'>;
  /** Records the claimed attempt's outcome and what follows; false when it was recorded already. */
  recordAttempt(
    webhookId: string,
    deliveryId: string,
    outcome: DeliveryAttempt,
    next: { state: DeliveryState; nextAttemptAt: string | null },
  ): Promise<boolean>;
  /** Starts a new run on a settled delivery (redelivery); false when it is pending. */
  reopen(webhookId: string, deliveryId: string, attempt: number, at: string): Promise<boolean>;

  /** Records a new replay with its audit entry in one transaction. */
  createReplay(replay: WebhookReplay, audit: AuditEntry): Promise<void>;
  getReplay(webhookId: string, replayId: string): Promise<WebhookReplay | null>;
  /** Stores the replay's progress if its position is still `from`; false when another receive moved it. */
  advanceReplay(replay: WebhookReplay, from: string | null): Promise<boolean>;
  /** Counts one more of the replay's deliveries answered with a 2xx. */
  countReplayDelivered(webhookId: string, replayId: string): Promise<void>;
}

/** The reads of subscriptions and deliveries, what the webhook read routes use (no write, no replay). */
export type WebhookReads = Pick<WebhookStore, 'getSubscription' | 'listSubscriptions' | 'getDelivery' | 'listDeliveries'>;

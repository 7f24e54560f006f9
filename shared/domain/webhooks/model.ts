/**
 * Webhook subscriptions and their deliveries. A subscription belongs to one team (the workspace
 * that created it) and receives the events of that team only; a delivery is one event for one
 * subscription, its `id` the Standard Webhooks `webhook-id`, stable across every attempt.
 */
export const WEBHOOK_EVENT_TYPES = [
  'lead.created',
  'lead.booking_created',
  'lead.completed',
  'lead.booking_confirmed',
  'lead.booking_rescheduled',
  'lead.booking_cancelled',
  'lead.booking_completed',
  'lead.no_show',
  'sms_campaign.completed',
  'coach_evaluation.completed',
  'call.processed',
  'webhook.disabled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent by POST /v1/webhooks/{id}/test to that subscription alone; nobody subscribes to it. */
export const TEST_EVENT_TYPE = 'webhook.test';

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** At most this many subscriptions per workspace: the dispatcher reads them all for every event. */
export const MAX_SUBSCRIPTIONS_PER_TEAM = 20;

export interface SealedSecret {
  /** The `whsec_` secret, encrypted (signing.ts SecretBox). */
  readonly sealed: string;
  readonly createdAt: string;
  /** Set on the previous secret at a rotation: it signs deliveries until then, beside the new one. */
  readonly expiresAt: string | null;
}

export type SubscriptionStatus = 'enabled' | 'disabled';

export interface WebhookSubscription {
  readonly id: string;
  readonly teamId: number;
  readonly workspaceId: string;
  readonly url: string;
  readonly events: readonly WebhookEventType[];
  readonly description: string | null;
  readonly status: SubscriptionStatus;
  readonly disabledReason: string | null;
  readonly createdAt: string;
  /** Newest first. */
  readonly secrets: readonly SealedSecret[];
  /** When the current run of failed attempts began; null after a success. */
  readonly failingSince: string | null;
}

export interface DeliveryAttempt {
  readonly attempt: number;
  readonly at: string;
  readonly statusCode: number | null;
  readonly latencyMs: number;
  readonly error: string | null;
}

/** pending: an attempt is due or scheduled; succeeded: a 2xx answered; failed: retries exhausted, 410, or the subscription went away. */
export const DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export interface WebhookDelivery {
  readonly id: string;
  readonly webhookId: string;
  readonly teamId: number;
  readonly eventId: string;
  readonly eventType: string;
  /** The exact body sent (and signed) at every attempt. */
  readonly payload: string;
  readonly state: DeliveryState;
  readonly attempts: readonly DeliveryAttempt[];
  /** The attempt number that may run next (attempts are numbered from 1 and never reused). */
  readonly nextAttempt: number;
  /** The attempt that has started sending; equal to nextAttempt while one is in flight or was cut short. */
  readonly claimedAttempt: number;
  /** The first attempt of the current run (1, or the attempt a redelivery started): retries count from it. */
  readonly runStart: number;
  readonly nextAttemptAt: string | null;
  readonly createdAt: string;
  /** The replay that made this delivery (its payload then says `replay: true`); null for a live event. */
  readonly replayId: string | null;
}

/** Deliveries are kept this long (DynamoDB TTL), long enough for a run of retries and a look afterwards. */
export const DELIVERY_RETENTION_DAYS = 30;

/** A replay of past events to one subscription (replay.ts). */
export const REPLAY_STATUSES = ['queued', 'running', 'completed'] as const;
export type ReplayStatus = (typeof REPLAY_STATUSES)[number];

export interface WebhookReplay {
  /** `rpl_` + 20 hex. */
  readonly id: string;
  readonly webhookId: string;
  readonly teamId: number;
  readonly since: string;
  readonly until: string;
  readonly types: readonly WebhookEventType[];
  readonly status: ReplayStatus;
  /** Events of the range and types found so far, each made a delivery. */
  readonly eventsFound: number;
  /** Of those, the deliveries a 2xx answered. */
  readonly eventsDelivered: number;
  /** The history position after the last page recorded; null before the first. */
  readonly position: string | null;
  readonly createdAt: string;
  readonly completedAt: string | null;
}

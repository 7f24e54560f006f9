import { createHash } from 'node:crypto';
import type { WebhookDelivery, WebhookSubscription } from './model';

/**
 * The delivery of one event to one subscription. Its id, the `webhook-id` header, is derived from
 * the event and the subscription, so a repeated event (EventBridge and SQS deliver at least once,
 * a publisher may publish again) finds the delivery it already has instead of making another.
 */
export function deliveryIdFor(eventId: string, webhookId: string): string {
  return `msg_${createHash('sha256').update(`${eventId}:${webhookId}`).digest('hex').slice(0, 24)}`;
}

export function newDelivery(
  subscription: WebhookSubscription,
  eventId: string,
  eventType: string,
  payload: Record<string, unknown>,
  now: Date,
): WebhookDelivery {
  return {
    id: deliveryIdFor(eventId, subscription.id),
    webhookId: subscription.id,
    teamId: subscription.teamId,
    eventId,
    eventType,
    payload: JSON.stringify(payload),
    state: 'pending',
    attempts: [],
    nextAttempt: 1,
    claimedAttempt: 0,
    runStart: 1,
    nextAttemptAt: now.toISOString(),
    createdAt: now.toISOString(),
    replayId: null,
  };
}

/** The queue message that asks the dispatcher for one attempt of a delivery. */
export interface AttemptMessage {
  readonly kind: 'webhook-attempt';
  readonly team_id: number;
  readonly webhook_id: string;
  readonly delivery_id: string;
  readonly attempt: number;
}

export function attemptMessage(delivery: Pick<WebhookDelivery, 'teamId' | 'webhookId' | 'id'>, attempt: number): Record<string, unknown> {
  return {
    kind: 'webhook-attempt',
    team_id: delivery.teamId,
    webhook_id: delivery.webhookId,
    delivery_id: delivery.id,
    attempt,
  } satisfies AttemptMessage;
}

export function isAttemptMessage(body: unknown): body is AttemptMessage {
  const b = body as Partial<AttemptMessage> | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    b.kind === 'webhook-attempt' &&
    typeof b.team_id === 'number' &&
    typeof b.webhook_id === 'string' &&
    typeof b.delivery_id === 'string' &&
    typeof b.attempt === 'number' &&
    Number.isInteger(b.attempt) &&
    b.attempt >= 1
  );
}

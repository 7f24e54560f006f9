import type { WebhookSubscription } from '#shared/domain/webhooks/model';
import type { DomainEvent } from '#shared/ports/event-bus';
import { eventIdFor } from './lead-events';

/**
 * webhook.disabled: the dispatcher disabled a subscription (410 Gone, or three days of failures);
 * delivered to the team's other subscriptions to it (JSON Schema in ./schemas). Due in the outbox
 * with the disabling write, so it is published once the subscription is disabled, under one event_id.
 */
export function webhookDisabled(subscription: Pick<WebhookSubscription, 'id' | 'teamId' | 'url'>, reason: string, at: Date): DomainEvent {
  const type = 'webhook.disabled';
  const occurredAt = at.toISOString();
  return {
    type,
    detail: {
      event: type,
      event_id: eventIdFor(type, `${subscription.id}:${occurredAt}`),
      occurred_at: occurredAt,
      team_id: subscription.teamId,
      webhook_id: subscription.id,
      url: subscription.url,
      reason,
    },
  };
}

import type { WebhookDelivery, WebhookSubscription } from '#shared/domain/webhooks/model';
import type { WebhookRequest, WebhookSender } from '#shared/ports/webhook-sender';
import type { WebhookStore } from '#shared/ports/webhook-store';
import { fakePort } from './handler-harness';

/** An attempt claimed this recently may still be sending, as the DynamoDB store has it. */
const CLAIM_GRACE_MS = 30_000;

/**
 * A team's webhook subscriptions and their deliveries in memory, with the dispatcher's side of the
 * store's contract: a delivery is created once, an attempt is claimed once while it is the next
 * one (a claim found open is busy within the grace, in doubt after it) and recorded once. The
 * methods the dispatcher does not use are not faked (fakePort): a test sees one reached.
 */
export function memoryWebhooks(subscriptions: readonly WebhookSubscription[]) {
  const deliveries = new Map<string, WebhookDelivery & { claimedAt?: number }>();
  const failing = new Map<string, string>();
  const store = fakePort<WebhookStore>({
    listSubscriptions: async (teamId) => subscriptions.filter((s) => s.teamId === teamId),
    getSubscription: async (teamId, id) => subscriptions.find((s) => s.teamId === teamId && s.id === id) ?? null,
    createDelivery: async (delivery) => {
      if (deliveries.has(delivery.id)) return false;
      deliveries.set(delivery.id, delivery);
      return true;
    },
    getDelivery: async (_webhookId, id) => deliveries.get(id) ?? null,
    claimAttempt: async (_webhookId, id, attempt, at) => {
      const delivery = deliveries.get(id);
      if (delivery?.state !== 'pending' || delivery.nextAttempt !== attempt) return 'done';
      if (delivery.claimedAttempt < attempt) {
        deliveries.set(id, { ...delivery, claimedAttempt: attempt, claimedAt: at.getTime() });
        return 'claimed';
      }
      return at.getTime() - (delivery.claimedAt ?? 0) < CLAIM_GRACE_MS ? 'busy' : 'in-doubt';
    },
    recordAttempt: async (_webhookId, id, outcome, next) => {
      const delivery = deliveries.get(id);
      if (!delivery || delivery.nextAttempt !== outcome.attempt || delivery.claimedAttempt !== outcome.attempt) return false;
      deliveries.set(id, {
        ...delivery,
        attempts: [...delivery.attempts, outcome],
        nextAttempt: outcome.attempt + 1,
        state: next.state,
        nextAttemptAt: next.nextAttemptAt,
      });
      return true;
    },
    markFailing: async (_teamId, webhookId, at) => {
      if (!failing.has(webhookId)) failing.set(webhookId, at);
      return failing.get(webhookId) ?? null;
    },
    clearFailing: async (_teamId, webhookId) => {
      failing.delete(webhookId);
    },
  });
  return { store, deliveries, failing };
}

/** A webhook sender that records each request and answers every one with `statusCode` (null: no answer came). */
export function recordingSender(statusCode: number | null = 200) {
  const requests: WebhookRequest[] = [];
  const sender: WebhookSender = {
    send: async (request) => {
      requests.push(request);
      const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
      return { statusCode, latencyMs: 12, error: ok ? null : statusCode === null ? 'connection refused' : `answered ${statusCode}` };
    },
  };
  return { sender, requests };
}

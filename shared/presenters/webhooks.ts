import type * as z from 'zod';
import type { webhook, webhookDeletedResponse, webhookDelivery, webhookReplay, webhookWithSecret } from '#shared/contracts/webhooks';
import type { DeliveryAttempt, WebhookDelivery, WebhookReplay, WebhookSubscription } from '#shared/domain/webhooks/model';
import type { CursorPagination } from '#shared/pagination/cursor';
import { presentPage, presentPlatformBody, presentRequestMeta } from '#shared/presenters/responses';

/**
 * The wire shapes of the webhook routes (shared/contracts/webhooks.ts), one function per shape.
 * Typed by the contract's response schemas, so a field renamed on either side fails to compile
 * here rather than in a response check.
 */
export type WebhookData = z.output<ReturnType<typeof webhook>>;
export type WebhookWithSecretData = z.output<ReturnType<typeof webhookWithSecret>>;
export type WebhookDeliveryData = z.output<ReturnType<typeof webhookDelivery>>;
export type WebhookReplayData = z.output<ReturnType<typeof webhookReplay>>;
type WebhookDeletedData = z.output<ReturnType<typeof webhookDeletedResponse>>['data'];
/** A subscription as the API shows it: never its secrets, its team or its failure bookkeeping. */
export function presentWebhook(s: WebhookSubscription): WebhookData {
  return {
    id: s.id,
    url: s.url,
    events: [...s.events],
    description: s.description,
    status: s.status,
    disabled_reason: s.disabledReason,
    created_at: s.createdAt,
  };
}

/**
 * The answer of create and rotate-secret: the subscription and its new signing secret in plain
 * text, shown in this answer only (the store keeps it sealed).
 */
export function presentWebhookWithSecret(s: WebhookSubscription, secret: string): WebhookWithSecretData {
  return { ...presentWebhook(s), secret };
}

/** The answer of delete. */
export function presentDeletedWebhook(webhookId: string): WebhookDeletedData {
  return { id: webhookId, deleted: true };
}

/**
 * A delivery with its attempts (list, test and redeliver answers). Its payload, team and attempt
 * bookkeeping stay inside; the next attempt's time shows only while one is due.
 */
export function presentDelivery(d: WebhookDelivery): WebhookDeliveryData {
  return {
    id: d.id,
    webhook_id: d.webhookId,
    event_id: d.eventId,
    event_type: d.eventType,
    state: d.state,
    created_at: d.createdAt,
    next_attempt_at: d.state === 'pending' ? d.nextAttemptAt : null,
    attempts: d.attempts.map(presentAttempt),
    replay_id: d.replayId,
  };
}

function presentAttempt(a: DeliveryAttempt): WebhookDeliveryData['attempts'][number] {
  return { attempt: a.attempt, at: a.at, status_code: a.statusCode, latency_ms: a.latencyMs, error: a.error };
}

/** The answer of get and enable: the subscription, with the request's meta. */
export function presentWebhookResponse(s: WebhookSubscription, requestId: string) {
  return presentPlatformBody(presentWebhook(s), requestId);
}

/** The answer of create and rotate-secret (see presentWebhookWithSecret). */
export function presentWebhookWithSecretResponse(s: WebhookSubscription, secret: string, requestId: string) {
  return presentPlatformBody(presentWebhookWithSecret(s, secret), requestId);
}

export function presentDeletedWebhookResponse(webhookId: string, requestId: string) {
  return presentPlatformBody(presentDeletedWebhook(webhookId), requestId);
}

/** The list: at most 20 per workspace, one page. */
export function presentWebhookListResponse(subscriptions: readonly WebhookSubscription[], requestId: string) {
  return presentPlatformBody(subscriptions.map(presentWebhook), requestId);
}

/** The answer of test and redeliver: the delivery just queued. */
export function presentDeliveryResponse(d: WebhookDelivery, requestId: string) {
  return presentPlatformBody(presentDelivery(d), requestId);
}

/** A page of a subscription's delivery log. */
export function presentDeliveryPage(page: { data: WebhookDeliveryData[]; pagination: CursorPagination }, requestId: string) {
  return presentPage(page, presentRequestMeta(requestId));
}

/** A replay and its progress; its team and history position stay inside. */
export function presentReplay(r: WebhookReplay): WebhookReplayData {
  return {
    id: r.id,
    webhook_id: r.webhookId,
    since: r.since,
    until: r.until,
    types: [...r.types],
    status: r.status,
    events_found: r.eventsFound,
    events_delivered: r.eventsDelivered,
    created_at: r.createdAt,
    completed_at: r.completedAt,
  };
}

/** The answer of replay (202) and of the replay's status. */
export function presentReplayResponse(r: WebhookReplay, requestId: string) {
  return presentPlatformBody(presentReplay(r), requestId);
}

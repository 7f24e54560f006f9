import { teamOfEvent } from '#shared/domain/outbox/event-team';
import { webhookDisabled } from '#shared/events/webhook-events';
import type { MessageQueue } from '#shared/ports/message-queue';
import { MAX_QUEUE_DELAY_SECONDS } from '#shared/ports/message-queue';
import type { OutboxHistory } from '#shared/ports/outbox';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import type { WebhookSender } from '#shared/ports/webhook-sender';
import type { WebhookStore } from '#shared/ports/webhook-store';
import { type AttemptMessage, attemptMessage, newDelivery } from './deliveries';
import { isWebhookEventType, type WebhookDelivery, type WebhookSubscription } from './model';
import { DISABLE_AFTER_FAILING_MS, retryDelaySeconds } from './retry-schedule';
import { type SecretBox, signedHeaders } from './signing';
import { activeSecrets, expiresAt } from './subscriptions';

/**
 * The webhook dispatcher's work (functions/webhook-dispatcher). Two kinds of message reach it on
 * its queue: an EventBridge event (the rule forwards the subscribable types), which it fans out
 * into one delivery per matching subscription of the event's team, each queued for its first
 * attempt; and an attempt message, which makes one signed POST and records it.
 *
 * A third kind, a replay message, goes on with a replay (replay.ts).
 *
 * Exactly-once per attempt: an attempt is claimed (a conditional write) before it is sent and
 * recorded after; a redelivered message finds the attempt claimed or recorded and sends nothing.
 * An attempt claimed by a receive that then stopped (a crash between send and record) is recorded
 * as "outcome unknown" and retried like a failure: the receiver may then see the same `webhook-id`
 * twice, which Standard Webhooks receivers deduplicate on.
 */
export interface DispatchDeps {
  readonly store: WebhookStore;
  /** The outbox's sent events, which a replay delivers again (replay.ts). */
  readonly history: OutboxHistory;
  readonly queue: MessageQueue;
  readonly scheduler: OneTimeScheduler;
  readonly sender: WebhookSender;
  readonly box: SecretBox;
  readonly retrySchedule: readonly number[];
  readonly now: () => Date;
}

export interface IncomingEvent {
  readonly id: string;
  readonly 'detail-type': string;
  readonly detail: Record<string, unknown>;
}

export function isIncomingEvent(body: unknown): body is IncomingEvent {
  const b = body as Partial<IncomingEvent> | null;
  return (
    typeof b === 'object' && b !== null && typeof b['detail-type'] === 'string' && typeof b.id === 'string' && typeof b.detail === 'object'
  );
}

export async function fanOut(deps: DispatchDeps, event: IncomingEvent): Promise<number> {
  const type = event['detail-type'];
  if (!isWebhookEventType(type)) return 0;
  const teamId = teamOfEvent(event.detail);
  if (teamId === null) return 0;
  const eventId = typeof event.detail.event_id === 'string' ? event.detail.event_id : event.id;
  const subscriptions = (await deps.store.listSubscriptions(teamId)).filter((s) => s.status === 'enabled' && s.events.includes(type));
  const now = deps.now();
  return createAndQueue(
    deps,
    subscriptions.map((subscription) => newDelivery(subscription, eventId, type, event.detail, now)),
    now,
  );
}

/**
 * Stores each delivery unless it exists and queues its first attempt. One found stored is queued
 * again while no attempt claimed it (a previous receive stored it and stopped before queueing);
 * a message too many is harmless (the attempt's claim). Answers how many were queued.
 */
export async function createAndQueue(
  deps: Pick<DispatchDeps, 'store' | 'queue'>,
  deliveries: readonly WebhookDelivery[],
  now: Date,
): Promise<number> {
  const due: WebhookDelivery[] = [];
  for (const delivery of deliveries) {
    const created = await deps.store.createDelivery(delivery, expiresAt(now));
    const current = created ? delivery : await deps.store.getDelivery(delivery.webhookId, delivery.id);
    if (current && current.state === 'pending' && current.nextAttempt === 1 && current.claimedAttempt === 0) due.push(current);
  }
  if (due.length > 0) await deps.queue.send(due.map((d) => ({ body: attemptMessage(d, 1) })));
  return due.length;
}

/** 'retry': the attempt is in flight elsewhere; the message should come back later. */
export async function runAttempt(deps: DispatchDeps, message: AttemptMessage): Promise<'done' | 'retry'> {
  const delivery = await deps.store.getDelivery(message.webhook_id, message.delivery_id);
  if (!delivery || delivery.teamId !== message.team_id) return 'done';
  if (delivery.state !== 'pending' || delivery.nextAttempt !== message.attempt) {
    // Recorded already. A crash between recording and queueing the retry left no message for
    // the next attempt: queue it again.
    if (delivery.state === 'pending' && delivery.nextAttempt === message.attempt + 1 && delivery.claimedAttempt < delivery.nextAttempt) {
      await scheduleAttempt(deps, delivery, delivery.nextAttempt, delivery.nextAttemptAt ?? deps.now().toISOString());
    }
    return 'done';
  }
  const claim = await deps.store.claimAttempt(delivery.webhookId, delivery.id, message.attempt, deps.now());
  if (claim === 'done') return 'done';
  if (claim === 'busy') return 'retry';

  const subscription = await deps.store.getSubscription(delivery.teamId, delivery.webhookId);
  const startedAt = deps.now();
  let statusCode: number | null = null;
  let error: string | null;
  let latencyMs = 0;
  if (claim === 'in-doubt') {
    error = 'outcome unknown: the dispatcher stopped during this attempt';
  } else if (!subscription) {
    error = 'the webhook was deleted';
  } else if (subscription.status !== 'enabled') {
    error = 'the webhook is disabled';
  } else {
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'lead-call-scheduling-webhooks/1',
      ...signedHeaders(activeSecrets(deps.box, subscription, startedAt), delivery.id, timestamp, delivery.payload),
    };
    const response = await deps.sender.send({ url: subscription.url, headers, body: delivery.payload });
    ({ statusCode, latencyMs, error } = response);
  }
  const succeeded = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const outcome = { attempt: message.attempt, at: startedAt.toISOString(), statusCode, latencyMs, error: succeeded ? null : error };
  const next = await decideNext(deps, delivery, subscription, outcome, succeeded);
  const recorded = await deps.store.recordAttempt(delivery.webhookId, delivery.id, outcome, next);
  if (recorded && next.state === 'pending' && next.nextAttemptAt) {
    await scheduleAttempt(deps, delivery, message.attempt + 1, next.nextAttemptAt);
  }
  if (recorded && succeeded && delivery.replayId) await deps.store.countReplayDelivered(delivery.webhookId, delivery.replayId);
  return 'done';
}

async function decideNext(
  deps: DispatchDeps,
  delivery: WebhookDelivery,
  subscription: WebhookSubscription | null,
  outcome: { attempt: number; at: string; statusCode: number | null },
  succeeded: boolean,
): Promise<{ state: 'pending' | 'succeeded' | 'failed'; nextAttemptAt: string | null }> {
  if (succeeded) {
    if (subscription?.failingSince) await deps.store.clearFailing(subscription.teamId, subscription.id);
    return { state: 'succeeded', nextAttemptAt: null };
  }
  if (subscription?.status !== 'enabled') return { state: 'failed', nextAttemptAt: null };
  if (outcome.statusCode === 410) {
    await disable(deps, subscription, 'The endpoint answered 410 Gone');
    return { state: 'failed', nextAttemptAt: null };
  }
  const failingSince = await deps.store.markFailing(subscription.teamId, subscription.id, outcome.at);
  if (failingSince && Date.parse(outcome.at) - Date.parse(failingSince) >= DISABLE_AFTER_FAILING_MS) {
    await disable(deps, subscription, 'Every delivery failed for three days');
    return { state: 'failed', nextAttemptAt: null };
  }
  const delay = retryDelaySeconds(deps.retrySchedule, outcome.attempt - delivery.runStart + 1);
  if (delay === null) return { state: 'failed', nextAttemptAt: null };
  return { state: 'pending', nextAttemptAt: new Date(Date.parse(outcome.at) + delay * 1000).toISOString() };
}

/**
 * Disables the subscription with its `webhook.disabled` due in the outbox in the same write
 * (delivered to the team's other subscriptions to it): a subscription found disabled already
 * changes nothing and makes nothing due.
 */
async function disable(deps: DispatchDeps, subscription: WebhookSubscription, reason: string): Promise<void> {
  await deps.store.disableSubscription(subscription.teamId, subscription.id, reason, [webhookDisabled(subscription, reason, deps.now())]);
}

/** Within SQS's 15 minutes a delayed message; beyond, a one-time schedule (named per attempt, so scheduling twice keeps one). */
async function scheduleAttempt(deps: DispatchDeps, delivery: WebhookDelivery, attempt: number, at: string): Promise<void> {
  const body = attemptMessage(delivery, attempt);
  const delaySeconds = Math.max(0, Math.ceil((Date.parse(at) - deps.now().getTime()) / 1000));
  if (delaySeconds <= MAX_QUEUE_DELAY_SECONDS) {
    await deps.queue.send([{ body, delaySeconds }]);
  } else {
    await deps.scheduler.scheduleMessage({
      name: `webhook-${delivery.id}-${attempt}`,
      at: new Date(at),
      queue: 'webhook-deliveries',
      body,
    });
  }
}
